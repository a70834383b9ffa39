"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.QueryDataVersionRequestHeader``,
with ``QueryDataVersionResponseHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["QueryDataVersionRequestHeader", "QueryDataVersionResponseHeader"]


class QueryDataVersionRequestHeader(CommandCustomHeader):
    """Java ``QueryDataVersionRequestHeader``."""

    broker_name = Prop(str, required=True)
    broker_addr = Prop(str, required=True)
    cluster_name = Prop(str, required=True)
    broker_id = Prop(int, required=True)


class QueryDataVersionResponseHeader(CommandCustomHeader):
    """Java ``QueryDataVersionResponseHeader``."""

    changed = Prop(bool, required=True)
