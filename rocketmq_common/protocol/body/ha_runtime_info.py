"""Java ``org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo`` (5.3.3) and its nested
``HAConnectionRuntimeInfo`` / ``HAClientRuntimeInfo``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["HARuntimeInfo", "HAConnectionRuntimeInfo", "HAClientRuntimeInfo"]


class HAConnectionRuntimeInfo(RemotingSerializable):
    """Java ``HARuntimeInfo.HAConnectionRuntimeInfo``: one slave connected to a master."""

    addr = Prop(str)
    slave_ack_offset = Prop(int, 0)
    diff = Prop(int, 0)
    in_sync = Prop(bool, False)
    transferred_byte_in_second = Prop(int, 0)
    transfer_from_where = Prop(int, 0)

    def get_addr(self) -> str: return self.addr
    def set_addr(self, addr: Optional[str]) -> None: self.addr = addr
    def get_slave_ack_offset(self) -> int: return self.slave_ack_offset
    def set_slave_ack_offset(self, slave_ack_offset: int) -> None: self.slave_ack_offset = slave_ack_offset
    def get_diff(self) -> int: return self.diff
    def set_diff(self, diff: int) -> None: self.diff = diff
    def get_in_sync(self) -> bool: return self.in_sync
    def is_in_sync(self) -> bool: return self.in_sync
    def set_in_sync(self, in_sync: bool) -> None: self.in_sync = in_sync
    def get_transferred_byte_in_second(self) -> int: return self.transferred_byte_in_second
    def set_transferred_byte_in_second(self, transferred_byte_in_second: int) -> None:
        self.transferred_byte_in_second = transferred_byte_in_second
    def get_transfer_from_where(self) -> int: return self.transfer_from_where
    def set_transfer_from_where(self, transfer_from_where: int) -> None: self.transfer_from_where = transfer_from_where


class HAClientRuntimeInfo(RemotingSerializable):
    """Java ``HARuntimeInfo.HAClientRuntimeInfo``: a slave's replication from its master."""

    master_addr = Prop(str)
    transferred_byte_in_second = Prop(int, 0)
    max_offset = Prop(int, 0)
    last_read_timestamp = Prop(int, 0)
    last_write_timestamp = Prop(int, 0)
    master_flush_offset = Prop(int, 0)
    is_activated = Prop(bool, False, wire="activated")

    def get_master_addr(self) -> str: return self.master_addr
    def set_master_addr(self, master_addr: Optional[str]) -> None: self.master_addr = master_addr
    def get_transferred_byte_in_second(self) -> int: return self.transferred_byte_in_second
    def set_transferred_byte_in_second(self, transferred_byte_in_second: int) -> None:
        self.transferred_byte_in_second = transferred_byte_in_second
    def get_max_offset(self) -> int: return self.max_offset
    def set_max_offset(self, max_offset: int) -> None: self.max_offset = max_offset
    def get_last_read_timestamp(self) -> int: return self.last_read_timestamp
    def set_last_read_timestamp(self, last_read_timestamp: int) -> None: self.last_read_timestamp = last_read_timestamp
    def get_last_write_timestamp(self) -> int: return self.last_write_timestamp
    def set_last_write_timestamp(self, last_write_timestamp: int) -> None:
        self.last_write_timestamp = last_write_timestamp
    def get_master_flush_offset(self) -> int: return self.master_flush_offset
    def set_master_flush_offset(self, master_flush_offset: int) -> None: self.master_flush_offset = master_flush_offset
    def get_is_activated(self) -> bool: return self.is_activated
    def is_is_activated(self) -> bool: return self.is_activated
    def set_is_activated(self, is_activated: bool) -> None: self.is_activated = is_activated


class HARuntimeInfo(RemotingSerializable):
    """A broker's answer to GET_BROKER_HA_STATUS (907): a master's commit log offset and slaves, or a slave's
    client side."""

    master = Prop(bool, False)
    master_commit_log_max_offset = Prop(int, 0)
    in_sync_slave_nums = Prop(int, 0)
    ha_connection_info = Prop(ListOf(HAConnectionRuntimeInfo), [])
    ha_client_runtime_info = Prop(HAClientRuntimeInfo, factory=HAClientRuntimeInfo)

    def get_master(self) -> bool: return self.master
    def is_master(self) -> bool: return self.master
    def set_master(self, master: bool) -> None: self.master = master
    def get_master_commit_log_max_offset(self) -> int: return self.master_commit_log_max_offset
    def set_master_commit_log_max_offset(self, master_commit_log_max_offset: int) -> None:
        self.master_commit_log_max_offset = master_commit_log_max_offset
    def get_in_sync_slave_nums(self) -> int: return self.in_sync_slave_nums
    def set_in_sync_slave_nums(self, in_sync_slave_nums: int) -> None: self.in_sync_slave_nums = in_sync_slave_nums
    def get_ha_connection_info(self) -> List[HAConnectionRuntimeInfo]: return self.ha_connection_info
    def set_ha_connection_info(self, ha_connection_info: List[HAConnectionRuntimeInfo]) -> None:
        self.ha_connection_info = ha_connection_info
    def get_ha_client_runtime_info(self) -> HAClientRuntimeInfo: return self.ha_client_runtime_info
    def set_ha_client_runtime_info(self, ha_client_runtime_info: HAClientRuntimeInfo) -> None:
        self.ha_client_runtime_info = ha_client_runtime_info
