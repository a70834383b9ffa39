"""Java ``org.apache.rocketmq.remoting.protocol.header.controller.GetMetaDataResponseHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetMetaDataResponseHeader"]


class GetMetaDataResponseHeader(CommandCustomHeader):
    """A controller's answer to CONTROLLER_GET_METADATA_INFO (1005): its group, the leader's id and address,
    whether it leads, and the peers (``id-host:port;...``)."""

    group = Prop(str)
    controller_leader_id = Prop(str)
    controller_leader_address = Prop(str)
    is_leader = Prop(bool, False, wire="isLeader")
    peers = Prop(str)

    def get_group(self) -> str: return self.group
    def set_group(self, group: Optional[str]) -> None: self.group = group
    def get_controller_leader_id(self) -> str: return self.controller_leader_id
    def set_controller_leader_id(self, controller_leader_id: Optional[str]) -> None:
        self.controller_leader_id = controller_leader_id
    def get_controller_leader_address(self) -> str: return self.controller_leader_address
    def set_controller_leader_address(self, controller_leader_address: Optional[str]) -> None:
        self.controller_leader_address = controller_leader_address
    def get_is_leader(self) -> bool: return self.is_leader
    def is_is_leader(self) -> bool: return self.is_leader
    def set_is_leader(self, is_leader: bool) -> None: self.is_leader = is_leader
    def get_peers(self) -> str: return self.peers
    def set_peers(self, peers: Optional[str]) -> None: self.peers = peers
