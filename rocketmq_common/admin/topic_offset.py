"""Java ``org.apache.rocketmq.common.admin.TopicOffset``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["TopicOffset"]


class TopicOffset(Bean):
    """Min/max offset of one queue and the store time of its last message."""

    min_offset = Prop(int, 0)
    max_offset = Prop(int, 0)
    last_update_timestamp = Prop(int, 0)
