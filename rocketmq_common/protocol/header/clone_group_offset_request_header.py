"""Java ``org.apache.rocketmq.common.protocol.header.CloneGroupOffsetRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["CloneGroupOffsetRequestHeader"]


class CloneGroupOffsetRequestHeader(RpcRequestHeader):
    """Java ``CloneGroupOffsetRequestHeader``."""

    src_group = Prop(str, required=True)
    dest_group = Prop(str, required=True)
    topic = Prop(str)
    offline = Prop(bool, False)

    def get_src_group(self) -> str: return self.src_group
    def set_src_group(self, src_group: Optional[str]) -> None: self.src_group = src_group
    def get_dest_group(self) -> str: return self.dest_group
    def set_dest_group(self, dest_group: Optional[str]) -> None: self.dest_group = dest_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_offline(self) -> bool: return self.offline
    def is_offline(self) -> bool: return self.offline
    def set_offline(self, offline: bool) -> None: self.offline = offline
