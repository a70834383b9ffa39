"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerRunningInfoRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetConsumerRunningInfoRequestHeader"]


class GetConsumerRunningInfoRequestHeader(RpcRequestHeader):
    """Java ``GetConsumerRunningInfoRequestHeader``."""

    consumer_group = Prop(str, required=True)
    client_id = Prop(str, required=True)
    jstack_enable = Prop(bool, False)
