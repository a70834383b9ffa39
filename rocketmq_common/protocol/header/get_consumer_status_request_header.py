"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerStatusRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetConsumerStatusRequestHeader"]


class GetConsumerStatusRequestHeader(CommandCustomHeader):
    """Java ``GetConsumerStatusRequestHeader``."""

    topic = Prop(str, required=True)
    group = Prop(str, required=True)
    client_addr = Prop(str)
