"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerListByGroupRequestHeader``,
with ``GetConsumerListByGroupResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetConsumerListByGroupRequestHeader", "GetConsumerListByGroupResponseHeader"]


class GetConsumerListByGroupRequestHeader(RpcRequestHeader):
    """Java ``GetConsumerListByGroupRequestHeader``."""

    consumer_group = Prop(str, required=True)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group


class GetConsumerListByGroupResponseHeader(CommandCustomHeader):
    """Java ``GetConsumerListByGroupResponseHeader``."""
