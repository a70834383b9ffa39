"""Java ``org.apache.rocketmq.common.attribute.TopicMessageType`` (5.3.3)."""
from __future__ import annotations

import enum
from typing import Mapping, Set

from rocketmq_common.message.message_const import MessageConst

__all__ = ["TopicMessageType"]


class TopicMessageType(enum.Enum):
    """The kind of messages a topic takes (its ``message.type`` attribute)."""

    UNSPECIFIED = "UNSPECIFIED"
    NORMAL = "NORMAL"
    FIFO = "FIFO"
    DELAY = "DELAY"
    TRANSACTION = "TRANSACTION"
    MIXED = "MIXED"

    @staticmethod
    def topic_message_type_set() -> Set[str]:
        return {t.value for t in TopicMessageType}

    def get_value(self) -> str:
        return self.value

    @staticmethod
    def parse_from_message_property(message_property: Mapping[str, str]) -> "TopicMessageType":
        """Java ``parseFromMessageProperty``: the type a message's properties make it."""
        if message_property.get(MessageConst.PROPERTY_TRANSACTION_PREPARED) == "true":
            return TopicMessageType.TRANSACTION
        if any(message_property.get(key) is not None for key in (
                MessageConst.PROPERTY_DELAY_TIME_LEVEL, MessageConst.PROPERTY_TIMER_DELIVER_MS,
                MessageConst.PROPERTY_TIMER_DELAY_SEC, MessageConst.PROPERTY_TIMER_DELAY_MS)):
            return TopicMessageType.DELAY
        if message_property.get(MessageConst.PROPERTY_SHARDING_KEY) is not None:
            return TopicMessageType.FIFO
        return TopicMessageType.NORMAL

    def get_metrics_value(self) -> str:
        return self.value.lower()
