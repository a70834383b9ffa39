"""Java ``org.apache.rocketmq.common.protocol.header.GetBrokerConfigResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetBrokerConfigResponseHeader"]


class GetBrokerConfigResponseHeader(CommandCustomHeader):
    """Java ``GetBrokerConfigResponseHeader``."""

    version = Prop(str, required=True)

    def get_version(self) -> str: return self.version
    def set_version(self, version: Optional[str]) -> None: self.version = version
