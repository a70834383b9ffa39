"""Java ``org.apache.rocketmq.common.protocol.header.CloneGroupOffsetRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["CloneGroupOffsetRequestHeader"]


class CloneGroupOffsetRequestHeader(CommandCustomHeader):
    """Java ``CloneGroupOffsetRequestHeader``."""

    src_group = Prop(str, required=True)
    dest_group = Prop(str, required=True)
    topic = Prop(str)
    offline = Prop(bool, False)
