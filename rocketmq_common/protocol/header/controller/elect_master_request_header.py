"""Java ``org.apache.rocketmq.remoting.protocol.header.controller.ElectMasterRequestHeader`` (5.3.3)."""
from __future__ import annotations

import time

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ElectMasterRequestHeader"]


class ElectMasterRequestHeader(CommandCustomHeader):
    """Header of CONTROLLER_ELECT_MASTER (1002): the replica group to elect a master in and, with
    ``designate_elect``, the broker id that is to become master."""

    cluster_name = Prop(str, "", required=True)
    broker_name = Prop(str, "", required=True)
    broker_id = Prop(int, -1, required=True)
    designate_elect = Prop(bool, False, required=True)
    invoke_time = Prop(int, factory=lambda: int(time.time() * 1000))

    def get_cluster_name(self) -> str: return self.cluster_name
    def set_cluster_name(self, cluster_name: str) -> None: self.cluster_name = cluster_name
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: str) -> None: self.broker_name = broker_name
    def get_broker_id(self) -> int: return self.broker_id
    def set_broker_id(self, broker_id: int) -> None: self.broker_id = broker_id
    def get_designate_elect(self) -> bool: return self.designate_elect
    def is_designate_elect(self) -> bool: return self.designate_elect
    def set_designate_elect(self, designate_elect: bool) -> None: self.designate_elect = designate_elect
    def get_invoke_time(self) -> int: return self.invoke_time
    def set_invoke_time(self, invoke_time: int) -> None: self.invoke_time = invoke_time

    @staticmethod
    def of_admin_trigger(cluster_name: str, broker_name: str, broker_id: int) -> "ElectMasterRequestHeader":
        """Java ``ofAdminTrigger``: an election an operator asks for, of ``broker_id``."""
        return ElectMasterRequestHeader(cluster_name=cluster_name, broker_name=broker_name, broker_id=broker_id,
                                        designate_elect=True)

    def __str__(self) -> str:
        return "ElectMasterRequestHeader{clusterName='%s', brokerName='%s', brokerId=%s, designateElect=%s}" % (
            self.cluster_name, self.broker_name, self.broker_id, "true" if self.designate_elect else "false")
