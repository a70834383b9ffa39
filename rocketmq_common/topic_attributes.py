"""Java ``org.apache.rocketmq.common.TopicAttributes`` (5.3.3): the attributes a topic may have."""
from __future__ import annotations

from typing import Dict

from rocketmq_common.attribute.attribute import Attribute
from rocketmq_common.attribute.enum_attribute import EnumAttribute
from rocketmq_common.attribute.long_range_attribute import LongRangeAttribute
from rocketmq_common.attribute.topic_message_type import TopicMessageType

__all__ = ["TopicAttributes"]

_LONG_MAX = (1 << 63) - 1


class TopicAttributes:
    """``queue.type`` and ``cleanup.policy`` (fixed at creation), ``message.type`` and ``reserve.time``."""

    QUEUE_TYPE_ATTRIBUTE = EnumAttribute("queue.type", False, ("BatchCQ", "SimpleCQ"), "SimpleCQ")
    CLEANUP_POLICY_ATTRIBUTE = EnumAttribute("cleanup.policy", False, ("DELETE", "COMPACTION"), "DELETE")
    TOPIC_MESSAGE_TYPE_ATTRIBUTE = EnumAttribute("message.type", True, [t.get_value() for t in TopicMessageType],
                                                 TopicMessageType.NORMAL.get_value())
    TOPIC_RESERVE_TIME_ATTRIBUTE = LongRangeAttribute("reserve.time", True, -1, _LONG_MAX, -1)

    ALL: Dict[str, Attribute] = {a.get_name(): a for a in (
        QUEUE_TYPE_ATTRIBUTE, CLEANUP_POLICY_ATTRIBUTE, TOPIC_MESSAGE_TYPE_ATTRIBUTE, TOPIC_RESERVE_TIME_ATTRIBUTE)}
