"""Java ``org.apache.rocketmq.common.protocol.header.ConsumerSendMsgBackRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["ConsumerSendMsgBackRequestHeader"]


class ConsumerSendMsgBackRequestHeader(RpcRequestHeader):
    """Java ``ConsumerSendMsgBackRequestHeader``."""

    offset = Prop(int, required=True)
    group = Prop(str, required=True)
    delay_level = Prop(int, required=True)
    origin_msg_id = Prop(str)
    origin_topic = Prop(str)
    unit_mode = Prop(bool, False)
    max_reconsume_times = Prop(int)
