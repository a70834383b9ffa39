"""Java ``org.apache.rocketmq.common.protocol.header.ResumeCheckHalfMessageRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ResumeCheckHalfMessageRequestHeader"]


class ResumeCheckHalfMessageRequestHeader(CommandCustomHeader):
    """Java ``ResumeCheckHalfMessageRequestHeader``."""

    msg_id = Prop(str)
