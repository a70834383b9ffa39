"""Java ``org.apache.rocketmq.common.protocol.body.ClusterAclVersionInfo``."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_common.data_version import DataVersion
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ClusterAclVersionInfo"]


class ClusterAclVersionInfo(RemotingSerializable):
    """ACL configuration versions of a broker (``GET_BROKER_CLUSTER_ACL_INFO``); ``acl_config_data_version`` is
    deprecated in Java in favour of ``all_acl_config_data_version`` (by ACL file)."""

    broker_name = Prop(str)
    broker_addr = Prop(str)
    acl_config_data_version = Prop(DataVersion)
    all_acl_config_data_version = Prop(MapOf(str, DataVersion))
    cluster_name = Prop(str)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
    def get_acl_config_data_version(self) -> DataVersion: return self.acl_config_data_version
    def set_acl_config_data_version(self, acl_config_data_version: Optional[DataVersion]) -> None:
        self.acl_config_data_version = acl_config_data_version
    def get_all_acl_config_data_version(self) -> Dict[str, DataVersion]: return self.all_acl_config_data_version
    def set_all_acl_config_data_version(self, all_acl_config_data_version: Optional[Dict[str, DataVersion]]) -> None:
        self.all_acl_config_data_version = all_acl_config_data_version
    def get_cluster_name(self) -> str: return self.cluster_name
    def set_cluster_name(self, cluster_name: Optional[str]) -> None: self.cluster_name = cluster_name
