"""Java ``org.apache.rocketmq.remoting.protocol.header.controller.ElectMasterResponseHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ElectMasterResponseHeader"]


class ElectMasterResponseHeader(CommandCustomHeader):
    """The controller's answer to CONTROLLER_ELECT_MASTER: the new master and the epochs."""

    master_broker_id = Prop(int)
    master_address = Prop(str)
    master_epoch = Prop(int)
    sync_state_set_epoch = Prop(int)

    def get_master_broker_id(self) -> int: return self.master_broker_id
    def set_master_broker_id(self, master_broker_id: Optional[int]) -> None: self.master_broker_id = master_broker_id
    def get_master_address(self) -> str: return self.master_address
    def set_master_address(self, master_address: Optional[str]) -> None: self.master_address = master_address
    def get_master_epoch(self) -> int: return self.master_epoch
    def set_master_epoch(self, master_epoch: Optional[int]) -> None: self.master_epoch = master_epoch
    def get_sync_state_set_epoch(self) -> int: return self.sync_state_set_epoch
    def set_sync_state_set_epoch(self, sync_state_set_epoch: Optional[int]) -> None:
        self.sync_state_set_epoch = sync_state_set_epoch
