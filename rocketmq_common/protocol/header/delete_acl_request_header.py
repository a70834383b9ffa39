"""Java ``org.apache.rocketmq.remoting.protocol.header.DeleteAclRequestHeader`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteAclRequestHeader"]


class DeleteAclRequestHeader(CommandCustomHeader):
    """The header of AUTH_DELETE_ACL (3008): the subject whose ACL goes, or only its entry of ``resource`` (of
    ``policy_type``, default Custom)."""

    subject = Prop(str)
    policy_type = Prop(str)
    resource = Prop(str)
