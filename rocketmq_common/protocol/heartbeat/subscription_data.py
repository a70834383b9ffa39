"""Java ``org.apache.rocketmq.common.protocol.heartbeat.SubscriptionData``."""
from __future__ import annotations

import time
from typing import Any, Optional

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
