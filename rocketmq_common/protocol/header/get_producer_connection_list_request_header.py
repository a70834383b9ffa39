"""Java ``org.apache.rocketmq.common.protocol.header.GetProducerConnectionListRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetProducerConnectionListRequestHeader"]


class GetProducerConnectionListRequestHeader(CommandCustomHeader):
    """Java ``GetProducerConnectionListRequestHeader``."""

    producer_group = Prop(str, required=True)
