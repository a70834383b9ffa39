"""Java ``org.apache.rocketmq.common.protocol.header.ResetOffsetRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ResetOffsetRequestHeader"]


class ResetOffsetRequestHeader(CommandCustomHeader):
    """Java ``ResetOffsetRequestHeader``; the ``force`` flag is ``isForce`` on the wire (``is_force``/``set_force``)."""

    topic = Prop(str, required=True)
    group = Prop(str, required=True)
    timestamp = Prop(int, 0, required=True)
    force = Prop(bool, False, wire="isForce", required=True)
