"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.GetKVConfigRequestHeader``,
with ``GetKVConfigResponseHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetKVConfigRequestHeader", "GetKVConfigResponseHeader"]


class GetKVConfigRequestHeader(CommandCustomHeader):
    """Java ``GetKVConfigRequestHeader``."""

    namespace = Prop(str, required=True)
    key = Prop(str, required=True)


class GetKVConfigResponseHeader(CommandCustomHeader):
    """Java ``GetKVConfigResponseHeader``."""

    value = Prop(str)
