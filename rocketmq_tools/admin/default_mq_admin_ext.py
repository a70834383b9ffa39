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

from typing import TYPE_CHECKING, Any, Dict, List, Optional

from rocketmq_client.client_config import ClientConfig
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.common.bean import Prop
from rocketmq_tools.admin.default_mq_admin_ext_impl import DefaultMQAdminExtImpl

if TYPE_CHECKING:
    from rocketmq_client.query_result import QueryResult
    from rocketmq_common.admin.consume_stats import ConsumeStats
    from rocketmq_common.admin.rollback_stats import RollbackStats
    from rocketmq_common.admin.topic_stats_table import TopicStatsTable
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_common.protocol.body.cluster_info import ClusterInfo
    from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
    from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
    from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
    from rocketmq_common.protocol.body.group_list import GroupList
    from rocketmq_common.protocol.body.kv_table import KVTable
    from rocketmq_common.protocol.body.producer_connection import ProducerConnection
    from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
    from rocketmq_common.protocol.body.topic_list import TopicList
    from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
    from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
    from rocketmq_common.topic_config import TopicConfig
    from rocketmq_remoting.rpc_hook import RPCHook
    from rocketmq_tools.admin.api.message_track import MessageTrack

__all__ = ["DefaultMQAdminExt"]


class DefaultMQAdminExt(ClientConfig):
    """See the module docstring. ``timeout_millis`` (Java's constructor argument, 5000) bounds each request."""

    admin_ext_group = Prop(str, "admin_ext_group")
    create_topic_key = Prop(str, TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    timeout_millis = Prop(int, 5000)

    def __init__(self, admin_ext_group: Optional[str] = None, rpc_hook: Optional["RPCHook"] = None,
                 timeout_millis: int = 5000) -> None:
        """Java's constructors: ``DefaultMQAdminExt([adminExtGroup | rpcHook][, timeoutMillis])``."""
        super().__init__()
        if admin_ext_group is not None:
            self.admin_ext_group = admin_ext_group
        self.timeout_millis = timeout_millis
        self.default_mq_admin_ext_impl = DefaultMQAdminExtImpl(self, rpc_hook, timeout_millis)

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

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0) -> None:
        """Java ``createTopic``."""
        self.default_mq_admin_ext_impl.create_topic(key, new_topic, queue_num, topic_sys_flag)

    def search_offset(self, mq: "MessageQueue", timestamp: int) -> int:
        """Java ``searchOffset``."""
        return self.default_mq_admin_ext_impl.search_offset(mq, timestamp)

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

    def examine_topic_stats(self, topic: str) -> "TopicStatsTable":
        """Java ``examineTopicStats``."""
        return self.default_mq_admin_ext_impl.examine_topic_stats(topic)

    def fetch_all_topic_list(self) -> "TopicList":
        """Java ``fetchAllTopicList``."""
        return self.default_mq_admin_ext_impl.fetch_all_topic_list()

    def fetch_broker_runtime_stats(self, broker_addr: str) -> "KVTable":
        """Java ``fetchBrokerRuntimeStats``."""
        return self.default_mq_admin_ext_impl.fetch_broker_runtime_stats(broker_addr)

    def examine_consume_stats(self, consumer_group: str, topic: Optional[str] = None) -> "ConsumeStats":
        """Java ``examineConsumeStats`` (both overloads)."""
        return self.default_mq_admin_ext_impl.examine_consume_stats(consumer_group, topic)

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

    def reset_offset_by_timestamp_old(self, consumer_group: str, topic: str, timestamp: int,
                                      force: bool) -> List["RollbackStats"]:
        """Java ``resetOffsetByTimestampOld``."""
        return self.default_mq_admin_ext_impl.reset_offset_by_timestamp_old(consumer_group, topic, timestamp, force)

    def reset_offset_by_timestamp(self, topic: str, group: str, timestamp: int, is_force: bool,
                                  is_c: bool = False) -> Dict["MessageQueue", int]:
        """Java ``resetOffsetByTimestamp`` (both overloads)."""
        return self.default_mq_admin_ext_impl.reset_offset_by_timestamp(topic, group, timestamp, is_force, is_c)

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
