"""Java ``org.apache.rocketmq.common.protocol.body.LockBatchResponseBody``."""
from __future__ import annotations

from typing import Set

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["LockBatchResponseBody"]


class LockBatchResponseBody(RemotingSerializable):
    """Body of the ``LOCK_BATCH_MQ`` response: the requested queues now locked by the client."""

    lock_okmq_set = Prop(SetOf(MessageQueue), set(), wire="lockOKMQSet")

    def get_lock_okmq_set(self) -> Set[MessageQueue]: return self.lock_okmq_set
    def set_lock_okmq_set(self, lock_okmq_set: Set[MessageQueue]) -> None: self.lock_okmq_set = lock_okmq_set
