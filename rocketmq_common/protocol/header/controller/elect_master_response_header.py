"""Java ``org.apache.rocketmq.remoting.protocol.header.controller.ElectMasterResponseHeader`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ElectMasterResponseHeader"]


class ElectMasterResponseHeader(CommandCustomHeader):
    """The controller's answer to CONTROLLER_ELECT_MASTER: the new master and the epochs."""

    master_broker_id = Prop(int)
    master_address = Prop(str)
    master_epoch = Prop(int)
    sync_state_set_epoch = Prop(int)
