"""Java ``org.apache.rocketmq.common.protocol.heartbeat.SubscriptionData``."""
from __future__ import annotations

import time
from typing import Any, Optional, Set

from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_remoting.common.bean import Bean, Prop, SetOf

__all__ = ["SubscriptionData"]


class SubscriptionData(Bean):
    """One topic subscription of a consumer group, as sent in heartbeats.

    ``sub_version`` defaults to the creation time in ms, as in Java. Equality follows Java ``equals`` (every
    serialized field, ``subVersion`` included); the hash follows Java ``hashCode``, which leaves ``subVersion``
    out. Ordering follows Java ``compareTo`` (``topic@subString``), which ``TreeSet`` users rely on.
    ``filter_class_source`` is never serialized (``@JSONField(serialize = false)``).
    """

    SUB_ALL = "*"

    class_filter_mode = Prop(bool, False)
    topic = Prop(str)
    sub_string = Prop(str)
    tags_set = Prop(SetOf(str), set())
    code_set = Prop(SetOf(int), set())
    sub_version = Prop(int, factory=lambda: int(time.time() * 1000))
    expression_type = Prop(str, ExpressionType.TAG)

    def get_class_filter_mode(self) -> bool: return self.class_filter_mode
    def is_class_filter_mode(self) -> bool: return self.class_filter_mode
    def set_class_filter_mode(self, class_filter_mode: bool) -> None: self.class_filter_mode = class_filter_mode
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_sub_string(self) -> str: return self.sub_string
    def set_sub_string(self, sub_string: Optional[str]) -> None: self.sub_string = sub_string
    def get_tags_set(self) -> Set[str]: return self.tags_set
    def set_tags_set(self, tags_set: Set[str]) -> None: self.tags_set = tags_set
    def get_code_set(self) -> Set[int]: return self.code_set
    def set_code_set(self, code_set: Set[int]) -> None: self.code_set = code_set
    def get_sub_version(self) -> int: return self.sub_version
    def set_sub_version(self, sub_version: int) -> None: self.sub_version = sub_version
    def get_expression_type(self) -> str: return self.expression_type
    def set_expression_type(self, expression_type: str) -> None: self.expression_type = expression_type

    filter_class_source: Optional[str] = None

    def __init__(self, topic: Optional[str] = None, sub_string: Optional[str] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if topic is not None:
            self.topic = topic
        if sub_string is not None:
            self.sub_string = sub_string

    def get_filter_class_source(self) -> Optional[str]:
        """Java ``getFilterClassSource``."""
        return self.filter_class_source

    def set_filter_class_source(self, filter_class_source: Optional[str]) -> None:
        """Java ``setFilterClassSource``."""
        self.filter_class_source = filter_class_source

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return (self.class_filter_mode == other.class_filter_mode and self.code_set == other.code_set
                and self.sub_string == other.sub_string and self.sub_version == other.sub_version
                and self.tags_set == other.tags_set and self.topic == other.topic
                and self.expression_type == other.expression_type)

    def __hash__(self) -> int:
        return hash((self.class_filter_mode, frozenset(self.code_set or ()), self.sub_string,
                     frozenset(self.tags_set or ()), self.topic, self.expression_type))

    def _compare_key(self) -> str:
        return "%s@%s" % (_java_str(self.topic), _java_str(self.sub_string))

    def __lt__(self, other: "SubscriptionData") -> bool:
        if not isinstance(other, SubscriptionData):
            return NotImplemented
        return self._compare_key() < other._compare_key()


def _java_str(value: Optional[str]) -> str:
    return "null" if value is None else value
