"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.AddWritePermOfBrokerRequestHeader``,
with ``AddWritePermOfBrokerResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["AddWritePermOfBrokerRequestHeader", "AddWritePermOfBrokerResponseHeader"]


class AddWritePermOfBrokerRequestHeader(CommandCustomHeader):
    """Java ``AddWritePermOfBrokerRequestHeader``."""

    broker_name = Prop(str, required=True)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name


class AddWritePermOfBrokerResponseHeader(CommandCustomHeader):
    """Java ``AddWritePermOfBrokerResponseHeader``."""

    add_topic_count = Prop(int, required=True)

    def get_add_topic_count(self) -> int: return self.add_topic_count
    def set_add_topic_count(self, add_topic_count: Optional[int]) -> None: self.add_topic_count = add_topic_count
