"""Java ``org.apache.rocketmq.namesrv.routeinfo.RouteInfoManager`` (with its ``BrokerLiveInfo``)."""
from __future__ import annotations

import copy
import logging
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.data_version import DataVersion
from rocketmq_common.mix_all import MixAll
from rocketmq_common.namesrv.register_broker_result import RegisterBrokerResult
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.topic_config_and_mapping_serialize_wrapper import \
    TopicConfigAndMappingSerializeWrapper
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.route.broker_data import BrokerData
from rocketmq_common.protocol.route.queue_data import QueueData
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_common.sysflag.topic_sys_flag import TopicSysFlag
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.netty.channel import Channel

__all__ = ["RouteInfoManager", "BrokerLiveInfo", "BROKER_CHANNEL_EXPIRED_TIME"]

log = logging.getLogger(__name__)

#: a broker that has not registered (nor confirmed its data version) for this many milliseconds is dropped
BROKER_CHANNEL_EXPIRED_TIME = 1000 * 60 * 2


def _current_time_millis() -> int:
    return int(time.time() * 1000)


class BrokerLiveInfo(Bean):
    """Java ``BrokerLiveInfo``: when a broker address last registered, with which data version, over which
    connection, and its HA server address."""

    last_update_timestamp = Prop(int, 0)
    data_version = Prop(DataVersion)
    channel = Prop(Channel)
    ha_server_addr = Prop(str)

    def get_last_update_timestamp(self) -> int: return self.last_update_timestamp
    def set_last_update_timestamp(self, last_update_timestamp: int) -> None:
        self.last_update_timestamp = last_update_timestamp
    def get_data_version(self) -> DataVersion: return self.data_version
    def set_data_version(self, data_version: Optional[DataVersion]) -> None: self.data_version = data_version
    def get_channel(self) -> Channel: return self.channel
    def set_channel(self, channel: Optional[Channel]) -> None: self.channel = channel
    def get_ha_server_addr(self) -> str: return self.ha_server_addr
    def set_ha_server_addr(self, ha_server_addr: Optional[str]) -> None: self.ha_server_addr = ha_server_addr

    def __init__(self, last_update_timestamp: int, data_version: Optional[DataVersion], channel: Optional[Channel],
                 ha_server_addr: Optional[str]) -> None:
        super().__init__()
        self.last_update_timestamp = last_update_timestamp
        self.data_version = data_version
        self.channel = channel
        self.ha_server_addr = ha_server_addr


