"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumeStatsRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetConsumeStatsRequestHeader"]


class GetConsumeStatsRequestHeader(TopicRequestHeader):
    """Java ``GetConsumeStatsRequestHeader``."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str)
