"""Java ``org.apache.rocketmq.common.admin.ConsumeStats``."""
from __future__ import annotations

from typing import Dict

from rocketmq_common.admin.offset_wrapper import OffsetWrapper
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ConsumeStats"]


class ConsumeStats(RemotingSerializable):
    """Body of the ``GET_CONSUME_STATS`` response: offsets per queue (MessageQueue object keys on the wire) and
    the group's consume TPS."""

    offset_table = Prop(MapOf(MessageQueue, OffsetWrapper), {})
    consume_tps = Prop(float, 0.0)

    def get_offset_table(self) -> Dict[MessageQueue, OffsetWrapper]: return self.offset_table
    def set_offset_table(self, offset_table: Dict[MessageQueue, OffsetWrapper]) -> None:
        self.offset_table = offset_table
    def get_consume_tps(self) -> float: return self.consume_tps
    def set_consume_tps(self, consume_tps: float) -> None: self.consume_tps = consume_tps

    def compute_total_diff(self) -> int:
        """Java ``computeTotalDiff``: sum of broker offset minus consumer offset over all queues."""
        return sum(w.broker_offset - w.consumer_offset for w in self.offset_table.values())
