"""Java ``org.apache.rocketmq.common.protocol.header.ConsumerSendMsgBackRequestHeader``."""
from __future__ import annotations

from typing import Optional

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

    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: Optional[int]) -> None: self.offset = offset
    def get_group(self) -> str: return self.group
    def set_group(self, group: Optional[str]) -> None: self.group = group
    def get_delay_level(self) -> int: return self.delay_level
    def set_delay_level(self, delay_level: Optional[int]) -> None: self.delay_level = delay_level
    def get_origin_msg_id(self) -> str: return self.origin_msg_id
    def set_origin_msg_id(self, origin_msg_id: Optional[str]) -> None: self.origin_msg_id = origin_msg_id
    def get_origin_topic(self) -> str: return self.origin_topic
    def set_origin_topic(self, origin_topic: Optional[str]) -> None: self.origin_topic = origin_topic
    def get_unit_mode(self) -> bool: return self.unit_mode
    def is_unit_mode(self) -> bool: return self.unit_mode
    def set_unit_mode(self, unit_mode: bool) -> None: self.unit_mode = unit_mode
    def get_max_reconsume_times(self) -> int: return self.max_reconsume_times
    def set_max_reconsume_times(self, max_reconsume_times: Optional[int]) -> None:
        self.max_reconsume_times = max_reconsume_times
