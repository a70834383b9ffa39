"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.WipeWritePermOfBrokerRequestHeader``,
with ``WipeWritePermOfBrokerResponseHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["WipeWritePermOfBrokerRequestHeader", "WipeWritePermOfBrokerResponseHeader"]


class WipeWritePermOfBrokerRequestHeader(CommandCustomHeader):
    """Java ``WipeWritePermOfBrokerRequestHeader``."""

    broker_name = Prop(str, required=True)


class WipeWritePermOfBrokerResponseHeader(CommandCustomHeader):
    """Java ``WipeWritePermOfBrokerResponseHeader``."""

    wipe_topic_count = Prop(int, required=True)
