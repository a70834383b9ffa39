"""Java ``org.apache.rocketmq.common.protocol.header.GetProducerConnectionListRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetProducerConnectionListRequestHeader"]


class GetProducerConnectionListRequestHeader(RpcRequestHeader):
    """Java ``GetProducerConnectionListRequestHeader``."""

    producer_group = Prop(str, required=True)
