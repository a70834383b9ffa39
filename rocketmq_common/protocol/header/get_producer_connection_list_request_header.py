"""Java ``org.apache.rocketmq.common.protocol.header.GetProducerConnectionListRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetProducerConnectionListRequestHeader"]


class GetProducerConnectionListRequestHeader(RpcRequestHeader):
    """Java ``GetProducerConnectionListRequestHeader``."""

    producer_group = Prop(str, required=True)

    def get_producer_group(self) -> str: return self.producer_group
    def set_producer_group(self, producer_group: Optional[str]) -> None: self.producer_group = producer_group
