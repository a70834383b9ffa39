"""Java ``org.apache.rocketmq.remoting.protocol.header.ListAclsRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ListAclsRequestHeader"]


class ListAclsRequestHeader(CommandCustomHeader):
    """The header of AUTH_LIST_ACL (3010): the ACLs whose subject contains ``subject_filter`` and their entries
    whose resource contains ``resource_filter``."""

    subject_filter = Prop(str)
    resource_filter = Prop(str)

    def get_subject_filter(self) -> str: return self.subject_filter
    def set_subject_filter(self, subject_filter: Optional[str]) -> None: self.subject_filter = subject_filter
    def get_resource_filter(self) -> str: return self.resource_filter
    def set_resource_filter(self, resource_filter: Optional[str]) -> None: self.resource_filter = resource_filter
