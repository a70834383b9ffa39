"""Java ``org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo`` (5.3.3) and its nested
``HAConnectionRuntimeInfo`` / ``HAClientRuntimeInfo``."""
from __future__ import annotations

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


class HAClientRuntimeInfo(RemotingSerializable):
    """Java ``HARuntimeInfo.HAClientRuntimeInfo``: a slave's replication from its master."""

    master_addr = Prop(str)
    transferred_byte_in_second = Prop(int, 0)
    max_offset = Prop(int, 0)
    last_read_timestamp = Prop(int, 0)
    last_write_timestamp = Prop(int, 0)
    master_flush_offset = Prop(int, 0)
    is_activated = Prop(bool, False, wire="activated")


class HARuntimeInfo(RemotingSerializable):
    """A broker's answer to GET_BROKER_HA_STATUS (907): a master's commit log offset and slaves, or a slave's
    client side."""

    master = Prop(bool, False)
    master_commit_log_max_offset = Prop(int, 0)
    in_sync_slave_nums = Prop(int, 0)
    ha_connection_info = Prop(ListOf(HAConnectionRuntimeInfo), [])
    ha_client_runtime_info = Prop(HAClientRuntimeInfo, factory=HAClientRuntimeInfo)
