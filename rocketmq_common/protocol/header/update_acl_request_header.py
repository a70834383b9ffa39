"""Java ``org.apache.rocketmq.remoting.protocol.header.UpdateAclRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["UpdateAclRequestHeader"]


class UpdateAclRequestHeader(CommandCustomHeader):
    """The header of AUTH_UPDATE_ACL (3007): the subject of the ACL to update (the body: its AclInfo)."""

    subject = Prop(str)

    def get_subject(self) -> str: return self.subject
    def set_subject(self, subject: Optional[str]) -> None: self.subject = subject
