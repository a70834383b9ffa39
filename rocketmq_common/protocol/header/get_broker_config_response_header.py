"""Java ``org.apache.rocketmq.common.protocol.header.GetBrokerConfigResponseHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetBrokerConfigResponseHeader"]


class GetBrokerConfigResponseHeader(CommandCustomHeader):
    """Java ``GetBrokerConfigResponseHeader``."""

    version = Prop(str, required=True)
