"""Java ``org.apache.rocketmq.common.protocol.header.NotifyConsumerIdsChangedRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["NotifyConsumerIdsChangedRequestHeader"]


class NotifyConsumerIdsChangedRequestHeader(RpcRequestHeader):
    """Java ``NotifyConsumerIdsChangedRequestHeader``."""

    consumer_group = Prop(str, required=True)
