"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.GetRouteInfoRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetRouteInfoRequestHeader"]


class GetRouteInfoRequestHeader(CommandCustomHeader):
    """Java ``GetRouteInfoRequestHeader``."""

    topic = Prop(str, required=True)
    accept_standard_json_only = Prop(bool)
