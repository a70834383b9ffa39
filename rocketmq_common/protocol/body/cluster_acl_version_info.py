"""Java ``org.apache.rocketmq.common.protocol.body.ClusterAclVersionInfo``."""
from __future__ import annotations

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
