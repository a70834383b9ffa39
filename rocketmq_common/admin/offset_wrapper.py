"""Java ``org.apache.rocketmq.common.admin.OffsetWrapper``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["OffsetWrapper"]


class OffsetWrapper(Bean):
    """Broker and consumer offsets of one queue, with the store time of the last consumed message; a 5.x broker
    also sends the offset the group pulled up to (``pull_offset``, 5.3.3), a 4.9 broker none (None)."""

    broker_offset = Prop(int, 0)
    consumer_offset = Prop(int, 0)
    pull_offset = Prop(int)
    last_timestamp = Prop(int, 0)
