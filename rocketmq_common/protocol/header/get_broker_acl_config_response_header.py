"""Java ``org.apache.rocketmq.common.protocol.header.GetBrokerAclConfigResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetBrokerAclConfigResponseHeader"]


class GetBrokerAclConfigResponseHeader(CommandCustomHeader):
    """Java ``GetBrokerAclConfigResponseHeader``."""

    version = Prop(str, required=True)
    all_acl_file_version = Prop(str)
    broker_name = Prop(str, required=True)
    broker_addr = Prop(str, required=True)
    cluster_name = Prop(str, required=True)

    def get_version(self) -> str: return self.version
    def set_version(self, version: Optional[str]) -> None: self.version = version
    def get_all_acl_file_version(self) -> str: return self.all_acl_file_version
    def set_all_acl_file_version(self, all_acl_file_version: Optional[str]) -> None:
        self.all_acl_file_version = all_acl_file_version
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
    def get_cluster_name(self) -> str: return self.cluster_name
    def set_cluster_name(self, cluster_name: Optional[str]) -> None: self.cluster_name = cluster_name
