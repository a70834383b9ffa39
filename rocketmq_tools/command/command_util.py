"""Java ``org.apache.rocketmq.tools.command.CommandUtil``: brokers of a cluster from the name server."""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Set

from rocketmq_common.mix_all import MixAll
from rocketmq_tools.command.sub_command_exception import SubCommandException

if TYPE_CHECKING:
    from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

__all__ = ["CommandUtil"]


class CommandUtil:
    """See the module docstring."""

    ERROR_MESSAGE = "Make sure the specified clusterName exists or the name server connected to is correct."

    @staticmethod
    def fetch_master_addr_by_cluster_name(admin: "DefaultMQAdminExt", cluster_name: str) -> Set[str]:
        """Java ``fetchMasterAddrByClusterName``: the master address of each broker of the cluster (empty for an
        unknown cluster; Java also prints :attr:`ERROR_MESSAGE`, the callers here fail with it)."""
        info = admin.examine_broker_cluster_info()
        broker_names = (info.cluster_addr_table or {}).get(cluster_name)
        masters: Set[str] = set()
        for broker_name in broker_names or ():
            broker_data = (info.broker_addr_table or {}).get(broker_name)
            if broker_data is not None:
                addr = (broker_data.broker_addrs or {}).get(MixAll.MASTER_ID)
                if addr is not None:
                    masters.add(addr)
        return masters

    @staticmethod
    def fetch_broker_name_by_cluster_name(admin: "DefaultMQAdminExt", cluster_name: str) -> Set[str]:
        """Java ``fetchBrokerNameByClusterName``."""
        broker_names = (admin.examine_broker_cluster_info().cluster_addr_table or {}).get(cluster_name)
        if not broker_names:
            raise SubCommandException(CommandUtil.ERROR_MESSAGE)
        return set(broker_names)

    @staticmethod
    def fetch_broker_name_by_addr(admin: "DefaultMQAdminExt", addr: str) -> str:
        """Java ``fetchBrokerNameByAddr``."""
        for broker_name, broker_data in (admin.examine_broker_cluster_info().broker_addr_table or {}).items():
            if addr in (broker_data.broker_addrs or {}).values():
                return broker_name
        raise SubCommandException(CommandUtil.ERROR_MESSAGE)

    @staticmethod
    def fetch_master_and_slave_distinguish(admin: "DefaultMQAdminExt", cluster_name: str) -> Dict[str, List[str]]:
        """Java ``fetchMasterAndSlaveDistinguish``: each master address of the cluster with its slaves' addresses
        (broker names sorted); an unknown cluster fails with :attr:`ERROR_MESSAGE`."""
        info = admin.examine_broker_cluster_info()
        broker_names = (info.cluster_addr_table or {}).get(cluster_name)
        if broker_names is None:
            raise SubCommandException(CommandUtil.ERROR_MESSAGE)
        result: Dict[str, List[str]] = {}
        for broker_name in sorted(broker_names):
            broker_data = (info.broker_addr_table or {}).get(broker_name)
            if broker_data is None or not broker_data.broker_addrs:
                continue
            addrs = broker_data.broker_addrs
            result[addrs.get(MixAll.MASTER_ID)] = [addr for broker_id, addr in sorted(addrs.items())
                                                   if addr is not None and broker_id != MixAll.MASTER_ID]
        return result

    @staticmethod
    def fetch_master_and_slave_addr_by_cluster_name(admin: "DefaultMQAdminExt", cluster_name: str) -> Set[str]:
        """Java ``fetchMasterAndSlaveAddrByClusterName``: every broker address (masters and slaves) of the
        cluster; an unknown cluster fails with :attr:`ERROR_MESSAGE`."""
        info = admin.examine_broker_cluster_info()
        broker_names = (info.cluster_addr_table or {}).get(cluster_name)
        if broker_names is None:
            raise SubCommandException(CommandUtil.ERROR_MESSAGE)
        addrs: Set[str] = set()
        for broker_name in broker_names:
            broker_data = (info.broker_addr_table or {}).get(broker_name)
            if broker_data is not None:
                addrs.update((broker_data.broker_addrs or {}).values())
        return addrs

    @staticmethod
    def fetch_master_and_slave_addr_by_broker_name(admin: "DefaultMQAdminExt", broker_name: str) -> Set[str]:
        """Java ``fetchMasterAndSlaveAddrByBrokerName`` (5.3.3): every address of the broker name (empty for an
        unknown one)."""
        broker_data = (admin.examine_broker_cluster_info().broker_addr_table or {}).get(broker_name)
        return set((broker_data.broker_addrs or {}).values()) if broker_data is not None else set()
