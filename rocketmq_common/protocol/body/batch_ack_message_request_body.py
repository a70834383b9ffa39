"""Java ``org.apache.rocketmq.remoting.protocol.body.BatchAckMessageRequestBody`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_common.protocol.body.batch_ack import BatchAck
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["BatchAckMessageRequestBody"]


class BatchAckMessageRequestBody(RemotingSerializable):
    """Body of BATCH_ACK_MESSAGE (200151): the broker the handles came from and one :class:`BatchAck` per batch."""

    broker_name = Prop(str)
    acks = Prop(ListOf(BatchAck))

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_acks(self) -> List[BatchAck]: return self.acks
    def set_acks(self, acks: Optional[List[BatchAck]]) -> None: self.acks = acks
