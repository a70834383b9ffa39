"""Java ``org.apache.rocketmq.common.protocol.header.QueryConsumeTimeSpanRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["QueryConsumeTimeSpanRequestHeader"]


class QueryConsumeTimeSpanRequestHeader(TopicRequestHeader):
    """Java ``QueryConsumeTimeSpanRequestHeader``."""

    topic = Prop(str, required=True)
    group = Prop(str, required=True)
