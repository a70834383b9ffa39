"""Java ``org.apache.rocketmq.common.protocol.header.DeleteSubscriptionGroupRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["DeleteSubscriptionGroupRequestHeader"]


class DeleteSubscriptionGroupRequestHeader(RpcRequestHeader):
    """Java ``DeleteSubscriptionGroupRequestHeader``."""

    group_name = Prop(str, required=True)
    remove_offset = Prop(bool, False)
