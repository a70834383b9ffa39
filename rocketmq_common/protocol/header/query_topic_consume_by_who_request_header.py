"""Java ``org.apache.rocketmq.common.protocol.header.QueryTopicConsumeByWhoRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["QueryTopicConsumeByWhoRequestHeader"]


class QueryTopicConsumeByWhoRequestHeader(TopicRequestHeader):
    """Java ``QueryTopicConsumeByWhoRequestHeader``."""

    topic = Prop(str, required=True)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
