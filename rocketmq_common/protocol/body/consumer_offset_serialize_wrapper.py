"""Java ``org.apache.rocketmq.common.protocol.body.ConsumerOffsetSerializeWrapper``."""
from __future__ import annotations

from typing import Dict

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ConsumerOffsetSerializeWrapper"]


class ConsumerOffsetSerializeWrapper(RemotingSerializable):
    """A broker's consumer offsets: ``topic@group`` -> queue id -> offset (``GET_ALL_CONSUMER_OFFSET``)."""

    offset_table = Prop(MapOf(str, MapOf(int, int)), {})

    def get_offset_table(self) -> Dict[str, Dict[int, int]]: return self.offset_table
    def set_offset_table(self, offset_table: Dict[str, Dict[int, int]]) -> None: self.offset_table = offset_table
