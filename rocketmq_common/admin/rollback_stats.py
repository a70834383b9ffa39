"""Java ``org.apache.rocketmq.common.admin.RollbackStats``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["RollbackStats"]


class RollbackStats(Bean):
    """Result of an offset reset for one queue (admin tools)."""

    broker_name = Prop(str)
    queue_id = Prop(int, 0)
    broker_offset = Prop(int, 0)
    consumer_offset = Prop(int, 0)
    timestamp_offset = Prop(int, 0)
    rollback_offset = Prop(int, 0)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_broker_offset(self) -> int: return self.broker_offset
    def set_broker_offset(self, broker_offset: int) -> None: self.broker_offset = broker_offset
    def get_consumer_offset(self) -> int: return self.consumer_offset
    def set_consumer_offset(self, consumer_offset: int) -> None: self.consumer_offset = consumer_offset
    def get_timestamp_offset(self) -> int: return self.timestamp_offset
    def set_timestamp_offset(self, timestamp_offset: int) -> None: self.timestamp_offset = timestamp_offset
    def get_rollback_offset(self) -> int: return self.rollback_offset
    def set_rollback_offset(self, rollback_offset: int) -> None: self.rollback_offset = rollback_offset
