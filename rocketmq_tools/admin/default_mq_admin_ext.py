"""Java ``org.apache.rocketmq.tools.admin.DefaultMQAdminExt``: the admin client of the mqadmin commands.

::

    with DefaultMQAdminExt() as admin:               # start() on entry, shutdown() on exit
        admin.set_namesrv_addr("127.0.0.1:9876")     # (set before entering)
        print(admin.fetch_all_topic_list().topic_list)

A ClientConfig (name server, instance name...) plus the admin calls, each delegated to
:class:`~rocketmq_tools.admin.default_mq_admin_ext_impl.DefaultMQAdminExtImpl`. Java's overloads
``viewMessage(offsetMsgId)`` / ``viewMessage(topic, msgId)`` are :meth:`view_message` with one or two arguments.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set, Tuple, Union, cast, overload

from rocketmq_client.client_config import ClientConfig
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.common.bean import Prop
from rocketmq_tools.admin.default_mq_admin_ext_impl import DefaultMQAdminExtImpl

if TYPE_CHECKING:
    from rocketmq_common.check_rocksdb_cq_write_result import CheckRocksdbCqWriteResult
    from rocketmq_common.plain_access_config import PlainAccessConfig
    from rocketmq_common.protocol.body.broker_member_group import BrokerMemberGroup
    from rocketmq_common.protocol.body.broker_replicas_info import BrokerReplicasInfo
    from rocketmq_common.protocol.body.epoch_entry_cache import EpochEntryCache
    from rocketmq_common.protocol.body.ha_runtime_info import HARuntimeInfo
    from rocketmq_common.protocol.header.controller.elect_master_response_header import ElectMasterResponseHeader
    from rocketmq_common.protocol.header.controller.get_meta_data_response_header import GetMetaDataResponseHeader
    from rocketmq_common.protocol.header.export_rocks_db_config_to_json_request_header import ConfigType
    from rocketmq_client.query_result import QueryResult
    from rocketmq_common.acl_config import AclConfig
    from rocketmq_common.message.message_request_mode import MessageRequestMode
    from rocketmq_common.protocol.body.cluster_acl_version_info import ClusterAclVersionInfo
    from rocketmq_common.admin.consume_stats import ConsumeStats
    from rocketmq_common.admin.rollback_stats import RollbackStats
    from rocketmq_common.admin.topic_stats_table import TopicStatsTable
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_common.protocol.body.acl_info import AclInfo
    from rocketmq_common.protocol.body.cluster_info import ClusterInfo
    from rocketmq_common.protocol.body.user_info import UserInfo
    from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
    from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
    from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
    from rocketmq_common.protocol.body.group_list import GroupList
    from rocketmq_common.protocol.body.broker_stats_data import BrokerStatsData
    from rocketmq_common.protocol.body.consume_stats_list import ConsumeStatsList
    from rocketmq_common.protocol.body.kv_table import KVTable
    from rocketmq_common.protocol.body.producer_connection import ProducerConnection
    from rocketmq_common.protocol.body.producer_table_info import ProducerTableInfo
    from rocketmq_common.protocol.body.query_consume_queue_response_body import QueryConsumeQueueResponseBody
    from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
    from rocketmq_common.protocol.body.subscription_group_wrapper import SubscriptionGroupWrapper
    from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
    from rocketmq_common.protocol.body.topic_list import TopicList
    from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
    from rocketmq_common.subscription.group_forbidden import GroupForbidden
    from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
    from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
    from rocketmq_common.topic_config import TopicConfig
    from rocketmq_remoting.rpc_hook import RPCHook
    from rocketmq_tools.admin.api.message_track import MessageTrack

__all__ = ["DefaultMQAdminExt"]


class DefaultMQAdminExt(ClientConfig):
    """The admin client of the mqadmin commands: Java ``org.apache.rocketmq.tools.admin.DefaultMQAdminExt``.

    ::

        admin = DefaultMQAdminExt(namesrv_addr="127.0.0.1:9876")
        with admin:                                          # start() on entry, shutdown() on exit
            print(admin.fetch_all_topic_list().get_topic_list())
            print(admin.examine_broker_cluster_info().get_broker_addr_table())

    A ClientConfig (``namesrv_addr``, the separator is ``;``; ``instance_name``...) plus the admin calls that
    ``python -m rocketmq_tools`` (mqadmin) runs, each delegated to
    :class:`~rocketmq_tools.admin.default_mq_admin_ext_impl.DefaultMQAdminExtImpl`. ``timeout_millis`` (Java's
    constructor argument, 5000) bounds each request. Java's overloads ``viewMessage(offsetMsgId)`` /
    ``viewMessage(topic, msgId)`` are :meth:`view_message` with one or two arguments.
    """

    admin_ext_group = Prop(str, "admin_ext_group")
    create_topic_key = Prop(str, TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    timeout_millis = Prop(int, 5000)

    def get_admin_ext_group(self) -> str: return self.admin_ext_group
    def set_admin_ext_group(self, admin_ext_group: str) -> None: self.admin_ext_group = admin_ext_group
    def get_create_topic_key(self) -> str: return self.create_topic_key
    def set_create_topic_key(self, create_topic_key: str) -> None: self.create_topic_key = create_topic_key
    def get_timeout_millis(self) -> int: return self.timeout_millis
    def set_timeout_millis(self, timeout_millis: int) -> None: self.timeout_millis = timeout_millis

    def __init__(self, admin_ext_group: Optional[str] = None, rpc_hook: Optional["RPCHook"] = None,
                 timeout_millis: int = 5000, **config: Any) -> None:
        """Java's constructors: ``DefaultMQAdminExt([adminExtGroup | rpcHook][, timeoutMillis])``. Every client
        setting is also a keyword (``DefaultMQAdminExt(namesrv_addr="127.0.0.1:9876")``), applied through its
        setter."""
        super().__init__()
        if admin_ext_group is not None:
            self.admin_ext_group = admin_ext_group
        self.timeout_millis = timeout_millis
        self.default_mq_admin_ext_impl = DefaultMQAdminExtImpl(self, rpc_hook, timeout_millis)
        self._apply_config(config, ("admin_ext_group", "rpc_hook", "timeout_millis"))

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``."""
        self.default_mq_admin_ext_impl.start()

    def shutdown(self) -> None:
        """Java ``shutdown``."""
        self.default_mq_admin_ext_impl.shutdown()

    def __enter__(self) -> "DefaultMQAdminExt":
        self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    # ------------------------------------------------------------------ MQAdmin

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0,
                     attributes: Optional[Dict[str, str]] = None) -> None:
        """Java 5.3.3 ``createTopic`` (``attributes``: the topic attribute changes, ``{"+message.type": "FIFO"}``)."""
        self.default_mq_admin_ext_impl.create_topic(key, new_topic, queue_num, topic_sys_flag, attributes)

    def create_static_topic(self, addr: str, default_topic: str, topic_config: "TopicConfig",
                            mapping_detail: "TopicQueueMappingDetail", force: bool) -> None:
        """Java 5.3.3 ``createStaticTopic``: write one broker's part of a static topic (its config and mapping
        detail, see :class:`~rocketmq_tools.admin.mq_admin_utils.MQAdminUtils`); MQBrokerException when the
        broker refuses it."""
        self.default_mq_admin_ext_impl.create_static_topic(addr, default_topic, topic_config, mapping_detail, force)

    @overload
    def search_offset(self, mq_or_broker_addr: "MessageQueue", timestamp_or_topic: int) -> int: ...

    @overload
    def search_offset(self, mq_or_broker_addr: str, timestamp_or_topic: str, queue_id: int, timestamp: int,
                      timeout_millis: int) -> int: ...

    def search_offset(self, mq_or_broker_addr: Union["MessageQueue", str], timestamp_or_topic: Union[int, str],
                      queue_id: Optional[int] = None, timestamp: Optional[int] = None,
                      timeout_millis: Optional[int] = None) -> int:
        """Java ``searchOffset(mq, timestamp)`` and 5.3.3's ``searchOffset(brokerAddr, topicName, queueId,
        timestamp, timeoutMillis)`` (one queue of one broker)."""
        if queue_id is None:
            return self.default_mq_admin_ext_impl.search_offset(cast("MessageQueue", mq_or_broker_addr),
                                                                cast(int, timestamp_or_topic))
        return self.default_mq_admin_ext_impl.search_offset_in_broker(
            cast(str, mq_or_broker_addr), cast(str, timestamp_or_topic), queue_id, cast(int, timestamp),
            cast(int, timeout_millis))

    def max_offset(self, mq: "MessageQueue") -> int:
        """Java ``maxOffset``."""
        return self.default_mq_admin_ext_impl.max_offset(mq)

    def min_offset(self, mq: "MessageQueue") -> int:
        """Java ``minOffset``."""
        return self.default_mq_admin_ext_impl.min_offset(mq)

    def earliest_msg_store_time(self, mq: "MessageQueue") -> int:
        """Java ``earliestMsgStoreTime``."""
        return self.default_mq_admin_ext_impl.earliest_msg_store_time(mq)

    def view_message(self, topic_or_offset_msg_id: str, msg_id: Optional[str] = None) -> "MessageExt":
        """Java ``viewMessage(offsetMsgId)`` and ``viewMessage(topic, msgId)``."""
        if msg_id is None:
            return self.default_mq_admin_ext_impl.view_message(topic_or_offset_msg_id)
        return self.default_mq_admin_ext_impl.view_message_in_topic(topic_or_offset_msg_id, msg_id)

    def query_message_in_cluster(self, cluster_name: Optional[str], topic: str, msg_id: str) -> "MessageExt":
        """Java 5.3.3 ``queryMessage(clusterName, topic, msgId)``: ``viewMessage(topic, msgId)`` on the brokers of
        ``cluster_name`` (for an LMQ topic: in the index of its parent topic ``cluster_name``)."""
        return self.default_mq_admin_ext_impl.view_message_in_topic(topic, msg_id, cluster_name)

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> "QueryResult":
        """Java ``queryMessage``."""
        return self.default_mq_admin_ext_impl.query_message(topic, key, max_num, begin, end)

    def query_message_by_uniq_key(self, topic: str, key: str, max_num: int, begin: int, end: int) -> "QueryResult":
        """Java ``queryMessageByUniqKey``."""
        return self.default_mq_admin_ext_impl.query_message_by_uniq_key(topic, key, max_num, begin, end)

    # ------------------------------------------------------------------ MQAdminExt

    def create_and_update_topic_config(self, addr: str, config: "TopicConfig") -> None:
        """Java ``createAndUpdateTopicConfig``."""
        self.default_mq_admin_ext_impl.create_and_update_topic_config(addr, config)

    def create_and_update_subscription_group_config(self, addr: str, config: "SubscriptionGroupConfig") -> None:
        """Java ``createAndUpdateSubscriptionGroupConfig``."""
        self.default_mq_admin_ext_impl.create_and_update_subscription_group_config(addr, config)

    def examine_topic_stats(self, topic_or_broker_addr: str, topic: Optional[str] = None) -> "TopicStatsTable":
        """Java ``examineTopicStats(topic)`` and 5.3.3's ``examineTopicStats(brokerAddr, topic)`` (one broker's
        physical queues)."""
        if topic is None:
            return self.default_mq_admin_ext_impl.examine_topic_stats(topic_or_broker_addr)
        return self.default_mq_admin_ext_impl.examine_topic_stats_in_broker(topic_or_broker_addr, topic)

    def fetch_all_topic_list(self) -> "TopicList":
        """Java ``fetchAllTopicList``."""
        return self.default_mq_admin_ext_impl.fetch_all_topic_list()

    def fetch_broker_runtime_stats(self, broker_addr: str) -> "KVTable":
        """Java ``fetchBrokerRuntimeStats``."""
        return self.default_mq_admin_ext_impl.fetch_broker_runtime_stats(broker_addr)

    def examine_consume_stats(self, consumer_group: str, topic: Optional[str] = None,
                              cluster_name: Optional[str] = None) -> "ConsumeStats":
        """Java ``examineConsumeStats`` (the overloads; 5.3.3's with ``clusterName``, for an LMQ topic)."""
        return self.default_mq_admin_ext_impl.examine_consume_stats(consumer_group, topic, cluster_name)

    def examine_broker_cluster_info(self) -> "ClusterInfo":
        """Java ``examineBrokerClusterInfo``."""
        return self.default_mq_admin_ext_impl.examine_broker_cluster_info()

    def examine_topic_route_info(self, topic: str) -> "TopicRouteData":
        """Java ``examineTopicRouteInfo``."""
        return self.default_mq_admin_ext_impl.examine_topic_route_info(topic)

    def examine_consumer_connection_info(self, consumer_group: str,
                                         broker_addr: Optional[str] = None) -> "ConsumerConnection":
        """Java ``examineConsumerConnectionInfo`` (both overloads)."""
        return self.default_mq_admin_ext_impl.examine_consumer_connection_info(consumer_group, broker_addr)

    def examine_producer_connection_info(self, producer_group: str, topic: str) -> "ProducerConnection":
        """Java ``examineProducerConnectionInfo``."""
        return self.default_mq_admin_ext_impl.examine_producer_connection_info(producer_group, topic)

    def get_name_server_address_list(self) -> List[str]:
        """Java ``getNameServerAddressList``."""
        return self.default_mq_admin_ext_impl.get_name_server_address_list()

    def reset_offset_by_timestamp_old(self, consumer_group: str, topic: str, timestamp: int, force: bool,
                                      cluster_name: Optional[str] = None) -> List["RollbackStats"]:
        """Java ``resetOffsetByTimestampOld`` (5.3.3's with ``clusterName`` too)."""
        return self.default_mq_admin_ext_impl.reset_offset_by_timestamp_old(consumer_group, topic, timestamp, force,
                                                                            cluster_name)

    def reset_offset_by_timestamp(self, topic: str, group: str, timestamp: int, is_force: bool,
                                  is_c: bool = False, cluster_name: Optional[str] = None) -> Dict["MessageQueue", int]:
        """Java ``resetOffsetByTimestamp`` (the overloads; 5.3.3's with ``clusterName``)."""
        return self.default_mq_admin_ext_impl.reset_offset_by_timestamp(topic, group, timestamp, is_force, is_c,
                                                                        cluster_name)

    def reset_offset_by_queue_id(self, broker_addr: str, consume_group: str, topic_name: str, queue_id: int,
                                 reset_offset: int) -> None:
        """Java 5.3.3 ``resetOffsetByQueueId``."""
        self.default_mq_admin_ext_impl.reset_offset_by_queue_id(broker_addr, consume_group, topic_name, queue_id,
                                                                reset_offset)

    def update_and_get_group_read_forbidden(self, broker_addr: str, group_name: str, topic_name: str,
                                            readable: Optional[bool]) -> "GroupForbidden":
        """Java 5.3.3 ``updateAndGetGroupReadForbidden``."""
        return self.default_mq_admin_ext_impl.update_and_get_group_read_forbidden(broker_addr, group_name,
                                                                                  topic_name, readable)

    def create_or_update_order_conf(self, key: str, value: str, is_cluster: bool) -> None:
        """Java ``createOrUpdateOrderConf``."""
        self.default_mq_admin_ext_impl.create_or_update_order_conf(key, value, is_cluster)

    def query_topic_consume_by_who(self, topic: str) -> "GroupList":
        """Java ``queryTopicConsumeByWho``."""
        return self.default_mq_admin_ext_impl.query_topic_consume_by_who(topic)

    def query_consume_time_span(self, topic: str, group: str) -> List["QueueTimeSpan"]:
        """Java ``queryConsumeTimeSpan``."""
        return self.default_mq_admin_ext_impl.query_consume_time_span(topic, group)

    def get_consumer_running_info(self, consumer_group: str, client_id: str,
                                  jstack: bool) -> Optional["ConsumerRunningInfo"]:
        """Java ``getConsumerRunningInfo``."""
        return self.default_mq_admin_ext_impl.get_consumer_running_info(consumer_group, client_id, jstack)

    def consume_message_directly(self, consumer_group: str, client_id: str, msg_id_or_topic: str,
                                 msg_id: Optional[str] = None) -> "ConsumeMessageDirectlyResult":
        """Java ``consumeMessageDirectly(group, clientId, msgId)`` and ``(group, clientId, topic, msgId)``."""
        if msg_id is None:
            return self.default_mq_admin_ext_impl.consume_message_directly(consumer_group, client_id, msg_id_or_topic)
        return self.default_mq_admin_ext_impl.consume_message_directly(consumer_group, client_id, msg_id,
                                                                       msg_id_or_topic)

    def message_track_detail(self, msg: "MessageExt") -> List["MessageTrack"]:
        """Java ``messageTrackDetail``."""
        return self.default_mq_admin_ext_impl.message_track_detail(msg)

    def update_consume_offset(self, broker_addr: str, consume_group: str, mq: "MessageQueue", offset: int) -> None:
        """Java ``updateConsumeOffset``."""
        self.default_mq_admin_ext_impl.update_consume_offset(broker_addr, consume_group, mq, offset)

    # ------------------------------------------------------------------ MQAdminExt: the mqadmin commands
    def update_broker_config(self, broker_addr: str, properties: Dict[str, str]) -> None:
        """Java ``updateBrokerConfig``."""
        self.default_mq_admin_ext_impl.update_broker_config(broker_addr, properties)

    def get_broker_config(self, broker_addr: str) -> Optional[Dict[str, str]]:
        """Java ``getBrokerConfig``."""
        return self.default_mq_admin_ext_impl.get_broker_config(broker_addr)

    def examine_subscription_group_config(self, addr: str, group: str) -> Optional["SubscriptionGroupConfig"]:
        """Java ``examineSubscriptionGroupConfig``."""
        return self.default_mq_admin_ext_impl.examine_subscription_group_config(addr, group)

    def examine_topic_config(self, addr: str, topic: str) -> Optional["TopicConfig"]:
        """Java ``examineTopicConfig``."""
        return self.default_mq_admin_ext_impl.examine_topic_config(addr, topic)

    def fetch_topics_by_cluster(self, cluster_name: str) -> "TopicList":
        """Java ``fetchTopicsByCLuster``."""
        return self.default_mq_admin_ext_impl.fetch_topics_by_cluster(cluster_name)

    def get_all_producer_info(self, broker_addr: str) -> "ProducerTableInfo":
        """Java ``getAllProducerInfo``."""
        return self.default_mq_admin_ext_impl.get_all_producer_info(broker_addr)

    def wipe_write_perm_of_broker(self, namesrv_addr: str, broker_name: str) -> int:
        """Java ``wipeWritePermOfBroker``."""
        return self.default_mq_admin_ext_impl.wipe_write_perm_of_broker(namesrv_addr, broker_name)

    def add_write_perm_of_broker(self, namesrv_addr: str, broker_name: str) -> int:
        """Java ``addWritePermOfBroker``."""
        return self.default_mq_admin_ext_impl.add_write_perm_of_broker(namesrv_addr, broker_name)

    def get_kv_config(self, namespace: str, key: str) -> Optional[str]:
        """Java ``getKVConfig``."""
        return self.default_mq_admin_ext_impl.get_kv_config(namespace, key)

    def get_kv_list_by_namespace(self, namespace: str) -> "KVTable":
        """Java ``getKVListByNamespace``."""
        return self.default_mq_admin_ext_impl.get_kv_list_by_namespace(namespace)

    def create_and_update_kv_config(self, namespace: str, key: str, value: str) -> None:
        """Java ``createAndUpdateKvConfig``."""
        self.default_mq_admin_ext_impl.create_and_update_kv_config(namespace, key, value)

    def delete_kv_config(self, namespace: str, key: str) -> None:
        """Java ``deleteKvConfig``."""
        self.default_mq_admin_ext_impl.delete_kv_config(namespace, key)

    def delete_topic_in_broker(self, addrs: Set[str], topic: str) -> None:
        """Java ``deleteTopicInBroker``."""
        self.default_mq_admin_ext_impl.delete_topic_in_broker(addrs, topic)

    def delete_topic_in_name_server(self, addrs: Optional[Set[str]], topic: str,
                                    cluster_name: Optional[str] = None) -> None:
        """Java ``deleteTopicInNameServer``."""
        self.default_mq_admin_ext_impl.delete_topic_in_name_server(addrs, topic, cluster_name)

    def delete_subscription_group(self, addr: str, group_name: str, remove_offset: bool = False) -> None:
        """Java ``deleteSubscriptionGroup``."""
        self.default_mq_admin_ext_impl.delete_subscription_group(addr, group_name, remove_offset)

    def clean_expired_consumer_queue(self, cluster: Optional[str]) -> bool:
        """Java ``cleanExpiredConsumerQueue``."""
        return self.default_mq_admin_ext_impl.clean_expired_consumer_queue(cluster)

    def clean_expired_consumer_queue_by_addr(self, addr: str) -> bool:
        """Java ``cleanExpiredConsumerQueueByAddr``."""
        return self.default_mq_admin_ext_impl.clean_expired_consumer_queue_by_addr(addr)

    def delete_expired_commit_log(self, cluster: Optional[str]) -> bool:
        """Java ``deleteExpiredCommitLog``."""
        return self.default_mq_admin_ext_impl.delete_expired_commit_log(cluster)

    def delete_expired_commit_log_by_addr(self, addr: str) -> bool:
        """Java ``deleteExpiredCommitLogByAddr``."""
        return self.default_mq_admin_ext_impl.delete_expired_commit_log_by_addr(addr)

    def clean_unused_topic(self, cluster: Optional[str]) -> bool:
        """Java ``cleanUnusedTopic``."""
        return self.default_mq_admin_ext_impl.clean_unused_topic(cluster)

    def clean_unused_topic_by_addr(self, addr: str) -> bool:
        """Java ``cleanUnusedTopicByAddr``."""
        return self.default_mq_admin_ext_impl.clean_unused_topic_by_addr(addr)

    def view_broker_stats_data(self, broker_addr: str, stats_name: str, stats_key: str) -> "BrokerStatsData":
        """Java ``viewBrokerStatsData``."""
        return self.default_mq_admin_ext_impl.view_broker_stats_data(broker_addr, stats_name, stats_key)

    def get_cluster_list(self, topic: str) -> Set[str]:
        """Java ``getClusterList``."""
        return self.default_mq_admin_ext_impl.get_cluster_list(topic)

    def fetch_consume_stats_in_broker(self, broker_addr: str, is_order: bool,
                                      timeout_millis: int) -> "ConsumeStatsList":
        """Java ``fetchConsumeStatsInBroker``."""
        return self.default_mq_admin_ext_impl.fetch_consume_stats_in_broker(broker_addr, is_order, timeout_millis)

    def get_topic_cluster_list(self, topic: str) -> Set[str]:
        """Java ``getTopicClusterList``."""
        return self.default_mq_admin_ext_impl.get_topic_cluster_list(topic)

    def get_all_subscription_group(self, broker_addr: str, timeout_millis: int) -> "SubscriptionGroupWrapper":
        """Java ``getAllSubscriptionGroup``."""
        return self.default_mq_admin_ext_impl.get_all_subscription_group(broker_addr, timeout_millis)

    def get_user_subscription_group(self, broker_addr: str, timeout_millis: int) -> "SubscriptionGroupWrapper":
        """Java ``getUserSubscriptionGroup``."""
        return self.default_mq_admin_ext_impl.get_user_subscription_group(broker_addr, timeout_millis)

    def get_all_topic_config(self, broker_addr: str, timeout_millis: int) -> "TopicConfigSerializeWrapper":
        """Java ``getAllTopicConfig``."""
        return self.default_mq_admin_ext_impl.get_all_topic_config(broker_addr, timeout_millis)

    def get_user_topic_config(self, broker_addr: str, special_topic: bool,
                              timeout_millis: int) -> "TopicConfigSerializeWrapper":
        """Java ``getUserTopicConfig``."""
        return self.default_mq_admin_ext_impl.get_user_topic_config(broker_addr, special_topic, timeout_millis)

    def update_name_server_config(self, properties: Dict[str, str], name_servers: Optional[List[str]]) -> None:
        """Java ``updateNameServerConfig``."""
        self.default_mq_admin_ext_impl.update_name_server_config(properties, name_servers)

    def get_name_server_config(self, name_servers: Optional[List[str]]) -> Optional[Dict[str, Dict[str, str]]]:
        """Java ``getNameServerConfig``."""
        return self.default_mq_admin_ext_impl.get_name_server_config(name_servers)

    def query_consume_queue(self, broker_addr: str, topic: str, queue_id: int, index: int, count: int,
                            consumer_group: Optional[str]) -> "QueryConsumeQueueResponseBody":
        """Java ``queryConsumeQueue``."""
        return self.default_mq_admin_ext_impl.query_consume_queue(broker_addr, topic, queue_id, index, count,
                                                                  consumer_group)

    def set_message_request_mode(self, broker_addr: str, topic: str, consumer_group: str,
                                 mode: "MessageRequestMode", pop_share_queue_num: int, timeout_millis: int) -> None:
        """Java ``setMessageRequestMode`` (5.3.3): the group reads ``topic`` at ``broker_addr`` by PULL or POP
        (``pop_share_queue_num``: consumers per queue in POP mode); a 4.x broker refuses it (MQClientException
        REQUEST_CODE_NOT_SUPPORTED)."""
        self.default_mq_admin_ext_impl.set_message_request_mode(broker_addr, topic, consumer_group, mode,
                                                                pop_share_queue_num, timeout_millis)

    def clone_group_offset(self, src_group: str, dest_group: str, topic: str, is_offline: bool) -> None:
        """Java ``cloneGroupOffset``."""
        self.default_mq_admin_ext_impl.clone_group_offset(src_group, dest_group, topic, is_offline)

    def reset_offset_new(self, consumer_group: str, topic: str, timestamp: int) -> None:
        """Java ``resetOffsetNew``."""
        self.default_mq_admin_ext_impl.reset_offset_new(consumer_group, topic, timestamp)

    def get_consume_status(self, topic: str, group: str,
                           client_addr: Optional[str]) -> Dict[str, Dict["MessageQueue", int]]:
        """Java ``getConsumeStatus``."""
        return self.default_mq_admin_ext_impl.get_consume_status(topic, group, client_addr)

    def create_and_update_plain_access_config(self, addr: str, config: "PlainAccessConfig") -> None:
        """Java ``createAndUpdatePlainAccessConfig``."""
        self.default_mq_admin_ext_impl.create_and_update_plain_access_config(addr, config)

    def delete_plain_access_config(self, addr: str, access_key: str) -> None:
        """Java ``deletePlainAccessConfig``."""
        self.default_mq_admin_ext_impl.delete_plain_access_config(addr, access_key)

    def update_global_white_addr_config(self, addr: str, global_white_addrs: str,
                                        acl_file_full_path: Optional[str] = None) -> None:
        """Java ``updateGlobalWhiteAddrConfig`` (both overloads)."""
        self.default_mq_admin_ext_impl.update_global_white_addr_config(addr, global_white_addrs, acl_file_full_path)

    def examine_broker_cluster_acl_version_info(self, addr: str) -> "ClusterAclVersionInfo":
        """Java ``examineBrokerClusterAclVersionInfo``."""
        return self.default_mq_admin_ext_impl.examine_broker_cluster_acl_version_info(addr)

    def examine_broker_cluster_acl_config(self, addr: str) -> "AclConfig":
        """Java ``examineBrokerClusterAclConfig``."""
        return self.default_mq_admin_ext_impl.examine_broker_cluster_acl_config(addr)

    # ACL 2.0 users and ACLs (5.3.3)

    def create_user(self, broker_addr: str, user: "Union[UserInfo, str]", password: Optional[str] = None,
                    user_type: Optional[str] = None) -> None:
        """Java ``createUser`` (5.3.3), both overloads: a UserInfo, or a username with its password and type."""
        self.default_mq_admin_ext_impl.create_user(broker_addr, user, password, user_type)

    def update_user(self, broker_addr: str, user: "Union[UserInfo, str]", password: Optional[str] = None,
                    user_type: Optional[str] = None, user_status: Optional[str] = None) -> None:
        """Java ``updateUser`` (5.3.3), both overloads: what is given replaces the user's."""
        self.default_mq_admin_ext_impl.update_user(broker_addr, user, password, user_type, user_status)

    def delete_user(self, broker_addr: str, username: Optional[str]) -> None:
        """Java ``deleteUser`` (5.3.3)."""
        self.default_mq_admin_ext_impl.delete_user(broker_addr, username)

    def get_user(self, broker_addr: str, username: Optional[str]) -> Optional[UserInfo]:
        """Java ``getUser`` (5.3.3): None for a user the broker does not have."""
        return self.default_mq_admin_ext_impl.get_user(broker_addr, username)

    def list_user(self, broker_addr: str, filter: Optional[str]) -> Optional[List[UserInfo]]:
        """Java ``listUser`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.list_user(broker_addr, filter)

    def create_acl(self, broker_addr: str, acl: "Union[AclInfo, str]", resources: Optional[List[str]] = None,
                   actions: Optional[List[str]] = None, source_ips: Optional[List[str]] = None,
                   decision: Optional[str] = None) -> None:
        """Java ``createAcl`` (5.3.3), both overloads: an AclInfo, or a subject with one policy of the resources."""
        self.default_mq_admin_ext_impl.create_acl(broker_addr, acl, resources, actions, source_ips, decision)

    def update_acl(self, broker_addr: str, acl: "Union[AclInfo, str]", resources: Optional[List[str]] = None,
                   actions: Optional[List[str]] = None, source_ips: Optional[List[str]] = None,
                   decision: Optional[str] = None) -> None:
        """Java ``updateAcl`` (5.3.3), both overloads, as :meth:`create_acl`."""
        self.default_mq_admin_ext_impl.update_acl(broker_addr, acl, resources, actions, source_ips, decision)

    def delete_acl(self, broker_addr: str, subject: Optional[str], resource: Optional[str]) -> None:
        """Java ``deleteAcl`` (5.3.3): the subject's ACL, or only its entry of ``resource``."""
        self.default_mq_admin_ext_impl.delete_acl(broker_addr, subject, resource)

    def get_acl(self, broker_addr: str, subject: Optional[str]) -> Optional[AclInfo]:
        """Java ``getAcl`` (5.3.3): None for a subject without an ACL."""
        return self.default_mq_admin_ext_impl.get_acl(broker_addr, subject)

    def list_acl(self, broker_addr: str, subject_filter: Optional[str],
                 resource_filter: Optional[str]) -> Optional[List[AclInfo]]:
        """Java ``listAcl`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.list_acl(broker_addr, subject_filter, resource_filter)

    # ------------------------------------------------------------------ mqadmin 5.3.3: containers, HA, controllers,
    # cold data, RocksDB, batch updates

    def add_broker_to_container(self, broker_container_addr: str, broker_config: str) -> None:
        """Java ``addBrokerToContainer`` (5.3.3); ADD_BROKER at a broker container (20 s)."""
        self.default_mq_admin_ext_impl.add_broker_to_container(broker_container_addr, broker_config)

    def remove_broker_from_container(self, broker_container_addr: str, cluster_name: str, broker_name: str,
                                     broker_id: int) -> None:
        """Java ``removeBrokerFromContainer`` (5.3.3); REMOVE_BROKER at a broker container (20 s)."""
        self.default_mq_admin_ext_impl.remove_broker_from_container(broker_container_addr, cluster_name, broker_name,
                                                                    broker_id)

    def check_rocksdb_cq_write_progress(self, broker_addr: str, topic: str,
                                        check_store_time: int) -> "CheckRocksdbCqWriteResult":
        """Java ``checkRocksdbCqWriteProgress`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.check_rocksdb_cq_write_progress(broker_addr, topic, check_store_time)

    def clean_controller_broker_data(self, controller_addr: str, cluster_name: Optional[str], broker_name: str,
                                     broker_id_set_to_clean: Optional[str], is_clean_living_broker: bool) -> None:
        """Java ``cleanControllerBrokerData`` (5.3.3)."""
        self.default_mq_admin_ext_impl.clean_controller_broker_data(controller_addr, cluster_name, broker_name,
                                                            broker_id_set_to_clean, is_clean_living_broker)

    def set_commit_log_read_ahead_mode(self, broker_addr: str, mode: str) -> Optional[str]:
        """Java ``setCommitLogReadAheadMode`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.set_commit_log_read_ahead_mode(broker_addr, mode)

    def export_pop_records(self, broker_addr: str, timeout: int) -> None:
        """Java ``exportPopRecords`` (5.3.3)."""
        self.default_mq_admin_ext_impl.export_pop_records(broker_addr, timeout)

    def get_broker_epoch_cache(self, broker_addr: str) -> "EpochEntryCache":
        """Java ``getBrokerEpochCache`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.get_broker_epoch_cache(broker_addr)

    def get_cold_data_flow_ctr_info(self, broker_addr: str) -> Optional[str]:
        """Java ``getColdDataFlowCtrInfo`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.get_cold_data_flow_ctr_info(broker_addr)

    def update_cold_data_flow_ctr_group_config(self, broker_addr: str, properties: Dict[str, str]) -> None:
        """Java ``updateColdDataFlowCtrGroupConfig`` (5.3.3)."""
        self.default_mq_admin_ext_impl.update_cold_data_flow_ctr_group_config(broker_addr, properties)

    def remove_cold_data_flow_ctr_group_config(self, broker_addr: str, consumer_group: str) -> None:
        """Java ``removeColdDataFlowCtrGroupConfig`` (5.3.3)."""
        self.default_mq_admin_ext_impl.remove_cold_data_flow_ctr_group_config(broker_addr, consumer_group)

    def get_controller_config(self, controller_servers: Optional[List[str]]) -> Optional[Dict[str, Dict[str, str]]]:
        """Java ``getControllerConfig`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.get_controller_config(controller_servers)

    def update_controller_config(self, properties: Dict[str, str], controllers: Optional[List[str]]) -> None:
        """Java ``updateControllerConfig`` (5.3.3)."""
        self.default_mq_admin_ext_impl.update_controller_config(properties, controllers)

    def get_controller_meta_data(self, controller_addr: str) -> "GetMetaDataResponseHeader":
        """Java ``getControllerMetaData`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.get_controller_meta_data(controller_addr)

    def get_in_sync_state_data(self, controller_address: str, brokers: List[str]) -> "BrokerReplicasInfo":
        """Java ``getInSyncStateData`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.get_in_sync_state_data(controller_address, brokers)

    def elect_master(self, controller_addr: str, cluster_name: str, broker_name: str,
                     broker_id: int) -> Tuple["ElectMasterResponseHeader", Optional["BrokerMemberGroup"]]:
        """Java ``electMaster`` (5.3.3); Java's ``Pair`` is a tuple."""
        return self.default_mq_admin_ext_impl.elect_master(controller_addr, cluster_name, broker_name, broker_id)

    def get_broker_ha_status(self, broker_addr: str) -> "HARuntimeInfo":
        """Java ``getBrokerHAStatus`` (5.3.3)."""
        return self.default_mq_admin_ext_impl.get_broker_ha_status(broker_addr)

    def reset_master_flush_offset(self, broker_addr: str, master_flush_offset: int) -> None:
        """Java ``resetMasterFlushOffset`` (5.3.3)."""
        self.default_mq_admin_ext_impl.reset_master_flush_offset(broker_addr, master_flush_offset)

    def export_rocks_db_config_to_json(self, broker_addr: str, config_type: List["ConfigType"]) -> None:
        """Java ``exportRocksDBConfigToJson`` (5.3.3)."""
        self.default_mq_admin_ext_impl.export_rocks_db_config_to_json(broker_addr, config_type)

    def create_and_update_subscription_group_config_list(self, broker_addr: str,
                                                         configs: List["SubscriptionGroupConfig"]) -> None:
        """Java ``createAndUpdateSubscriptionGroupConfigList`` (5.3.3)."""
        self.default_mq_admin_ext_impl.create_and_update_subscription_group_config_list(broker_addr, configs)

    def create_and_update_topic_config_list(self, broker_addr: str, topic_config_list: List["TopicConfig"]) -> None:
        """Java ``createAndUpdateTopicConfigList`` (5.3.3)."""
        self.default_mq_admin_ext_impl.create_and_update_topic_config_list(broker_addr, topic_config_list)
