"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.header.GetTopicConfigRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetTopicConfigRequestHeader"]


class GetTopicConfigRequestHeader(TopicRequestHeader):
    """GET_TOPIC_CONFIG (351, 5.x brokers): one topic's config with its static-topic mapping
    (a :class:`~rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping.TopicConfigAndQueueMapping`
    body); the mapping is included only when ``lo`` is True."""

    topic = Prop(str, required=True)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
