"""Java ``org.apache.rocketmq.remoting.protocol.header.DeleteAclRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteAclRequestHeader"]


class DeleteAclRequestHeader(CommandCustomHeader):
    """The header of AUTH_DELETE_ACL (3008): the subject whose ACL goes, or only its entry of ``resource`` (of
    ``policy_type``, default Custom)."""

    subject = Prop(str)
    policy_type = Prop(str)
    resource = Prop(str)

    def get_subject(self) -> str: return self.subject
    def set_subject(self, subject: Optional[str]) -> None: self.subject = subject
    def get_policy_type(self) -> str: return self.policy_type
    def set_policy_type(self, policy_type: Optional[str]) -> None: self.policy_type = policy_type
    def get_resource(self) -> str: return self.resource
    def set_resource(self, resource: Optional[str]) -> None: self.resource = resource
