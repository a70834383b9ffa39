"""Java ``org.apache.rocketmq.common.protocol.header.NotifyConsumerIdsChangedRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["NotifyConsumerIdsChangedRequestHeader"]


class NotifyConsumerIdsChangedRequestHeader(RpcRequestHeader):
    """Java ``NotifyConsumerIdsChangedRequestHeader``."""

    consumer_group = Prop(str, required=True)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
