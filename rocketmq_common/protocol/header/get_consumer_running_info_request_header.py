"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerRunningInfoRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetConsumerRunningInfoRequestHeader"]


class GetConsumerRunningInfoRequestHeader(RpcRequestHeader):
    """Java ``GetConsumerRunningInfoRequestHeader``."""

    consumer_group = Prop(str, required=True)
    client_id = Prop(str, required=True)
    jstack_enable = Prop(bool, False)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_jstack_enable(self) -> bool: return self.jstack_enable
    def is_jstack_enable(self) -> bool: return self.jstack_enable
    def set_jstack_enable(self, jstack_enable: bool) -> None: self.jstack_enable = jstack_enable
