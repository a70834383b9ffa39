"""Java ``org.apache.rocketmq.common.protocol.header.filtersrv.RegisterMessageFilterClassRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RegisterMessageFilterClassRequestHeader"]


class RegisterMessageFilterClassRequestHeader(CommandCustomHeader):
    """Java ``RegisterMessageFilterClassRequestHeader``."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    class_name = Prop(str, required=True)
    class_crc = Prop(int, wire="classCRC", required=True)
