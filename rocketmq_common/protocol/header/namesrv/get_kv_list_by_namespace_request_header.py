"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.GetKVListByNamespaceRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetKVListByNamespaceRequestHeader"]


class GetKVListByNamespaceRequestHeader(CommandCustomHeader):
    """Java ``GetKVListByNamespaceRequestHeader``."""

    namespace = Prop(str, required=True)

    def get_namespace(self) -> str: return self.namespace
    def set_namespace(self, namespace: Optional[str]) -> None: self.namespace = namespace
