"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerConnectionListRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetConsumerConnectionListRequestHeader"]


class GetConsumerConnectionListRequestHeader(RpcRequestHeader):
    """Java ``GetConsumerConnectionListRequestHeader``."""

    consumer_group = Prop(str, required=True)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
