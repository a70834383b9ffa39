"""Java ``org.apache.rocketmq.common.protocol.body.QueryConsumeTimeSpanBody``."""
from __future__ import annotations

from typing import List

from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["QueryConsumeTimeSpanBody"]


class QueryConsumeTimeSpanBody(RemotingSerializable):
    """Body of the ``QUERY_CONSUME_TIME_SPAN`` response."""

    consume_time_span_set = Prop(ListOf(QueueTimeSpan), [])

    def get_consume_time_span_set(self) -> List[QueueTimeSpan]: return self.consume_time_span_set
    def set_consume_time_span_set(self, consume_time_span_set: List[QueueTimeSpan]) -> None:
        self.consume_time_span_set = consume_time_span_set
