"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.AddWritePermOfBrokerRequestHeader``,
with ``AddWritePermOfBrokerResponseHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["AddWritePermOfBrokerRequestHeader", "AddWritePermOfBrokerResponseHeader"]


class AddWritePermOfBrokerRequestHeader(CommandCustomHeader):
    """Java ``AddWritePermOfBrokerRequestHeader``."""

    broker_name = Prop(str, required=True)


class AddWritePermOfBrokerResponseHeader(CommandCustomHeader):
    """Java ``AddWritePermOfBrokerResponseHeader``."""

    add_topic_count = Prop(int, required=True)
