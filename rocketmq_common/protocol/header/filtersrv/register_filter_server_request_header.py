"""Java ``org.apache.rocketmq.common.protocol.header.filtersrv.RegisterFilterServerRequestHeader``,
with ``RegisterFilterServerResponseHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RegisterFilterServerRequestHeader", "RegisterFilterServerResponseHeader"]


class RegisterFilterServerRequestHeader(CommandCustomHeader):
    """Java ``RegisterFilterServerRequestHeader``."""

    filter_server_addr = Prop(str, required=True)


class RegisterFilterServerResponseHeader(CommandCustomHeader):
    """Java ``RegisterFilterServerResponseHeader``."""

    broker_name = Prop(str, required=True)
    broker_id = Prop(int, 0, required=True)
