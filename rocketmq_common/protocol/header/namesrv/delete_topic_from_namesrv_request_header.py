"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["DeleteTopicFromNamesrvRequestHeader"]


class DeleteTopicFromNamesrvRequestHeader(TopicRequestHeader):
    """Java ``DeleteTopicFromNamesrvRequestHeader``."""

    topic = Prop(str, required=True)
    cluster_name = Prop(str)
