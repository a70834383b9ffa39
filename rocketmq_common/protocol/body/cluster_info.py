"""Java ``org.apache.rocketmq.common.protocol.body.ClusterInfo``."""
from __future__ import annotations

from typing import Dict, List, Optional, Set

from rocketmq_common.protocol.route.broker_data import BrokerData
from rocketmq_remoting.common.bean import MapOf, Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ClusterInfo"]


class ClusterInfo(RemotingSerializable):
    """Body of the ``GET_BROKER_CLUSTER_INFO`` response: brokers by name and broker names by cluster.

    The NameServer always writes it in fastjson's dialect (unquoted integer keys in ``brokerAddrs``).
    """

    broker_addr_table = Prop(MapOf(str, BrokerData))
    cluster_addr_table = Prop(MapOf(str, SetOf(str)))

    def get_broker_addr_table(self) -> Dict[str, BrokerData]: return self.broker_addr_table
    def set_broker_addr_table(self, broker_addr_table: Optional[Dict[str, BrokerData]]) -> None:
        self.broker_addr_table = broker_addr_table
    def get_cluster_addr_table(self) -> Dict[str, Set[str]]: return self.cluster_addr_table
    def set_cluster_addr_table(self, cluster_addr_table: Optional[Dict[str, Set[str]]]) -> None:
        self.cluster_addr_table = cluster_addr_table

    def retrieve_all_addr_by_cluster(self, cluster: str) -> List[str]:
        """Java ``retrieveAllAddrByCluster``: every address (masters and slaves) of the cluster's brokers."""
        addrs: List[str] = []
        for broker_name in (self.cluster_addr_table or {}).get(cluster) or ():
            broker_data = (self.broker_addr_table or {}).get(broker_name)
            if broker_data is not None:
                addrs.extend((broker_data.broker_addrs or {}).values())
        return addrs

    def retrieve_all_cluster_names(self) -> List[str]:
        """Java ``retrieveAllClusterNames``."""
        return list(self.cluster_addr_table or {})
