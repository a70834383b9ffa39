"""Java ``org.apache.rocketmq.common.admin.OffsetWrapper``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["OffsetWrapper"]


class OffsetWrapper(Bean):
    """Broker and consumer offsets of one queue, with the store time of the last consumed message."""

    broker_offset = Prop(int, 0)
    consumer_offset = Prop(int, 0)
    last_timestamp = Prop(int, 0)
