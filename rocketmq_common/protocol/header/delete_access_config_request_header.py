"""Java ``org.apache.rocketmq.common.protocol.header.DeleteAccessConfigRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteAccessConfigRequestHeader"]


class DeleteAccessConfigRequestHeader(CommandCustomHeader):
    """Java ``DeleteAccessConfigRequestHeader``."""

    access_key = Prop(str, required=True)

    def get_access_key(self) -> str: return self.access_key
    def set_access_key(self, access_key: Optional[str]) -> None: self.access_key = access_key
