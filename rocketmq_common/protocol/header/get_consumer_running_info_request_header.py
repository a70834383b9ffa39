"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerRunningInfoRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetConsumerRunningInfoRequestHeader"]


class GetConsumerRunningInfoRequestHeader(CommandCustomHeader):
    """Java ``GetConsumerRunningInfoRequestHeader``."""

    consumer_group = Prop(str, required=True)
    client_id = Prop(str, required=True)
    jstack_enable = Prop(bool, False)
