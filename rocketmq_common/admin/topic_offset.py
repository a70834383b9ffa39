"""Java ``org.apache.rocketmq.common.admin.TopicOffset``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["TopicOffset"]


class TopicOffset(Bean):
    """Min/max offset of one queue and the store time of its last message."""

    min_offset = Prop(int, 0)
    max_offset = Prop(int, 0)
    last_update_timestamp = Prop(int, 0)

    def get_min_offset(self) -> int: return self.min_offset
    def set_min_offset(self, min_offset: int) -> None: self.min_offset = min_offset
    def get_max_offset(self) -> int: return self.max_offset
    def set_max_offset(self, max_offset: int) -> None: self.max_offset = max_offset
    def get_last_update_timestamp(self) -> int: return self.last_update_timestamp
    def set_last_update_timestamp(self, last_update_timestamp: int) -> None:
        self.last_update_timestamp = last_update_timestamp
