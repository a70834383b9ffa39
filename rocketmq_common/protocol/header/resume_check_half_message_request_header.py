"""Java ``org.apache.rocketmq.common.protocol.header.ResumeCheckHalfMessageRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ResumeCheckHalfMessageRequestHeader"]


class ResumeCheckHalfMessageRequestHeader(CommandCustomHeader):
    """Java ``ResumeCheckHalfMessageRequestHeader``."""

    msg_id = Prop(str)

    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
