"""Java ``org.apache.rocketmq.store.schedule.DelayOffsetSerializeWrapper``: ``config/delayOffset.json``."""
from __future__ import annotations

from typing import Dict

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["DelayOffsetSerializeWrapper"]


class DelayOffsetSerializeWrapper(RemotingSerializable):
    """Delivery progress: delay level -> next consume-queue offset of ``SCHEDULE_TOPIC_XXXX`` to deliver."""

    offset_table = Prop(MapOf(int, int), {})

    def get_offset_table(self) -> Dict[int, int]: return self.offset_table
    def set_offset_table(self, offset_table: Dict[int, int]) -> None: self.offset_table = offset_table
