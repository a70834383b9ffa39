"""Java ``org.apache.rocketmq.common.protocol.body.LockBatchRequestBody``."""
from __future__ import annotations

from typing import Optional, Set

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["LockBatchRequestBody"]


class LockBatchRequestBody(RemotingSerializable):
    """Body of ``LOCK_BATCH_MQ``: the queues a client wants to lock for a group (note ``clientId`` spelling)."""

    consumer_group = Prop(str)
    client_id = Prop(str)
    mq_set = Prop(SetOf(MessageQueue), set())

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_mq_set(self) -> Set[MessageQueue]: return self.mq_set
    def set_mq_set(self, mq_set: Set[MessageQueue]) -> None: self.mq_set = mq_set
