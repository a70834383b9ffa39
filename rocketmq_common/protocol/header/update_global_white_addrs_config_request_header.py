"""Java ``org.apache.rocketmq.common.protocol.header.UpdateGlobalWhiteAddrsConfigRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["UpdateGlobalWhiteAddrsConfigRequestHeader"]


class UpdateGlobalWhiteAddrsConfigRequestHeader(CommandCustomHeader):
    """Java ``UpdateGlobalWhiteAddrsConfigRequestHeader``."""

    global_white_addrs = Prop(str, required=True)
    acl_file_full_path = Prop(str, required=True)
