"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.PutKVConfigRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["PutKVConfigRequestHeader"]


class PutKVConfigRequestHeader(CommandCustomHeader):
    """Java ``PutKVConfigRequestHeader``."""

    namespace = Prop(str, required=True)
    key = Prop(str, required=True)
    value = Prop(str, required=True)
