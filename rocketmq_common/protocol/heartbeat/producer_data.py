"""Java ``org.apache.rocketmq.common.protocol.heartbeat.ProducerData``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["ProducerData"]


class ProducerData(Bean):
    """A producer group registered by a heartbeat."""

    group_name = Prop(str)

    def get_group_name(self) -> str: return self.group_name
    def set_group_name(self, group_name: Optional[str]) -> None: self.group_name = group_name
