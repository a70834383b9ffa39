"""Java ``org.apache.rocketmq.common.protocol.header.DeleteSubscriptionGroupRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["DeleteSubscriptionGroupRequestHeader"]


class DeleteSubscriptionGroupRequestHeader(RpcRequestHeader):
    """Java ``DeleteSubscriptionGroupRequestHeader``."""

    group_name = Prop(str, required=True)
    remove_offset = Prop(bool, False)

    def get_group_name(self) -> str: return self.group_name
    def set_group_name(self, group_name: Optional[str]) -> None: self.group_name = group_name
    def get_remove_offset(self) -> bool: return self.remove_offset
    def is_remove_offset(self) -> bool: return self.remove_offset
    def set_remove_offset(self, remove_offset: bool) -> None: self.remove_offset = remove_offset