class RouteInfoManager:
    """The NameServer's routing tables: queues per topic and broker name, broker addresses per broker name,
    broker names per cluster, live broker connections and filter servers.

    One re-entrant lock guards every table (Java uses a read/write lock). ``broker_channel_expired_time`` (ms)
    is Java's ``BROKER_CHANNEL_EXPIRED_TIME`` unless given (tests shorten it).
    """

    def __init__(self, broker_channel_expired_time: int = BROKER_CHANNEL_EXPIRED_TIME) -> None:
        if broker_channel_expired_time <= 0:
            raise ValueError("broker_channel_expired_time must be positive, got %r" % broker_channel_expired_time)
        self.broker_channel_expired_time = broker_channel_expired_time
        self.lock = threading.RLock()
        self.topic_queue_table: Dict[str, Dict[str, QueueData]] = {}
        self.broker_addr_table: Dict[str, BrokerData] = {}
        self.cluster_addr_table: Dict[str, Set[str]] = {}
        self.broker_live_table: Dict[str, BrokerLiveInfo] = {}
        self.filter_server_table: Dict[str, List[str]] = {}
        #: 5.3.3: the static topics' mapping infos by topic and broker name (kept until the NameServer restarts,
        #: as Java's)
        self.topic_queue_mapping_info_table: Dict[str, Dict[str, TopicQueueMappingInfo]] = {}

    # ------------------------------------------------------------------ reads

    def get_all_cluster_info(self) -> ClusterInfo:
        """Java ``getAllClusterInfo`` (a snapshot: later changes do not show in it)."""
        with self.lock:
            return ClusterInfo(
                broker_addr_table={name: BrokerData(bd.cluster, bd.broker_name, dict(bd.broker_addrs or {}))
                                   for name, bd in self.broker_addr_table.items()},
                cluster_addr_table={cluster: set(names) for cluster, names in self.cluster_addr_table.items()})

    def get_all_topic_list(self) -> TopicList:
        """Java ``getAllTopicList``."""
        with self.lock:
            return TopicList(topic_list=set(self.topic_queue_table))

    def pickup_topic_route_data(self, topic: str) -> Optional[TopicRouteData]:
        """Java ``pickupTopicRouteData``: the topic's queues and the addresses of its brokers (5.3.3: and a static
        topic's mapping infos by broker), or None when the topic has no queues or none of its brokers is known."""
        route = TopicRouteData(broker_datas=[], filter_server_table={})
        with self.lock:
            queue_data_map = self.topic_queue_table.get(topic)
            if queue_data_map is None:
                log.debug("pickupTopicRouteData %s None", topic)
                return None
            route.queue_datas = [copy.copy(qd) for qd in queue_data_map.values()]
            for broker_name in queue_data_map:
                broker_data = self.broker_addr_table.get(broker_name)
                if broker_data is None:
                    continue
                clone = BrokerData(broker_data.cluster, broker_data.broker_name, dict(broker_data.broker_addrs or {}))
                route.broker_datas.append(clone)
                if self.filter_server_table:
                    for broker_addr in clone.broker_addrs.values():
                        filter_server_list = self.filter_server_table.get(broker_addr)
                        if filter_server_list is not None:
                            route.filter_server_table[broker_addr] = list(filter_server_list)
            mapping_infos = self.topic_queue_mapping_info_table.get(topic)
            if mapping_infos is not None:
                route.topic_queue_mapping_by_broker = dict(mapping_infos)
        log.debug("pickupTopicRouteData %s %s", topic, route)
        return route if route.broker_datas else None

    def get_system_topic_list(self) -> TopicList:
        """Java ``getSystemTopicList``: every cluster and broker name, plus one broker address."""
        topic_list = TopicList()
        with self.lock:
            for cluster_name, broker_names in self.cluster_addr_table.items():
                topic_list.topic_list.add(cluster_name)
                topic_list.topic_list.update(broker_names)
            for broker_data in self.broker_addr_table.values():
                if broker_data.broker_addrs:
                    topic_list.broker_addr = next(iter(broker_data.broker_addrs.values()))
                    break
        return topic_list

    def get_topics_by_cluster(self, cluster: str) -> TopicList:
        """Java ``getTopicsByCluster``: topics with queues on a broker of the cluster (none for an unknown
        cluster)."""
        topic_list = TopicList()
        with self.lock:
            broker_names = self.cluster_addr_table.get(cluster)
            if broker_names is None:
                log.debug("getTopicsByCluster: unknown cluster %s", cluster)
                return topic_list
            for topic, queue_data_map in self.topic_queue_table.items():
                if any(broker_name in queue_data_map for broker_name in broker_names):
                    topic_list.topic_list.add(topic)
        return topic_list

    def get_unit_topics(self) -> TopicList:
        """Java ``getUnitTopics``."""
        return self._topic_queue_table_iter(lambda qd: TopicSysFlag.has_unit_flag(qd.topic_sys_flag))

    def get_has_unit_sub_topic_list(self) -> TopicList:
        """Java ``getHasUnitSubTopicList``."""
        return self._topic_queue_table_iter(lambda qd: TopicSysFlag.has_unit_sub_flag(qd.topic_sys_flag))

    def get_has_unit_sub_un_unit_topic_list(self) -> TopicList:
        """Java ``getHasUnitSubUnUnitTopicList``."""
        return self._topic_queue_table_iter(lambda qd: not TopicSysFlag.has_unit_flag(qd.topic_sys_flag)
                                            and TopicSysFlag.has_unit_sub_flag(qd.topic_sys_flag))

    def _topic_queue_table_iter(self, pick_condition: Callable[[QueueData], bool]) -> TopicList:
        # like Java, only the first queue data of each topic is tested
        topic_list = TopicList()
        with self.lock:
            for topic, queue_data_map in self.topic_queue_table.items():
                for queue_data in queue_data_map.values():
                    if pick_condition(queue_data):
                        topic_list.topic_list.add(topic)
                    break
        return topic_list

    # ------------------------------------------------------------------ broker registration

    def register_broker(self, cluster_name: str, broker_addr: str, broker_name: str, broker_id: int,
                        ha_server_addr: Optional[str],
                        topic_config_wrapper: Optional[TopicConfigSerializeWrapper],
                        filter_server_list: Optional[List[str]], channel: Any) -> RegisterBrokerResult:
        """Java ``registerBroker``: record the broker (and, for a master whose data version changed or that
        registers for the first time, its topics and (5.3.3) static-topic mapping infos); a slave learns its
        master's address and HA address."""
        result = RegisterBrokerResult()
        with self.lock:
            self.cluster_addr_table.setdefault(cluster_name, set()).add(broker_name)

            register_first = False
            broker_data = self.broker_addr_table.get(broker_name)
            if broker_data is None:
                register_first = True
                broker_data = BrokerData(cluster_name, broker_name, {})
                self.broker_addr_table[broker_name] = broker_data
            broker_addrs = broker_data.broker_addrs
            # switching a slave to master: the same address must have only one entry
            for other_id, addr in list(broker_addrs.items()):
                if broker_addr is not None and broker_addr == addr and broker_id != other_id:
                    log.debug("remove entry %s=%s from brokerData", other_id, addr)
                    del broker_addrs[other_id]

            old_addr = broker_addrs.get(broker_id)
            broker_addrs[broker_id] = broker_addr
            if broker_id == MixAll.MASTER_ID:
                log.info("cluster [%s] brokerName [%s] master address change from %s to %s",
                         broker_data.cluster, broker_data.broker_name, old_addr, broker_addr)
            register_first = register_first or old_addr is None

            data_version = topic_config_wrapper.data_version if topic_config_wrapper is not None else None
            if topic_config_wrapper is not None and broker_id == MixAll.MASTER_ID and (
                    register_first or self.is_broker_topic_config_changed(broker_addr, data_version)):
                for topic_config in (topic_config_wrapper.topic_config_table or {}).values():
                    self._create_and_update_queue_data(broker_name, topic_config)
                mapping_wrapper = TopicConfigAndMappingSerializeWrapper.from_(topic_config_wrapper)
                for topic, mapping_info in (mapping_wrapper.topic_queue_mapping_info_map or {}).items():
                    # keyed by the info's broker name (Java: "here use the mappingDetail.bname")
                    self.topic_queue_mapping_info_table.setdefault(topic, {})[mapping_info.bname] = mapping_info

            prev = self.broker_live_table.get(broker_addr)
            self.broker_live_table[broker_addr] = BrokerLiveInfo(_current_time_millis(), data_version, channel,
                                                                 ha_server_addr)
            if prev is None:
                log.info("new broker registered, %s HAServer: %s", broker_addr, ha_server_addr)

            if filter_server_list is not None:
                if not filter_server_list:
                    self.filter_server_table.pop(broker_addr, None)
                else:
                    self.filter_server_table[broker_addr] = filter_server_list

            if broker_id != MixAll.MASTER_ID:
                master_addr = broker_addrs.get(MixAll.MASTER_ID)
                if master_addr is not None:
                    master_live_info = self.broker_live_table.get(master_addr)
                    if master_live_info is not None:
                        result.ha_server_addr = master_live_info.ha_server_addr
                        result.master_addr = master_addr
        return result

    def is_broker_topic_config_changed(self, broker_addr: str, data_version: Optional[DataVersion]) -> bool:
        """Java ``isBrokerTopicConfigChanged``: True unless the broker is live with this very data version."""
        prev = self.query_broker_topic_config(broker_addr)
        return prev is None or prev != data_version

    def query_broker_topic_config(self, broker_addr: str) -> Optional[DataVersion]:
        """Java ``queryBrokerTopicConfig``: the data version the live broker last registered with."""
        with self.lock:
            prev = self.broker_live_table.get(broker_addr)
            return prev.data_version if prev is not None else None

    def update_broker_info_update_timestamp(self, broker_addr: str, time_stamp: int) -> None:
        """Java ``updateBrokerInfoUpdateTimestamp``: keep a live broker from expiring."""
        with self.lock:
            prev = self.broker_live_table.get(broker_addr)
            if prev is not None:
                prev.last_update_timestamp = time_stamp

    def _create_and_update_queue_data(self, broker_name: str, topic_config: TopicConfig) -> None:
        queue_data = QueueData(broker_name=broker_name, write_queue_nums=topic_config.write_queue_nums,
                               read_queue_nums=topic_config.read_queue_nums, perm=topic_config.perm,
                               topic_sys_flag=topic_config.topic_sys_flag)
        topic = topic_config.topic_name
        queue_data_map = self.topic_queue_table.get(topic)
        if queue_data_map is None:
            self.topic_queue_table[topic] = {broker_name: queue_data}
            log.info("new topic registered, %s %s", topic, queue_data)
        else:
            old = queue_data_map.get(broker_name)
            queue_data_map[broker_name] = queue_data
            if old is not None and old != queue_data:
                log.info("topic changed, %s OLD: %s NEW: %s", topic, old, queue_data)

    def unregister_broker(self, cluster_name: str, broker_addr: str, broker_name: str, broker_id: int) -> None:
        """Java ``unregisterBroker``: forget the address; the broker name (and its topics' queues) goes when its
        last address does, the cluster when its last broker name does."""
        with self.lock:
            live_info = self.broker_live_table.pop(broker_addr, None)
            log.info("unregisterBroker, remove from brokerLiveTable %s, %s", "OK" if live_info else "Failed",
                     broker_addr)
            self.filter_server_table.pop(broker_addr, None)

            remove_broker_name = False
            broker_data = self.broker_addr_table.get(broker_name)
            if broker_data is not None:
                addr = broker_data.broker_addrs.pop(broker_id, None)
                log.info("unregisterBroker, remove addr from brokerAddrTable %s, %s",
                         "OK" if addr is not None else "Failed", broker_addr)
                if not broker_data.broker_addrs:
                    del self.broker_addr_table[broker_name]
                    log.info("unregisterBroker, remove name from brokerAddrTable OK, %s", broker_name)
                    remove_broker_name = True

            if remove_broker_name:
                name_set = self.cluster_addr_table.get(cluster_name)
                if name_set is not None:
                    removed = broker_name in name_set
                    name_set.discard(broker_name)
                    log.info("unregisterBroker, remove name from clusterAddrTable %s, %s",
                             "OK" if removed else "Failed", broker_name)
                    if not name_set:
                        del self.cluster_addr_table[cluster_name]
                        log.info("unregisterBroker, remove cluster from clusterAddrTable %s", cluster_name)
                self._remove_topic_by_broker_name(broker_name)

    def _remove_topic_by_broker_name(self, broker_name: str) -> None:
        no_broker_register_topic = []
        for topic, queue_data_map in self.topic_queue_table.items():
            old = queue_data_map.pop(broker_name, None)
            if old is not None:
                log.info("removeTopicByBrokerName, remove one broker's topic %s %s", topic, old)
            if not queue_data_map:
                no_broker_register_topic.append(topic)
                log.info("removeTopicByBrokerName, remove the topic all queue %s", topic)
        for topic in no_broker_register_topic:
            del self.topic_queue_table[topic]

    # ------------------------------------------------------------------ admin operations

    def delete_topic(self, topic: str, cluster_name: Optional[str] = None) -> None:
        """Java ``deleteTopic``: forget the topic, or only its queues on the brokers of ``cluster_name``."""
        with self.lock:
            if cluster_name is None:
                self.topic_queue_table.pop(topic, None)
                return
            broker_names = self.cluster_addr_table.get(cluster_name)
            queue_data_map = self.topic_queue_table.get(topic)
            if not broker_names or queue_data_map is None:
                return
            for broker_name in broker_names:
                removed = queue_data_map.pop(broker_name, None)
                if removed is not None:
                    log.info("deleteTopic, remove one broker's topic %s %s %s", broker_name, topic, removed)
            if not queue_data_map:
                log.info("deleteTopic, remove the topic all queue %s %s", cluster_name, topic)
                del self.topic_queue_table[topic]

    def wipe_write_perm_of_broker_by_lock(self, broker_name: str) -> int:
        """Java ``wipeWritePermOfBrokerByLock``: clear the write bit of the broker's queues; the topic count."""
        return self._operate_write_perm_of_broker_by_lock(broker_name, RequestCode.WIPE_WRITE_PERM_OF_BROKER)

    def add_write_perm_of_broker_by_lock(self, broker_name: str) -> int:
        """Java ``addWritePermOfBrokerByLock``: make the broker's queues read/write; the topic count."""
        return self._operate_write_perm_of_broker_by_lock(broker_name, RequestCode.ADD_WRITE_PERM_OF_BROKER)

    def _operate_write_perm_of_broker_by_lock(self, broker_name: str, request_code: int) -> int:
        topic_cnt = 0
        with self.lock:
            for queue_data_map in self.topic_queue_table.values():
                queue_data = queue_data_map.get(broker_name)
                if queue_data is None:
                    continue
                if request_code == RequestCode.WIPE_WRITE_PERM_OF_BROKER:
                    queue_data.perm &= ~PermName.PERM_WRITE
                else:
                    queue_data.perm = PermName.PERM_READ | PermName.PERM_WRITE
                topic_cnt += 1
        return topic_cnt

    # ------------------------------------------------------------------ liveness

    def scan_not_active_broker(self) -> int:
        """Java ``scanNotActiveBroker``: drop brokers that have not registered for the expiry time, closing
        their connections; the number dropped."""
        deadline = _current_time_millis() - self.broker_channel_expired_time
        with self.lock:
            expired: List[Tuple[str, BrokerLiveInfo]] = [
                (addr, info) for addr, info in self.broker_live_table.items()
                if info.last_update_timestamp < deadline]
            for broker_addr, _ in expired:
                del self.broker_live_table[broker_addr]
        for broker_addr, info in expired:
            if info.channel is not None:
                info.channel.close()
            log.warning("The broker channel expired, %s %dms", broker_addr, self.broker_channel_expired_time)
            self.on_channel_destroy(broker_addr, info.channel)
        return len(expired)

    def on_channel_destroy(self, remote_addr: str, channel: Any) -> None:
        """Java ``onChannelDestroy``: a connection closed (or a broker expired); forget the broker that
        registered over ``channel`` (else the broker whose address is ``remote_addr``) at once."""
        broker_addr_found: Optional[str] = None
        with self.lock:
            if channel is not None:
                for broker_addr, info in self.broker_live_table.items():
                    if info.channel is channel:
                        broker_addr_found = broker_addr
                        break
            if broker_addr_found is None:
                broker_addr_found = remote_addr
            else:
                log.info("the broker's channel destroyed, %s, clean it's data structure at once", broker_addr_found)
            if broker_addr_found:
                self._remove_broker_addr(broker_addr_found)

    def _remove_broker_addr(self, broker_addr_found: str) -> None:
        self.broker_live_table.pop(broker_addr_found, None)
        self.filter_server_table.pop(broker_addr_found, None)
        broker_name_found: Optional[str] = None
        remove_broker_name = False
        for broker_name, broker_data in list(self.broker_addr_table.items()):
            if broker_name_found is not None:
                break
            for broker_id, broker_addr in list(broker_data.broker_addrs.items()):
                if broker_addr == broker_addr_found:
                    broker_name_found = broker_data.broker_name
                    del broker_data.broker_addrs[broker_id]
                    log.info("remove brokerAddr[%s, %s] from brokerAddrTable, because channel destroyed",
                             broker_id, broker_addr)
                    break
            if not broker_data.broker_addrs:
                remove_broker_name = True
                del self.broker_addr_table[broker_name]
                log.info("remove brokerName[%s] from brokerAddrTable, because channel destroyed",
                         broker_data.broker_name)

        if broker_name_found is not None and remove_broker_name:
            for cluster_name, broker_names in list(self.cluster_addr_table.items()):
                if broker_name_found in broker_names:
                    broker_names.discard(broker_name_found)
                    log.info("remove brokerName[%s], clusterName[%s] from clusterAddrTable, because channel "
                             "destroyed", broker_name_found, cluster_name)
                    if not broker_names:
                        log.info("remove the clusterName[%s] from clusterAddrTable, because channel destroyed and "
                                 "no broker in this cluster", cluster_name)
                        del self.cluster_addr_table[cluster_name]
                    break

        if remove_broker_name and broker_name_found is not None:
            self._remove_topic_by_broker_name(broker_name_found)

    def print_all_periodically(self) -> None:
        """Java ``printAllPeriodically`` (logged at debug level here)."""
        if not log.isEnabledFor(logging.DEBUG):
            return
        with self.lock:
            log.debug("--------------------------------------------------------")
            log.debug("topicQueueTable SIZE: %d", len(self.topic_queue_table))
            for topic, queue_data_map in self.topic_queue_table.items():
                log.debug("topicQueueTable Topic: %s %s", topic, queue_data_map)
            log.debug("brokerAddrTable SIZE: %d", len(self.broker_addr_table))
            for broker_name, broker_data in self.broker_addr_table.items():
                log.debug("brokerAddrTable brokerName: %s %s", broker_name, broker_data)
            log.debug("brokerLiveTable SIZE: %d", len(self.broker_live_table))
            for broker_addr, info in self.broker_live_table.items():
                log.debug("brokerLiveTable brokerAddr: %s %s", broker_addr, info)
            log.debug("clusterAddrTable SIZE: %d", len(self.cluster_addr_table))
            for cluster_name, broker_names in self.cluster_addr_table.items():
                log.debug("clusterAddrTable clusterName: %s %s", cluster_name, broker_names)
