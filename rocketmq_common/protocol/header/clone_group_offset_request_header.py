"""Java ``org.apache.rocketmq.common.protocol.header.CloneGroupOffsetRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["CloneGroupOffsetRequestHeader"]


class CloneGroupOffsetRequestHeader(RpcRequestHeader):
    """Java ``CloneGroupOffsetRequestHeader``."""

    src_group = Prop(str, required=True)
    dest_group = Prop(str, required=True)
    topic = Prop(str)
    offline = Prop(bool, False)
