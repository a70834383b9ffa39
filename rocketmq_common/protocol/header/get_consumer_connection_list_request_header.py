"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerConnectionListRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetConsumerConnectionListRequestHeader"]


class GetConsumerConnectionListRequestHeader(CommandCustomHeader):
    """Java ``GetConsumerConnectionListRequestHeader``."""

    consumer_group = Prop(str, required=True)
