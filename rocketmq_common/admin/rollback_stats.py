"""Java ``org.apache.rocketmq.common.admin.RollbackStats``."""
from __future__ import annotations

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
