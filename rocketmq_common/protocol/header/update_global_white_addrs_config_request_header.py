"""Java ``org.apache.rocketmq.common.protocol.header.UpdateGlobalWhiteAddrsConfigRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["UpdateGlobalWhiteAddrsConfigRequestHeader"]


class UpdateGlobalWhiteAddrsConfigRequestHeader(CommandCustomHeader):
    """Java ``UpdateGlobalWhiteAddrsConfigRequestHeader``."""

    global_white_addrs = Prop(str, required=True)
    acl_file_full_path = Prop(str, required=True)

    def get_global_white_addrs(self) -> str: return self.global_white_addrs
    def set_global_white_addrs(self, global_white_addrs: Optional[str]) -> None:
        self.global_white_addrs = global_white_addrs
    def get_acl_file_full_path(self) -> str: return self.acl_file_full_path
    def set_acl_file_full_path(self, acl_file_full_path: Optional[str]) -> None:
        self.acl_file_full_path = acl_file_full_path
