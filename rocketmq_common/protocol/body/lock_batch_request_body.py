"""Java ``org.apache.rocketmq.common.protocol.body.LockBatchRequestBody``."""
from __future__ import annotations

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["LockBatchRequestBody"]


class LockBatchRequestBody(RemotingSerializable):
    """Body of ``LOCK_BATCH_MQ``: the queues a client wants to lock for a group (note ``clientId`` spelling)."""

    consumer_group = Prop(str)
    client_id = Prop(str)
    mq_set = Prop(SetOf(MessageQueue), set())
