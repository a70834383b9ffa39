"""Java ``org.apache.rocketmq.common.admin.OffsetWrapper``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["OffsetWrapper"]


class OffsetWrapper(Bean):
    """Broker and consumer offsets of one queue, with the store time of the last consumed message; a 5.x broker
    also sends the offset the group pulled up to (``pull_offset``, 5.3.3), a 4.9 broker none (None)."""

    broker_offset = Prop(int, 0)
    consumer_offset = Prop(int, 0)
    pull_offset = Prop(int)
    last_timestamp = Prop(int, 0)

    def get_broker_offset(self) -> int: return self.broker_offset
    def set_broker_offset(self, broker_offset: int) -> None: self.broker_offset = broker_offset
    def get_consumer_offset(self) -> int: return self.consumer_offset
    def set_consumer_offset(self, consumer_offset: int) -> None: self.consumer_offset = consumer_offset
    def get_pull_offset(self) -> int: return self.pull_offset
    def set_pull_offset(self, pull_offset: Optional[int]) -> None: self.pull_offset = pull_offset
    def get_last_timestamp(self) -> int: return self.last_timestamp
    def set_last_timestamp(self, last_timestamp: int) -> None: self.last_timestamp = last_timestamp
