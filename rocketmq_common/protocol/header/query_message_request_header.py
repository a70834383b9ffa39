"""Java ``org.apache.rocketmq.common.protocol.header.QueryMessageRequestHeader``,
with ``QueryMessageResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["QueryMessageRequestHeader", "QueryMessageResponseHeader"]


class QueryMessageRequestHeader(TopicRequestHeader):
    """Java ``QueryMessageRequestHeader``."""

    topic = Prop(str, required=True)
    key = Prop(str, required=True)
    max_num = Prop(int, required=True)
    begin_timestamp = Prop(int, required=True)
    end_timestamp = Prop(int, required=True)


class QueryMessageResponseHeader(CommandCustomHeader):
    """Java ``QueryMessageResponseHeader``."""

    index_last_update_timestamp = Prop(int, required=True)
    index_last_update_phyoffset = Prop(int, required=True)
