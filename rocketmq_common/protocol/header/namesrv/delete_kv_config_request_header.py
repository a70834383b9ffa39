"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.DeleteKVConfigRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteKVConfigRequestHeader"]


class DeleteKVConfigRequestHeader(CommandCustomHeader):
    """Java ``DeleteKVConfigRequestHeader``."""

    namespace = Prop(str, required=True)
    key = Prop(str, required=True)

    def get_namespace(self) -> str: return self.namespace
    def set_namespace(self, namespace: Optional[str]) -> None: self.namespace = namespace
    def get_key(self) -> str: return self.key
    def set_key(self, key: Optional[str]) -> None: self.key = key
