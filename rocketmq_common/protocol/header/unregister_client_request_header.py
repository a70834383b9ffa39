"""Java ``org.apache.rocketmq.common.protocol.header.UnregisterClientRequestHeader``,
with ``UnregisterClientResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["UnregisterClientRequestHeader", "UnregisterClientResponseHeader"]


class UnregisterClientRequestHeader(RpcRequestHeader):
    """Java ``UnregisterClientRequestHeader``."""

    client_id = Prop(str, wire="clientID", required=True)
    producer_group = Prop(str)
    consumer_group = Prop(str)

    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_producer_group(self) -> str: return self.producer_group
    def set_producer_group(self, producer_group: Optional[str]) -> None: self.producer_group = producer_group
    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group


class UnregisterClientResponseHeader(CommandCustomHeader):
    """Java ``UnregisterClientResponseHeader``."""
