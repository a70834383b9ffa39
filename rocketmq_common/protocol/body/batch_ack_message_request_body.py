"""Java ``org.apache.rocketmq.remoting.protocol.body.BatchAckMessageRequestBody`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.protocol.body.batch_ack import BatchAck
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["BatchAckMessageRequestBody"]


class BatchAckMessageRequestBody(RemotingSerializable):
    """Body of BATCH_ACK_MESSAGE (200151): the broker the handles came from and one :class:`BatchAck` per batch."""

    broker_name = Prop(str)
    acks = Prop(ListOf(BatchAck))
