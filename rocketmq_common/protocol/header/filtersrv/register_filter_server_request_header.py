"""Java ``org.apache.rocketmq.common.protocol.header.filtersrv.RegisterFilterServerRequestHeader``,
with ``RegisterFilterServerResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RegisterFilterServerRequestHeader", "RegisterFilterServerResponseHeader"]


class RegisterFilterServerRequestHeader(CommandCustomHeader):
    """Java ``RegisterFilterServerRequestHeader``."""

    filter_server_addr = Prop(str, required=True)

    def get_filter_server_addr(self) -> str: return self.filter_server_addr
    def set_filter_server_addr(self, filter_server_addr: Optional[str]) -> None:
        self.filter_server_addr = filter_server_addr


class RegisterFilterServerResponseHeader(CommandCustomHeader):
    """Java ``RegisterFilterServerResponseHeader``."""

    broker_name = Prop(str, required=True)
    broker_id = Prop(int, 0, required=True)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_id(self) -> int: return self.broker_id
    def set_broker_id(self, broker_id: int) -> None: self.broker_id = broker_id
