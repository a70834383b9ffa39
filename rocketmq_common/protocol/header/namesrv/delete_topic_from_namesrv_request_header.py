"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["DeleteTopicFromNamesrvRequestHeader"]


class DeleteTopicFromNamesrvRequestHeader(TopicRequestHeader):
    """Java ``DeleteTopicFromNamesrvRequestHeader``."""

    topic = Prop(str, required=True)
    cluster_name = Prop(str)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_cluster_name(self) -> str: return self.cluster_name
    def set_cluster_name(self, cluster_name: Optional[str]) -> None: self.cluster_name = cluster_name
