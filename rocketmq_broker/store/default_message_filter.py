"""Java ``org.apache.rocketmq.store.DefaultMessageFilter``: tag filtering by hash code."""
from __future__ import annotations

from typing import Any, Dict, Optional

from rocketmq_broker.store.message_filter import MessageFilter

__all__ = ["DefaultMessageFilter"]

_SUB_ALL = "*"


class DefaultMessageFilter(MessageFilter):
    """Matches when the subscription is ``*`` or its code set holds the entry's tags code (PROTOCOL.md §5.6).

    ``subscription_data`` is a ``SubscriptionData`` (``sub_string``, ``code_set``, ``class_filter_mode``)."""

    def __init__(self, subscription_data: Any) -> None:
        self.subscription_data = subscription_data

    def is_matched_by_consume_queue(self, tags_code: Optional[int], cq_ext_unit: Any) -> bool:
        """Java ``isMatchedByConsumeQueue``."""
        sub = self.subscription_data
        if tags_code is None or sub is None:
            return True
        if sub.class_filter_mode:
            return True
        return sub.sub_string == _SUB_ALL or _to_int(tags_code) in sub.code_set

    def is_matched_by_commit_log(self, msg_buffer: Optional[bytes], properties: Optional[Dict[str, str]]) -> bool:
        """Java ``isMatchedByCommitLog``: always true."""
        return True


def _to_int(value: int) -> int:
    """Java ``Long.intValue``: the low 32 bits, signed."""
    value &= 0xFFFFFFFF
    return value - 0x100000000 if value >= 0x80000000 else value
