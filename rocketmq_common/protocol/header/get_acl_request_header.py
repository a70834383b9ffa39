"""Java ``org.apache.rocketmq.remoting.protocol.header.GetAclRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetAclRequestHeader"]


class GetAclRequestHeader(CommandCustomHeader):
    """The header of AUTH_GET_ACL (3009): the subject whose ACL to read."""

    subject = Prop(str)

    def get_subject(self) -> str: return self.subject
    def set_subject(self, subject: Optional[str]) -> None: self.subject = subject
