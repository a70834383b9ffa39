"""Java ``org.apache.rocketmq.client.consumer.store.OffsetSerializeWrapper``."""
from __future__ import annotations

from typing import Dict

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["OffsetSerializeWrapper"]


class OffsetSerializeWrapper(RemotingSerializable):
    """The content of a local offsets file: ``{"offsetTable":{{"brokerName":..,"queueId":..,"topic":..}:offset}}``
    (fastjson's object-keyed map)."""

    offset_table = Prop(MapOf(MessageQueue, int), {})

    def get_offset_table(self) -> Dict[MessageQueue, int]: return self.offset_table
    def set_offset_table(self, offset_table: Dict[MessageQueue, int]) -> None: self.offset_table = offset_table
