"""Java ``org.apache.rocketmq.common.protocol.header.DeleteAccessConfigRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteAccessConfigRequestHeader"]


class DeleteAccessConfigRequestHeader(CommandCustomHeader):
    """Java ``DeleteAccessConfigRequestHeader``."""

    access_key = Prop(str, required=True)
