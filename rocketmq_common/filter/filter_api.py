"""Java ``org.apache.rocketmq.common.filter.FilterAPI``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.util_all import UtilAll

__all__ = ["FilterAPI"]


def _java_split_tags(sub_string: str) -> List[str]:
    """Java ``subString.split("\\\\|\\\\|")``: split on ``||``, trailing empty strings removed."""
    parts = sub_string.split("||")
    while parts and parts[-1] == "":
        parts.pop()
    return parts


class FilterAPI:
    """Building subscription data from a subscription expression."""

    @staticmethod
    def simple_class_name(class_name: str) -> str:
        """Java ``simpleClassName``: the part after the last ``.``."""
        return class_name[class_name.rfind(".") + 1:]

    @staticmethod
    def build_subscription_data(topic: str, sub_string: Optional[str]) -> SubscriptionData:
        """Java ``buildSubscriptionData``: parse a TAG expression.

        None, empty or ``*`` subscribe to everything (``subString`` ``*``, empty sets). Otherwise the expression is
        split on ``||``; each non-blank piece, trimmed, goes into ``tagsSet`` and its Java ``String.hashCode`` into
        ``codeSet``; ``subString`` keeps the original text. ``subVersion`` is the current time in ms.
        Raises ValueError when the expression consists of ``||`` separators only (Java: "subString split error").
        """
        subscription_data = SubscriptionData()
        subscription_data.topic = topic
        subscription_data.sub_string = sub_string
        if sub_string is None or sub_string == SubscriptionData.SUB_ALL or len(sub_string) == 0:
            subscription_data.sub_string = SubscriptionData.SUB_ALL
        else:
            tags = _java_split_tags(sub_string)
            if not tags:
                raise ValueError("subString split error")
            for tag in tags:
                trimmed = _java_trim(tag)
                if trimmed:
                    subscription_data.tags_set.add(trimmed)
                    subscription_data.code_set.add(UtilAll.string_hash_code(trimmed))
        return subscription_data

    @staticmethod
    def build(topic: str, sub_string: Optional[str], type_: Optional[str]) -> SubscriptionData:
        """Java ``build``: a TAG expression (``type_`` None or ``TAG``) via :meth:`build_subscription_data`,
        otherwise (SQL92) the expression kept as is with its type. Raises ValueError for an empty SQL92 expression.
        """
        if ExpressionType.TAG == type_ or type_ is None:
            return FilterAPI.build_subscription_data(topic, sub_string)
        if sub_string is None or len(sub_string) < 1:
            raise ValueError("Expression can't be null! %s" % type_)
        subscription_data = SubscriptionData()
        subscription_data.topic = topic
        subscription_data.sub_string = sub_string
        subscription_data.expression_type = type_
        return subscription_data


def _java_trim(s: str) -> str:
    """Java ``String.trim``: strips characters <= U+0020 from both ends."""
    start, end = 0, len(s)
    while start < end and s[start] <= " ":
        start += 1
    while end > start and s[end - 1] <= " ":
        end -= 1
    return s[start:end]
