"""Java ``org.apache.rocketmq.common.protocol.header.QueryTopicConsumeByWhoRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["QueryTopicConsumeByWhoRequestHeader"]


class QueryTopicConsumeByWhoRequestHeader(TopicRequestHeader):
    """Java ``QueryTopicConsumeByWhoRequestHeader``."""

    topic = Prop(str, required=True)
