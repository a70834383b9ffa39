"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeByWho``."""
from __future__ import annotations

from typing import Optional, Set

from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ConsumeByWho"]


class ConsumeByWho(RemotingSerializable):
    """Which groups consumed (or did not consume) a message at a queue offset."""

    consumed_group = Prop(SetOf(str), set())
    not_consumed_group = Prop(SetOf(str), set())
    topic = Prop(str)
    queue_id = Prop(int, 0)
    offset = Prop(int, 0)

    def get_consumed_group(self) -> Set[str]: return self.consumed_group
    def set_consumed_group(self, consumed_group: Set[str]) -> None: self.consumed_group = consumed_group
    def get_not_consumed_group(self) -> Set[str]: return self.not_consumed_group
    def set_not_consumed_group(self, not_consumed_group: Set[str]) -> None: self.not_consumed_group = not_consumed_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: int) -> None: self.offset = offset
