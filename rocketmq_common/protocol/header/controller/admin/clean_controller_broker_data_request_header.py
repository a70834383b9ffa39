"""Java ``org.apache.rocketmq.remoting.protocol.header.controller.admin.CleanControllerBrokerDataRequestHeader``
(5.3.3)."""
from __future__ import annotations

import time

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["CleanControllerBrokerDataRequestHeader"]


class CleanControllerBrokerDataRequestHeader(CommandCustomHeader):
    """Header of CLEAN_BROKER_DATA (1011): which brokers' metadata the controller forgets (ids ``1;2;3``, all of
    the replica group when None), living brokers too with ``is_clean_living_broker``."""

    cluster_name = Prop(str)
    broker_name = Prop(str, required=True)
    broker_controller_ids_to_clean = Prop(str)
    is_clean_living_broker = Prop(bool, False, wire="isCleanLivingBroker")
    invoke_time = Prop(int, factory=lambda: int(time.time() * 1000))
