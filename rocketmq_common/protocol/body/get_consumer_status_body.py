"""Java ``org.apache.rocketmq.common.protocol.body.GetConsumerStatusBody``."""
from __future__ import annotations

from typing import Dict

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["GetConsumerStatusBody"]


class GetConsumerStatusBody(RemotingSerializable):
    """Body of the ``GET_CONSUMER_STATUS_FROM_CLIENT`` response (a consumer's offsets of one topic) and of the
    ``INVOKE_BROKER_TO_GET_CONSUMER_STATUS`` response (``consumer_table``: client id -> offsets)."""

    message_queue_table = Prop(MapOf(MessageQueue, int), {})
    consumer_table = Prop(MapOf(str, MapOf(MessageQueue, int)), {})

    def get_message_queue_table(self) -> Dict[MessageQueue, int]: return self.message_queue_table
    def set_message_queue_table(self, message_queue_table: Dict[MessageQueue, int]) -> None:
        self.message_queue_table = message_queue_table
    def get_consumer_table(self) -> Dict[str, Dict[MessageQueue, int]]: return self.consumer_table
    def set_consumer_table(self, consumer_table: Dict[str, Dict[MessageQueue, int]]) -> None:
        self.consumer_table = consumer_table
