"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.DeleteKVConfigRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteKVConfigRequestHeader"]


class DeleteKVConfigRequestHeader(CommandCustomHeader):
    """Java ``DeleteKVConfigRequestHeader``."""

    namespace = Prop(str, required=True)
    key = Prop(str, required=True)
