"""Java ``org.apache.rocketmq.remoting.protocol.header.controller.admin.CleanControllerBrokerDataRequestHeader``
(5.3.3)."""
from __future__ import annotations

import time
from typing import Optional

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

    def get_cluster_name(self) -> str: return self.cluster_name
    def set_cluster_name(self, cluster_name: Optional[str]) -> None: self.cluster_name = cluster_name
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_controller_ids_to_clean(self) -> str: return self.broker_controller_ids_to_clean
    def set_broker_controller_ids_to_clean(self, broker_controller_ids_to_clean: Optional[str]) -> None:
        self.broker_controller_ids_to_clean = broker_controller_ids_to_clean
    def get_is_clean_living_broker(self) -> bool: return self.is_clean_living_broker
    def is_is_clean_living_broker(self) -> bool: return self.is_clean_living_broker
    def set_is_clean_living_broker(self, is_clean_living_broker: bool) -> None:
        self.is_clean_living_broker = is_clean_living_broker
    def get_invoke_time(self) -> int: return self.invoke_time
    def set_invoke_time(self, invoke_time: int) -> None: self.invoke_time = invoke_time
