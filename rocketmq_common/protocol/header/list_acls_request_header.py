"""Java ``org.apache.rocketmq.remoting.protocol.header.ListAclsRequestHeader`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ListAclsRequestHeader"]


class ListAclsRequestHeader(CommandCustomHeader):
    """The header of AUTH_LIST_ACL (3010): the ACLs whose subject contains ``subject_filter`` and their entries
    whose resource contains ``resource_filter``."""

    subject_filter = Prop(str)
    resource_filter = Prop(str)
