"""Java ``org.apache.rocketmq.remoting.protocol.header.AddBrokerRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["AddBrokerRequestHeader"]


class AddBrokerRequestHeader(CommandCustomHeader):
    """Header of ADD_BROKER (902): the path of the broker configuration a broker container starts a broker from
    (only a BrokerContainer answers it; a broker answers REQUEST_CODE_NOT_SUPPORTED)."""

    config_path = Prop(str)

    def get_config_path(self) -> str: return self.config_path
    def set_config_path(self, config_path: Optional[str]) -> None: self.config_path = config_path
