"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.RegisterOrderTopicRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RegisterOrderTopicRequestHeader"]


class RegisterOrderTopicRequestHeader(CommandCustomHeader):
    """Java ``RegisterOrderTopicRequestHeader``."""

    topic = Prop(str, required=True)
    order_topic_string = Prop(str, required=True)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_order_topic_string(self) -> str: return self.order_topic_string
    def set_order_topic_string(self, order_topic_string: Optional[str]) -> None:
        self.order_topic_string = order_topic_string
