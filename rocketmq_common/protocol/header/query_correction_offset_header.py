"""Java ``org.apache.rocketmq.common.protocol.header.QueryCorrectionOffsetHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["QueryCorrectionOffsetHeader"]


class QueryCorrectionOffsetHeader(TopicRequestHeader):
    """Java ``QueryCorrectionOffsetHeader``."""

    filter_groups = Prop(str)
    compare_group = Prop(str, required=True)
    topic = Prop(str, required=True)
