"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumeStatsRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetConsumeStatsRequestHeader"]


class GetConsumeStatsRequestHeader(TopicRequestHeader):
    """Java ``GetConsumeStatsRequestHeader``."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
