"""Java ``org.apache.rocketmq.common.protocol.header.UnregisterClientRequestHeader``,
with ``UnregisterClientResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["UnregisterClientRequestHeader", "UnregisterClientResponseHeader"]


class UnregisterClientRequestHeader(RpcRequestHeader):
    """Java ``UnregisterClientRequestHeader``."""

    client_id = Prop(str, wire="clientID", required=True)
    producer_group = Prop(str)
    consumer_group = Prop(str)


class UnregisterClientResponseHeader(CommandCustomHeader):
    """Java ``UnregisterClientResponseHeader``."""
