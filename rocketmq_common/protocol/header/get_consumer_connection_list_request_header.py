"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerConnectionListRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetConsumerConnectionListRequestHeader"]


class GetConsumerConnectionListRequestHeader(RpcRequestHeader):
    """Java ``GetConsumerConnectionListRequestHeader``."""

    consumer_group = Prop(str, required=True)
