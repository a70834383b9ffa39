"""Java ``org.apache.rocketmq.remoting.protocol.header.controller.GetMetaDataResponseHeader`` (5.3.3)."""
from __future__ import annotations

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
