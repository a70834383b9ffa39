"""Java ``org.apache.rocketmq.common.protocol.body.QueryConsumeTimeSpanBody``."""
from __future__ import annotations

from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["QueryConsumeTimeSpanBody"]


class QueryConsumeTimeSpanBody(RemotingSerializable):
    """Body of the ``QUERY_CONSUME_TIME_SPAN`` response."""

    consume_time_span_set = Prop(ListOf(QueueTimeSpan), [])
