"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.WipeWritePermOfBrokerRequestHeader``,
with ``WipeWritePermOfBrokerResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["WipeWritePermOfBrokerRequestHeader", "WipeWritePermOfBrokerResponseHeader"]


class WipeWritePermOfBrokerRequestHeader(CommandCustomHeader):
    """Java ``WipeWritePermOfBrokerRequestHeader``."""

    broker_name = Prop(str, required=True)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name


class WipeWritePermOfBrokerResponseHeader(CommandCustomHeader):
    """Java ``WipeWritePermOfBrokerResponseHeader``."""

    wipe_topic_count = Prop(int, required=True)

    def get_wipe_topic_count(self) -> int: return self.wipe_topic_count
    def set_wipe_topic_count(self, wipe_topic_count: Optional[int]) -> None: self.wipe_topic_count = wipe_topic_count
