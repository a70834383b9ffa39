"""Java ``org.apache.rocketmq.common.protocol.body.GetConsumerStatusBody``."""
from __future__ import annotations

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["GetConsumerStatusBody"]


class GetConsumerStatusBody(RemotingSerializable):
    """Body of the ``GET_CONSUMER_STATUS_FROM_CLIENT`` response (a consumer's offsets of one topic) and of the
    ``INVOKE_BROKER_TO_GET_CONSUMER_STATUS`` response (``consumer_table``: client id -> offsets)."""

    message_queue_table = Prop(MapOf(MessageQueue, int), {})
    consumer_table = Prop(MapOf(str, MapOf(MessageQueue, int)), {})
