"""Java ``org.apache.rocketmq.tools.admin.DefaultMQAdminExtImpl``: the admin calls over one
:class:`~rocketmq_client.impl.factory.mq_client_instance.MQClientInstance` (its MQClientAPIImpl and MQAdminImpl).

The four requests Java's ``MQClientAPIImpl`` has and ours does not yet (GET_BROKER_RUNTIME_INFO,
QUERY_TOPIC_CONSUME_BY_WHO, INVOKE_BROKER_TO_RESET_OFFSET, PUT_KV_CONFIG) are sent from here through the client's
remoting client, with Java's request and answer handling.
"""
from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Set, Tuple, Union, cast

from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.impl.mq_admin_impl import route_topic_of
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.query_result import QueryResult
from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.admin.offset_wrapper import OffsetWrapper
from rocketmq_common.admin.rollback_stats import RollbackStats
from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.message.message_client_ext import MessageClientExt
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.java_hash_map import java_hash_set_order
from rocketmq_common.key_builder import KeyBuilder
from rocketmq_common.mix_all import MixAll
from rocketmq_common.namesrv.namesrv_util import NamesrvUtil
from rocketmq_common.protocol.body.acl_info import AclInfo
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
from rocketmq_common.protocol.body.broker_stats_data import BrokerStatsData
from rocketmq_common.protocol.body.consume_stats_list import ConsumeStatsList
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.body.group_list import GroupList
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.body.producer_connection import ProducerConnection
from rocketmq_common.protocol.body.producer_table_info import ProducerTableInfo
from rocketmq_common.protocol.body.query_consume_queue_response_body import QueryConsumeQueueResponseBody
from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
from rocketmq_common.protocol.body.subscription_group_wrapper import SubscriptionGroupWrapper
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.body.user_info import UserInfo
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.header.update_group_forbidden_request_header import UpdateGroupForbiddenRequestHeader
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.service_state import ServiceState
from rocketmq_common.subscription.group_forbidden import GroupForbidden
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.remoting_util import RemotingUtil
from rocketmq_tools.admin.api.message_track import MessageTrack
from rocketmq_tools.admin.api.track_type import TrackType
from rocketmq_tools.admin.mq_admin_utils import MQAdminUtils

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
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_common.acl_config import AclConfig
    from rocketmq_common.message.message_request_mode import MessageRequestMode
    from rocketmq_common.protocol.body.cluster_acl_version_info import ClusterAclVersionInfo
    from rocketmq_client.impl.mq_client_api_impl import MQClientAPIImpl
    from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
    from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
    from rocketmq_common.topic_config import TopicConfig
    from rocketmq_remoting.rpc_hook import RPCHook
    from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

__all__ = ["DefaultMQAdminExtImpl"]

log = logging.getLogger(__name__)

#: Java ``DefaultMQAdminExtImpl.SYSTEM_GROUP_SET``: groups :meth:`DefaultMQAdminExtImpl.get_user_subscription_group`
#: leaves out
SYSTEM_GROUP_SET = frozenset((MixAll.DEFAULT_CONSUMER_GROUP, MixAll.DEFAULT_PRODUCER_GROUP, MixAll.TOOLS_CONSUMER_GROUP,
                              MixAll.FILTERSRV_CONSUMER_GROUP, MixAll.MONITOR_CONSUMER_GROUP,
                              MixAll.CLIENT_INNER_PRODUCER_GROUP, MixAll.SELF_TEST_PRODUCER_GROUP,
                              MixAll.SELF_TEST_CONSUMER_GROUP, MixAll.ONS_HTTP_PROXY_GROUP,
                              MixAll.CID_ONSAPI_PERMISSION_GROUP, MixAll.CID_ONSAPI_OWNER_GROUP,
                              MixAll.CID_ONSAPI_PULL_GROUP, MixAll.CID_SYS_RMQ_TRANS))


class DefaultMQAdminExtImpl:
    """See the module docstring; :class:`~rocketmq_tools.admin.default_mq_admin_ext.DefaultMQAdminExt` delegates
    here."""

    def __init__(self, default_mq_admin_ext: "DefaultMQAdminExt", rpc_hook: Optional["RPCHook"] = None,
                 timeout_millis: int = 20000) -> None:
        self.default_mq_admin_ext = default_mq_admin_ext
        self.rpc_hook = rpc_hook
        self.timeout_millis = timeout_millis
        self.service_state = ServiceState.CREATE_JUST
        self.mq_client_instance: Optional["MQClientInstance"] = None
        self._random = random.Random()

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``: register with the client instance of this config, then start it."""
        if self.service_state != ServiceState.CREATE_JUST:
            raise MQClientException("The AdminExt service state not OK, maybe started once, %s%s" % (
                self.service_state.name, FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK)), None)
        self.service_state = ServiceState.START_FAILED
        admin = self.default_mq_admin_ext
        admin.change_instance_name_to_pid()
        self.mq_client_instance = MQClientManager.get_instance().get_or_create_mq_client_instance(admin, self.rpc_hook)
        if not self.mq_client_instance.register_admin_ext(admin.admin_ext_group, self):
            self.service_state = ServiceState.CREATE_JUST
            raise MQClientException("The adminExt group[%s] has created already, specifed another name please.%s"
                                    % (admin.admin_ext_group, FAQUrl.suggest_todo(FAQUrl.GROUP_NAME_DUPLICATE_URL)),
                                    None)
        try:
            self.mq_client_instance.start()
        except BaseException:
            self.mq_client_instance.unregister_admin_ext(admin.admin_ext_group)
            self.mq_client_instance.shutdown()
            raise
        log.info("the adminExt [%s] start OK", admin.admin_ext_group)
        self.service_state = ServiceState.RUNNING

    def shutdown(self) -> None:
        """Java ``shutdown``: unregister and shut the client instance down (it stops when nothing else uses it)."""
        if self.service_state == ServiceState.RUNNING and self.mq_client_instance is not None:
            self.mq_client_instance.unregister_admin_ext(self.default_mq_admin_ext.admin_ext_group)
            self.mq_client_instance.shutdown()
            log.info("the adminExt [%s] shutdown OK", self.default_mq_admin_ext.admin_ext_group)
            self.service_state = ServiceState.SHUTDOWN_ALREADY

    def _instance(self) -> "MQClientInstance":
        if self.service_state != ServiceState.RUNNING or self.mq_client_instance is None:
            raise MQClientException("The AdminExt service state not OK, %s" % self.service_state.name, None)
        return self.mq_client_instance

    def _api(self) -> "MQClientAPIImpl":
        return self._instance().get_mq_client_api_impl()

    # ------------------------------------------------------------------ topics and routes

    def create_and_update_topic_config(self, addr: str, config: "TopicConfig") -> None:
        """Java ``createAndUpdateTopicConfig``: UPDATE_AND_CREATE_TOPIC at ``addr``."""
        self._api().create_topic(addr, self.default_mq_admin_ext.create_topic_key, config, self.timeout_millis)

    def create_and_update_subscription_group_config(self, addr: str, config: "SubscriptionGroupConfig") -> None:
        """Java ``createAndUpdateSubscriptionGroupConfig``."""
        self._api().create_subscription_group(addr, config, self.timeout_millis)

    def examine_topic_route_info(self, topic: str) -> TopicRouteData:
        """Java ``examineTopicRouteInfo``."""
        return self._api().get_topic_route_info_from_name_server(topic, self.timeout_millis)

    def examine_topic_stats(self, topic: str) -> TopicStatsTable:
        """Java 5.3.3 ``examineTopicStats``: the offsets of every queue, from each broker of the route; for a
        static topic also its logical queues' (``__syslo__global__``, see
        :meth:`MQAdminUtils.convert_physical_topic_stats`). Java reads the brokers' configs for every topic;
        here only for a route with a static-topic mapping (the others have none to convert). Java 5.3.3 merges
        only the offsets, so the result's ``topic_put_tps`` is 0.0 when a 5.x broker answered (None when only 4.9
        brokers did, which send no TPS)."""
        result = TopicStatsTable()
        result.offset_table = {}
        route = self.examine_topic_route_info(topic)
        for bd in route.broker_datas:
            addr = bd.select_broker_addr()
            if addr is not None:
                table = self._api().get_topic_stats_info(addr, topic, self.timeout_millis)
                result.offset_table.update(table.offset_table or {})
                if table.topic_put_tps is not None:
                    result.topic_put_tps = 0.0
        if route.topic_queue_mapping_by_broker:
            broker_config_map = MQAdminUtils.examine_topic_config_from_route(topic, route,
                                                                             self.default_mq_admin_ext)
            MQAdminUtils.convert_physical_topic_stats(topic, broker_config_map, result)
        if not result.offset_table:
            raise MQClientException("Not found the topic stats info", None)
        return result

    def fetch_all_topic_list(self) -> TopicList:
        """Java ``fetchAllTopicList``."""
        return self._api().get_topic_list_from_name_server(self.timeout_millis)

    def examine_broker_cluster_info(self) -> ClusterInfo:
        """Java ``examineBrokerClusterInfo``."""
        return self._api().get_broker_cluster_info(self.timeout_millis)

    def fetch_broker_runtime_stats(self, broker_addr: str) -> KVTable:
        """Java ``fetchBrokerRuntimeStats``."""
        return self._api().get_broker_runtime_info(broker_addr, self.timeout_millis)

    def query_topic_consume_by_who(self, topic: str) -> GroupList:
        """Java ``queryTopicConsumeByWho``: the groups consuming ``topic``, asked of its first broker."""
        for bd in self.examine_topic_route_info(topic).broker_datas:
            addr = bd.select_broker_addr()
            if addr is not None:
                return self._api().query_topic_consume_by_who(addr, topic, self.timeout_millis)
            break
        return GroupList()

    def create_or_update_order_conf(self, key: str, value: str, is_cluster: bool) -> None:
        """Java ``createOrUpdateOrderConf``: the ``ORDER_TOPIC_CONFIG`` KV entry of topic ``key`` (merged per
        broker name unless ``is_cluster``)."""
        namespace = NamesrvUtil.NAMESPACE_ORDER_TOPIC_CONFIG
        if not is_cluster:
            try:
                old = self._api().get_kv_config_value(namespace, key, self.timeout_millis)
            except MQClientException:
                old = None
            confs: Dict[str, str] = {}
            for conf in (old.split(";") if old is not None and not UtilAll.is_blank(old) else []):
                confs[conf.split(":")[0]] = conf
            confs[value.split(":")[0]] = value
            value = ";".join(confs.values())
        self._api().put_kv_config_value(namespace, key, value, self.timeout_millis)

    # ------------------------------------------------------------------ consumers

    def examine_consume_stats(self, consumer_group: str, topic: Optional[str] = None,
                              cluster_name: Optional[str] = None) -> ConsumeStats:
        """Java 5.3.3 ``examineConsumeStats``: offsets of the group on every broker of its retry topic's route (with
        ``topic``, of the topic's route, then of its POP retry topic's, when the group has no retry topic yet; for an
        LMQ or ``rmq_sys_wheel_timer`` topic then of ``cluster_name``'s), a static topic's by logical queue (see
        :meth:`_convert_static_topics`; not with ``cluster_name``, as Java); CONSUMER_NOT_ONLINE when there are
        none."""
        route_topics = [MixAll.get_retry_topic(consumer_group)]
        if topic is not None:
            route_topics += [topic, KeyBuilder.build_pop_retry_topic(topic, consumer_group)]
            if route_topic_of(cluster_name, topic) != topic:
                route_topics.append(cast(str, cluster_name))
        for i, route_topic in enumerate(route_topics):
            try:
                route = self.examine_topic_route_info(route_topic)
                break
            except MQClientException:
                if i == len(route_topics) - 1:
                    raise
        result = ConsumeStats()
        result.offset_table = {}
        result.consume_tps = 0.0
        for bd in route.broker_datas:
            addr = bd.select_broker_addr()
            if addr is not None:
                stats = self._api().get_consume_stats(addr, consumer_group, self.timeout_millis * 3, topic)
                result.offset_table.update(stats.offset_table or {})
                result.consume_tps = result.consume_tps + (stats.consume_tps or 0.0)
        if not cluster_name:
            self._convert_static_topics(result)
        if not result.offset_table:
            raise MQClientException(ResponseCode.CONSUMER_NOT_ONLINE,
                                    "Not found the consumer group consume stats, because return offset table is "
                                    "empty, maybe the consumer not consume any message")
        return result

    def _convert_static_topics(self, result: ConsumeStats) -> None:
        """Java 5.3.3 ``examineConsumeStats``' static result: the entries of each static topic's physical queues
        replaced by its logical queues' (:meth:`MQAdminUtils.convert_physical_consume_stats`). Java reads every
        topic's route and configs; here a topic the NameServer no longer knows keeps its entries, and only a
        route with a static-topic mapping has its configs read."""
        for topic in sorted({mq.topic for mq in result.offset_table}):
            try:
                route = self.examine_topic_route_info(topic)
            except MQClientException as e:
                if e.response_code != ResponseCode.TOPIC_NOT_EXIST:
                    raise
                continue
            if not route.topic_queue_mapping_by_broker:
                continue
            broker_config_map = MQAdminUtils.examine_topic_config_from_route(topic, route, self.default_mq_admin_ext)
            logical = MQAdminUtils.convert_physical_consume_stats(broker_config_map, result)
            for mq in [mq for mq in result.offset_table if mq.topic == topic]:
                del result.offset_table[mq]
            result.offset_table.update(logical.offset_table)

    def examine_consumer_connection_info(self, consumer_group: str,
                                         broker_addr: Optional[str] = None) -> ConsumerConnection:
        """Java ``examineConsumerConnectionInfo`` (both overloads): asked of ``broker_addr`` or of a random broker
        of the group's retry topic; CONSUMER_NOT_ONLINE when nobody is connected."""
        result = None
        addr = broker_addr
        if addr is None:
            brokers = self.examine_topic_route_info(MixAll.get_retry_topic(consumer_group)).broker_datas
            addr = self._random.choice(brokers).select_broker_addr() if brokers else None
        if addr:
            result = self._api().get_consumer_connection_list(addr, consumer_group, self.timeout_millis)
        if result is None or not result.connection_set:
            log.warning("the consumer group not online. brokerAddr=%s, group=%s", addr, consumer_group)
            raise MQClientException(ResponseCode.CONSUMER_NOT_ONLINE, "Not found the consumer group connection")
        return result

    def examine_producer_connection_info(self, producer_group: str, topic: str) -> ProducerConnection:
        """Java ``examineProducerConnectionInfo``."""
        result = None
        brokers = self.examine_topic_route_info(topic).broker_datas
        addr = self._random.choice(brokers).select_broker_addr() if brokers else None
        if addr:
            result = self._api().get_producer_connection_list(addr, producer_group, self.timeout_millis)
        if result is None or not result.connection_set:
            log.warning("the producer group not online. brokerAddr=%s, group=%s", addr, producer_group)
            raise MQClientException("Not found the producer group connection", None)
        return result

    def get_consumer_running_info(self, consumer_group: str, client_id: str,
                                  jstack: bool) -> Optional[ConsumerRunningInfo]:
        """Java ``getConsumerRunningInfo``: through the first broker of the group's retry topic."""
        for bd in self.examine_topic_route_info(MixAll.RETRY_GROUP_TOPIC_PREFIX + consumer_group).broker_datas:
            addr = bd.select_broker_addr()
            if addr is not None:
                return self._api().get_consumer_running_info(addr, consumer_group, client_id, jstack,
                                                              self.timeout_millis * 3)
        return None

    def query_consume_time_span(self, topic: str, group: str) -> List[QueueTimeSpan]:
        """Java ``queryConsumeTimeSpan``."""
        spans: List[QueueTimeSpan] = []
        for bd in self.examine_topic_route_info(topic).broker_datas:
            addr = bd.select_broker_addr()
            if addr is not None:
                spans.extend(self._api().query_consume_time_span(addr, topic, group, self.timeout_millis))
        return spans

    def consume_message_directly(self, consumer_group: str, client_id: str, msg_id: str,
                                 topic: Optional[str] = None) -> ConsumeMessageDirectlyResult:
        """Java ``consumeMessageDirectly`` (both overloads): ask the client to consume the message once."""
        msg = self.view_message(msg_id) if topic is None else self.view_message_in_topic(topic, msg_id)
        offset_msg_id = (msg.get_offset_msg_id() or msg_id) if isinstance(msg, MessageClientExt) else msg_id
        return self._api().consume_message_directly(RemotingUtil.socket_address2string(msg.get_store_host()),
                                                    consumer_group, client_id, offset_msg_id,
                                                    self.timeout_millis * 3)

    def update_consume_offset(self, broker_addr: str, consume_group: str, mq: MessageQueue, offset: int) -> None:
        """Java ``updateConsumeOffset``."""
        header = UpdateConsumerOffsetRequestHeader()
        header.set_consumer_group(consume_group)
        header.set_topic(mq.get_topic())
        header.set_queue_id(mq.get_queue_id())
        header.set_commit_offset(offset)
        self._api().update_consumer_offset(broker_addr, header, self.timeout_millis)

    # ------------------------------------------------------------------ offsets reset

    def reset_offset_by_timestamp(self, topic: str, group: str, timestamp: int, is_force: bool,
                                  is_c: bool = False, cluster_name: Optional[str] = None) -> Dict[MessageQueue, int]:
        """Java 5.3.3 ``resetOffsetByTimestamp``: INVOKE_BROKER_TO_RESET_OFFSET on each broker of the topic (of
        ``cluster_name``'s route for an LMQ or ``rmq_sys_wheel_timer`` topic): a 5.x broker resets the offsets
        itself, a 4.x one tells the online clients (CONSUMER_NOT_ONLINE when the group has none)."""
        all_offsets: Dict[MessageQueue, int] = {}
        for bd in self.examine_topic_route_info(route_topic_of(cluster_name, topic)).broker_datas or []:
            addr = bd.select_broker_addr()
            if addr is not None:
                all_offsets.update(self._api().invoke_broker_to_reset_offset(addr, topic, group, timestamp, is_force,
                                                                             self.timeout_millis, is_c))
        return all_offsets

    def reset_offset_by_timestamp_old(self, consumer_group: str, topic: str, timestamp: int, force: bool,
                                      cluster_name: Optional[str] = None) -> List[RollbackStats]:
        """Java 5.3.3 ``resetOffsetByTimestampOld``: write the group's offsets directly on the brokers (for a group
        with no online client; of ``cluster_name``'s route for an LMQ or ``rmq_sys_wheel_timer`` topic);
        ``timestamp`` -1 means the max offset."""
        route = self.examine_topic_route_info(route_topic_of(cluster_name, topic))
        read_queue_nums: Dict[str, int] = {}
        for bd in route.broker_datas:
            for qd in route.queue_datas:
                if qd.broker_name == bd.broker_name:
                    read_queue_nums[bd.select_broker_addr()] = qd.read_queue_nums
        result: List[RollbackStats] = []
        api = self._api()
        for bd in route.broker_datas:
            addr = bd.select_broker_addr()
            if addr is None:
                continue
            consume_stats = api.get_consume_stats(addr, consumer_group, self.timeout_millis)
            has_consumed = False
            for queue, wrapper in (consume_stats.offset_table or {}).items():
                if queue.topic == topic:
                    has_consumed = True
                    result.append(self._reset_offset_consume_offset(addr, consumer_group, queue, wrapper, timestamp,
                                                                    force))
            if not has_consumed:
                status = api.get_topic_stats_info(addr, topic, self.timeout_millis).offset_table
                for i in range(read_queue_nums.get(addr, 0)):
                    queue = MessageQueue(topic, bd.broker_name, i)
                    wrapper = OffsetWrapper()
                    wrapper.broker_offset = status[queue].max_offset
                    wrapper.consumer_offset = status[queue].min_offset
                    result.append(self._reset_offset_consume_offset(addr, consumer_group, queue, wrapper, timestamp,
                                                                    force))
        return result

    def _reset_offset_consume_offset(self, broker_addr: str, consume_group: str, queue: MessageQueue,
                                     wrapper: OffsetWrapper, timestamp: int, force: bool) -> RollbackStats:
        api = self._api()
        if timestamp == -1:
            reset_offset = api.get_max_offset(broker_addr, queue, self.timeout_millis)
        else:
            reset_offset = api.search_offset(broker_addr, queue, timestamp, self.timeout_millis)
        stats = RollbackStats()
        stats.broker_name = queue.broker_name
        stats.queue_id = queue.queue_id
        stats.broker_offset = wrapper.broker_offset
        stats.consumer_offset = wrapper.consumer_offset
        stats.timestamp_offset = reset_offset
        stats.rollback_offset = wrapper.consumer_offset
        if force or reset_offset <= wrapper.consumer_offset:
            stats.rollback_offset = reset_offset
            self.update_consume_offset(broker_addr, consume_group, queue, reset_offset)
        return stats

    def reset_offset_by_queue_id(self, broker_addr: str, consume_group: str, topic_name: str, queue_id: int,
                                 reset_offset: int) -> None:
        """Java 5.3.3 ``resetOffsetByQueueId``: the group's offset of one queue on ``broker_addr`` written
        (UPDATE_CONSUMER_OFFSET), then reset there (INVOKE_BROKER_TO_RESET_OFFSET with the queue and offset: the
        queue's next pull moves to it); a refusal of the reset raises MQBrokerException with the broker's code."""
        self.update_consume_offset(broker_addr, consume_group, MessageQueue(topic_name, "", queue_id), reset_offset)
        try:
            result = self._api().invoke_broker_to_reset_offset_by_queue_id(
                broker_addr, topic_name, consume_group, 0, queue_id, reset_offset, self.timeout_millis)
        except MQClientException as e:
            raise MQBrokerException(e.response_code, e.error_message) from e
        for mq, offset in result.items():
            log.info("Reset single message queue %s offset from %s to %s", mq, offset, reset_offset)

    def search_offset_in_broker(self, broker_addr: str, topic_name: str, queue_id: int, timestamp: int,
                                timeout_millis: int) -> int:
        """Java 5.3.3 ``searchOffset(brokerAddr, topicName, queueId, timestamp, timeoutMillis)``: the offset of
        ``timestamp`` in one queue of ``broker_addr``."""
        return self._api().search_offset_by_queue_id(broker_addr, topic_name, queue_id, timestamp, timeout_millis)

    def update_and_get_group_read_forbidden(self, broker_addr: str, group_name: str, topic_name: str,
                                            readable: Optional[bool]) -> GroupForbidden:
        """Java 5.3.3 ``updateAndGetGroupReadForbidden``: forbid (``readable`` False) or allow (True) the group
        to read the topic on ``broker_addr``, or (None) only ask; the state after."""
        header = UpdateGroupForbiddenRequestHeader()
        header.set_group(group_name)
        header.set_topic(topic_name)
        header.set_readable(readable)
        return self._api().update_and_get_group_forbidden(broker_addr, header, self.timeout_millis)

    # ------------------------------------------------------------------ messages

    def view_message(self, msg_id: str) -> MessageExt:
        """Java ``viewMessage(offsetMsgId)``."""
        return self._instance().get_mq_admin_impl().view_message(msg_id)

    def view_message_in_topic(self, topic: str, msg_id: str, cluster_name: Optional[str] = None) -> MessageExt:
        """Java ``viewMessage(topic, msgId)`` and 5.3.3's ``queryMessage(clusterName, topic, msgId)``: an offset
        message id, else a unique (client) id looked up in ``topic``'s index (with ``cluster_name``: on that
        cluster's brokers; of the parent topic ``cluster_name`` for an LMQ topic). Unlike Java, an id is read as an
        offset id only when the address it holds is a broker of the topic (a unique id also decodes to an
        address: the producer's, never contacted here)."""
        try:
            address = RemotingUtil.socket_address2string(MessageDecoder.decode_message_id(msg_id).get_address())
        except Exception:
            address = None
        brokers = {addr for bd in self.examine_topic_route_info(route_topic_of(cluster_name, topic)).broker_datas
                   for addr in (bd.broker_addrs or {}).values()}
        if address in brokers:
            try:
                return self.view_message(msg_id)
            except (MQClientException, MQBrokerException):
                log.warning("the msgId maybe created by new client. msgId=%s", msg_id, exc_info=True)
        msg = self._instance().get_mq_admin_impl().query_message_by_uniq_key(topic, msg_id, cluster_name=cluster_name)
        if not isinstance(msg, MessageExt):  # None: not found (the two-argument form returns a message)
            raise MQClientException(ResponseCode.NO_MESSAGE, "query message by id finished, but no message.")
        return msg

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> QueryResult:
        """Java ``queryMessage``: by key through the brokers' index."""
        return self._instance().get_mq_admin_impl().query_message(topic, key, max_num, begin, end)

    def query_message_by_uniq_key(self, topic: str, key: str, max_num: int, begin: int, end: int) -> QueryResult:
        """Java ``queryMessageByUniqKey``."""
        # the five-argument form of MQAdminImpl.queryMessageByUniqKey returns a QueryResult
        return cast(QueryResult, self._instance().get_mq_admin_impl().query_message_by_uniq_key(
            topic, key, max_num, begin, end))

    def message_track_detail(self, msg: MessageExt) -> List[MessageTrack]:
        """Java ``messageTrackDetail``: for every group consuming the message's topic, whether it consumed it (the
        groups in the order of Java's ``HashSet`` of them)."""
        result: List[MessageTrack] = []
        for group in java_hash_set_order(self.query_topic_consume_by_who(msg.get_topic()).group_list or ()):
            track = MessageTrack()
            track.consumer_group = group
            track.track_type = TrackType.UNKNOWN
            result.append(track)
            try:
                connection = self.examine_consumer_connection_info(group)
            except (MQClientException, MQBrokerException) as e:
                if e.response_code == ResponseCode.CONSUMER_NOT_ONLINE:
                    track.track_type = TrackType.NOT_ONLINE
                track.exception_desc = "CODE:%s DESC:%s" % (e.response_code, e.error_message)
                continue
            if connection.consume_type == ConsumeType.CONSUME_ACTIVELY:
                track.track_type = TrackType.PULL
            elif connection.consume_type == ConsumeType.CONSUME_PASSIVELY:
                try:
                    if_consumed = self.consumed(msg, group)
                except (MQClientException, MQBrokerException) as e:
                    if e.response_code == ResponseCode.CONSUMER_NOT_ONLINE:
                        track.track_type = TrackType.NOT_ONLINE
                    track.exception_desc = "CODE:%s DESC:%s" % (e.response_code, e.error_message)
                    continue
                if not if_consumed:
                    track.track_type = TrackType.NOT_CONSUME_YET
                    continue
                track.track_type = TrackType.CONSUMED
                for topic, subscription in (connection.subscription_table or {}).items():
                    tags = subscription.tags_set or set()
                    if topic == msg.get_topic() and not (msg.get_tags() in tags or "*" in tags or not tags):
                        track.track_type = TrackType.CONSUMED_BUT_FILTERED
        return result

    def consumed(self, msg: MessageExt, group: str) -> bool:
        """Java ``consumed``: the group's offset in the message's queue (on its store host) is past it."""
        stats = self.examine_consume_stats(group)
        cluster_info = self.examine_broker_cluster_info()
        store_host = RemotingUtil.socket_address2string(msg.get_store_host())
        for mq, wrapper in stats.offset_table.items():
            if mq.topic == msg.get_topic() and mq.queue_id == msg.get_queue_id():
                broker_data = (cluster_info.broker_addr_table or {}).get(mq.broker_name)
                if broker_data is not None:
                    master = (broker_data.broker_addrs or {}).get(MixAll.MASTER_ID)
                    if master is not None and RemotingUtil.convert2ip_string(master) == store_host \
                            and wrapper.consumer_offset > msg.get_queue_offset():
                        return True
        return False

    # ------------------------------------------------------------------ MQAdmin

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0,
                     attributes: Optional[Dict[str, str]] = None) -> None:
        """Java 5.3.3 ``createTopic``."""
        self._instance().get_mq_admin_impl().create_topic(key, new_topic, queue_num, topic_sys_flag, attributes)

    def create_static_topic(self, addr: str, default_topic: str, topic_config: "TopicConfig",
                            mapping_detail: "TopicQueueMappingDetail", force: bool) -> None:
        """Java 5.3.3 ``createStaticTopic``: UPDATE_AND_CREATE_STATIC_TOPIC of one broker's config and mapping."""
        self._api().create_static_topic(addr, default_topic, topic_config, mapping_detail, force, self.timeout_millis)

    def examine_topic_stats_in_broker(self, broker_addr: str, topic: str) -> TopicStatsTable:
        """Java 5.3.3 ``examineTopicStats(brokerAddr, topic)``: the physical queue offsets of ``topic`` on one
        broker."""
        return self._api().get_topic_stats_info(broker_addr, topic, self.timeout_millis)

    def search_offset(self, mq: MessageQueue, timestamp: int) -> int:
        """Java ``searchOffset``."""
        return self._instance().get_mq_admin_impl().search_offset(mq, timestamp)

    def max_offset(self, mq: MessageQueue) -> int:
        """Java ``maxOffset``."""
        return self._instance().get_mq_admin_impl().max_offset(mq)

    def min_offset(self, mq: MessageQueue) -> int:
        """Java ``minOffset``."""
        return self._instance().get_mq_admin_impl().min_offset(mq)

    def earliest_msg_store_time(self, mq: MessageQueue) -> int:
        """Java ``earliestMsgStoreTime``."""
        return self._instance().get_mq_admin_impl().earliest_msg_store_time(mq)

    def get_name_server_address_list(self) -> List[str]:
        """Java ``getNameServerAddressList``."""
        return list(self._api().get_name_server_address_list() or [])

    # ------------------------------------------------------------------ mqadmin: brokers

    def update_broker_config(self, broker_addr: str, properties: Dict[str, str]) -> None:
        """Java ``updateBrokerConfig``."""
        self._api().update_broker_config(broker_addr, properties, self.timeout_millis)

    def get_broker_config(self, broker_addr: str) -> Optional[Dict[str, str]]:
        """Java ``getBrokerConfig``."""
        return self._api().get_broker_config(broker_addr, self.timeout_millis)

    def examine_subscription_group_config(self, addr: str, group: str) -> Optional["SubscriptionGroupConfig"]:
        """Java ``examineSubscriptionGroupConfig``: the group's config on ``addr`` (None when it has none)."""
        return (self._api().get_all_subscription_group(addr, self.timeout_millis).subscription_group_table
                or {}).get(group)

    def examine_topic_config(self, addr: str, topic: str) -> Optional["TopicConfig"]:
        """Java 5.3.3 ``examineTopicConfig``: GET_TOPIC_CONFIG, the topic's config with its static-topic mapping
        (a TopicConfigAndQueueMapping; MQBrokerException TOPIC_NOT_EXIST when the broker has no such topic). A
        broker without GET_TOPIC_CONFIG (4.9.7) answers REQUEST_CODE_NOT_SUPPORTED: then, as 4.9.7's tools do, the
        topic's entry of all its configs (None when it has none)."""
        try:
            return self._api().get_topic_config(addr, topic, self.timeout_millis)
        except MQBrokerException as e:
            if e.response_code != ResponseCode.REQUEST_CODE_NOT_SUPPORTED:
                raise
        return (self._api().get_all_topic_config(addr, self.timeout_millis).topic_config_table or {}).get(topic)

    def fetch_topics_by_cluster(self, cluster_name: str) -> TopicList:
        """Java ``fetchTopicsByCLuster``."""
        return self._api().get_topics_by_cluster(cluster_name, self.timeout_millis)

    def get_all_producer_info(self, broker_addr: str) -> ProducerTableInfo:
        """Java ``getAllProducerInfo``."""
        return self._api().get_all_producer_info(broker_addr, self.timeout_millis)

    def wipe_write_perm_of_broker(self, namesrv_addr: str, broker_name: str) -> int:
        """Java ``wipeWritePermOfBroker``."""
        return self._api().wipe_write_perm_of_broker(namesrv_addr, broker_name, self.timeout_millis)

    def add_write_perm_of_broker(self, namesrv_addr: str, broker_name: str) -> int:
        """Java ``addWritePermOfBroker``."""
        return self._api().add_write_perm_of_broker(namesrv_addr, broker_name, self.timeout_millis)

    def get_kv_config(self, namespace: str, key: str) -> Optional[str]:
        """Java ``getKVConfig``."""
        return self._api().get_kv_config_value(namespace, key, self.timeout_millis)

    def get_kv_list_by_namespace(self, namespace: str) -> KVTable:
        """Java ``getKVListByNamespace``."""
        return self._api().get_kv_list_by_namespace(namespace, self.timeout_millis)

    def create_and_update_kv_config(self, namespace: str, key: str, value: str) -> None:
        """Java ``createAndUpdateKvConfig`` (and ``putKVConfig``): at every name server."""
        self._api().put_kv_config_value(namespace, key, value, self.timeout_millis)

    def delete_kv_config(self, namespace: str, key: str) -> None:
        """Java ``deleteKvConfig``: at every name server."""
        self._api().delete_kv_config_value(namespace, key, self.timeout_millis)

    def delete_topic_in_broker(self, addrs: Set[str], topic: str) -> None:
        """Java ``deleteTopicInBroker``: at each broker of ``addrs``."""
        for addr in sorted(addrs):
            self._api().delete_topic_in_broker(addr, topic, self.timeout_millis)

    def delete_topic_in_name_server(self, addrs: Optional[Set[str]], topic: str,
                                    cluster_name: Optional[str] = None) -> None:
        """Java ``deleteTopicInNameServer``: at each name server of ``addrs`` (the client's when None)."""
        if addrs is None:
            addrs = set((self._api().fetch_name_server_addr() or "").split(";")) - {""}
        for addr in sorted(addrs):
            self._api().delete_topic_in_name_server(addr, topic, cluster_name, self.timeout_millis)

    def delete_subscription_group(self, addr: str, group_name: str, remove_offset: bool = False) -> None:
        """Java ``deleteSubscriptionGroup`` (both overloads)."""
        self._api().delete_subscription_group(addr, group_name, remove_offset, self.timeout_millis)

    def _on_brokers(self, cluster: Optional[str], action: Callable[[str], bool]) -> bool:
        # Java's ``xxx(cluster)`` / ``xxxByCluster``: every broker of the cluster (of every cluster when blank);
        # the result of the last broker, False when the cluster info cannot be had
        result = False
        try:
            cluster_info = self.examine_broker_cluster_info()
        except MQBrokerException:
            log.error("examineBrokerClusterInfo error", exc_info=True)
            return False
        clusters = cluster_info.retrieve_all_cluster_names() if not cluster else [cluster]
        for name in clusters:
            for addr in cluster_info.retrieve_all_addr_by_cluster(name):
                result = action(addr)
        return result

    def clean_expired_consumer_queue(self, cluster: Optional[str]) -> bool:
        """Java ``cleanExpiredConsumerQueue``: on every broker of ``cluster`` (all clusters when blank)."""
        return self._on_brokers(cluster, self.clean_expired_consumer_queue_by_addr)

    def clean_expired_consumer_queue_by_addr(self, addr: str) -> bool:
        """Java ``cleanExpiredConsumerQueueByAddr``."""
        result = self._api().clean_expired_consume_queue(addr, self.timeout_millis)
        log.warning("clean expired ConsumeQueue on target %s broker %s", addr, result)
        return result

    def delete_expired_commit_log(self, cluster: Optional[str]) -> bool:
        """Java ``deleteExpiredCommitLog``."""
        return self._on_brokers(cluster, self.delete_expired_commit_log_by_addr)

    def delete_expired_commit_log_by_addr(self, addr: str) -> bool:
        """Java ``deleteExpiredCommitLogByAddr``."""
        result = self._api().delete_expired_commit_log(addr, self.timeout_millis)
        log.warning("Delete expired CommitLog on target %s broker %s", addr, result)
        return result

    def clean_unused_topic(self, cluster: Optional[str]) -> bool:
        """Java ``cleanUnusedTopic``."""
        return self._on_brokers(cluster, self.clean_unused_topic_by_addr)

    def clean_unused_topic_by_addr(self, addr: str) -> bool:
        """Java ``cleanUnusedTopicByAddr``."""
        result = self._api().clean_unused_topic_by_addr(addr, self.timeout_millis)
        log.warning("clean unused topic on target %s broker %s", addr, result)
        return result

    def view_broker_stats_data(self, broker_addr: str, stats_name: str, stats_key: str) -> BrokerStatsData:
        """Java ``viewBrokerStatsData``."""
        return self._api().view_broker_stats_data(broker_addr, stats_name, stats_key, self.timeout_millis)

    def get_cluster_list(self, topic: str) -> Set[str]:
        """Java ``getClusterList`` (empty, as in Java)."""
        return self._api().get_cluster_list(topic, self.timeout_millis)

    def fetch_consume_stats_in_broker(self, broker_addr: str, is_order: bool,
                                      timeout_millis: int) -> ConsumeStatsList:
        """Java ``fetchConsumeStatsInBroker``."""
        return self._api().fetch_consume_stats_in_broker(broker_addr, is_order, timeout_millis)

    def get_topic_cluster_list(self, topic: str) -> Set[str]:
        """Java ``getTopicClusterList``: the clusters holding the first broker of the topic's route."""
        cluster_info = self.examine_broker_cluster_info()
        broker_name = self.examine_topic_route_info(topic).broker_datas[0].broker_name
        return {cluster for cluster, names in (cluster_info.cluster_addr_table or {}).items()
                if broker_name in (names or ())}

    def get_all_subscription_group(self, broker_addr: str, timeout_millis: int) -> SubscriptionGroupWrapper:
        """Java ``getAllSubscriptionGroup``."""
        return self._api().get_all_subscription_group(broker_addr, timeout_millis)

    def get_user_subscription_group(self, broker_addr: str, timeout_millis: int) -> SubscriptionGroupWrapper:
        """Java ``getUserSubscriptionGroup``: without the system groups."""
        wrapper = self._api().get_all_subscription_group(broker_addr, timeout_millis)
        table = wrapper.subscription_group_table or {}
        for group in [g for g in table if MixAll.is_sys_consumer_group(g) or g in SYSTEM_GROUP_SET]:
            del table[group]
        return wrapper

    def get_all_topic_config(self, broker_addr: str, timeout_millis: int) -> TopicConfigSerializeWrapper:
        """Java ``getAllTopicConfig``."""
        return self._api().get_all_topic_config(broker_addr, timeout_millis)

    def get_user_topic_config(self, broker_addr: str, special_topic: bool,
                              timeout_millis: int) -> TopicConfigSerializeWrapper:
        """Java ``getUserTopicConfig``: without the system topics (nor retry / DLQ topics unless
        ``special_topic``)."""
        wrapper = self.get_all_topic_config(broker_addr, timeout_millis)
        system = set(self._api().get_system_topic_list_from_broker(broker_addr, timeout_millis).topic_list or ())
        table = wrapper.topic_config_table or {}
        for topic in list(table):
            if topic in system or (not special_topic and (topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX)
                                                          or topic.startswith(MixAll.DLQ_GROUP_TOPIC_PREFIX))):
                del table[topic]
        return wrapper

    def update_name_server_config(self, properties: Dict[str, str], name_servers: Optional[List[str]]) -> None:
        """Java ``updateNameServerConfig``."""
        self._api().update_name_server_config(properties, name_servers, self.timeout_millis)

    def get_name_server_config(self, name_servers: Optional[List[str]]) -> Optional[Dict[str, Dict[str, str]]]:
        """Java ``getNameServerConfig``."""
        return self._api().get_name_server_config(name_servers, self.timeout_millis)

    def query_consume_queue(self, broker_addr: str, topic: str, queue_id: int, index: int, count: int,
                            consumer_group: Optional[str]) -> QueryConsumeQueueResponseBody:
        """Java ``queryConsumeQueue``."""
        return self._api().query_consume_queue(broker_addr, topic, queue_id, index, count, consumer_group,
                                               self.timeout_millis)

    # ------------------------------------------------------------------ mqadmin: consumers and offsets

    def set_message_request_mode(self, broker_addr: str, topic: str, consumer_group: str,
                                 mode: "MessageRequestMode", pop_share_queue_num: int, timeout_millis: int) -> None:
        """Java ``setMessageRequestMode`` (5.3.3): SET_MESSAGE_REQUEST_MODE at ``broker_addr``."""
        self._api().set_message_request_mode(broker_addr, topic, consumer_group, mode, pop_share_queue_num,
                                             timeout_millis)

    def clone_group_offset(self, src_group: str, dest_group: str, topic: str, is_offline: bool) -> None:
        """Java ``cloneGroupOffset``: on every broker of the source group's retry topic."""
        for bd in self.examine_topic_route_info(MixAll.get_retry_topic(src_group)).broker_datas:
            addr = bd.select_broker_addr()
            if addr is not None:
                self._api().clone_group_offset(addr, src_group, dest_group, topic, is_offline,
                                               self.timeout_millis * 3)

    def reset_offset_new(self, consumer_group: str, topic: str, timestamp: int) -> None:
        """Java ``resetOffsetNew``: through the online clients, else directly on the brokers."""
        try:
            self.reset_offset_by_timestamp(topic, consumer_group, timestamp, True)
        except MQClientException as e:
            if e.response_code != ResponseCode.CONSUMER_NOT_ONLINE:
                raise
            self.reset_offset_by_timestamp_old(consumer_group, topic, timestamp, True)

    def get_consume_status(self, topic: str, group: str,
                           client_addr: Optional[str]) -> Dict[str, Dict[MessageQueue, int]]:
        """Java ``getConsumeStatus``: the offsets each client of the group holds, asked through the topic's first
        broker."""
        brokers = self.examine_topic_route_info(topic).broker_datas
        if brokers:
            addr = brokers[0].select_broker_addr()
            if addr is not None:
                return self._api().invoke_broker_to_get_consumer_status(addr, topic, group, client_addr,
                                                                        self.timeout_millis)
        return {}

    # ------------------------------------------------------------------ mqadmin: ACL

    def create_and_update_plain_access_config(self, addr: str, config: "PlainAccessConfig") -> None:
        """Java ``createAndUpdatePlainAccessConfig``."""
        self._api().create_plain_access_config(addr, config, self.timeout_millis)

    def delete_plain_access_config(self, addr: str, access_key: str) -> None:
        """Java ``deletePlainAccessConfig``."""
        self._api().delete_access_config(addr, access_key, self.timeout_millis)

    def update_global_white_addr_config(self, addr: str, global_white_addrs: str,
                                        acl_file_full_path: Optional[str] = None) -> None:
        """Java ``updateGlobalWhiteAddrConfig`` (both overloads)."""
        self._api().update_global_white_addrs_config(addr, global_white_addrs, acl_file_full_path,
                                                     self.timeout_millis)

    def examine_broker_cluster_acl_version_info(self, addr: str) -> "ClusterAclVersionInfo":
        """Java ``examineBrokerClusterAclVersionInfo``."""
        return self._api().get_broker_cluster_acl_info(addr, self.timeout_millis)

    def examine_broker_cluster_acl_config(self, addr: str) -> "AclConfig":
        """Java ``examineBrokerClusterAclConfig``."""
        return self._api().get_broker_cluster_config(addr, self.timeout_millis)

    # ACL 2.0 users and ACLs (5.3.3)

    def create_user(self, broker_addr: str, user: "Union[UserInfo, str]", password: Optional[str] = None,
                    user_type: Optional[str] = None) -> None:
        """Java ``createUser`` (5.3.3), both overloads: a UserInfo, or a username with its password and type."""
        user_info = user if isinstance(user, UserInfo) else UserInfo.of(user, password, user_type)
        self._api().create_user(broker_addr, user_info, self.timeout_millis)

    def update_user(self, broker_addr: str, user: "Union[UserInfo, str]", password: Optional[str] = None,
                    user_type: Optional[str] = None, user_status: Optional[str] = None) -> None:
        """Java ``updateUser`` (5.3.3), both overloads: what is given replaces the user's."""
        user_info = user if isinstance(user, UserInfo) else UserInfo.of(user, password, user_type, user_status)
        self._api().update_user(broker_addr, user_info, self.timeout_millis)

    def delete_user(self, broker_addr: str, username: Optional[str]) -> None:
        """Java ``deleteUser`` (5.3.3)."""
        self._api().delete_user(broker_addr, username, self.timeout_millis)

    def get_user(self, broker_addr: str, username: Optional[str]) -> Optional[UserInfo]:
        """Java ``getUser`` (5.3.3): None for a user the broker does not have."""
        return self._api().get_user(broker_addr, username, self.timeout_millis)

    def list_user(self, broker_addr: str, filter: Optional[str]) -> Optional[List[UserInfo]]:
        """Java ``listUser`` (5.3.3)."""
        return self._api().list_user(broker_addr, filter, self.timeout_millis)

    def create_acl(self, broker_addr: str, acl: "Union[AclInfo, str]", resources: Optional[List[str]] = None,
                   actions: Optional[List[str]] = None, source_ips: Optional[List[str]] = None,
                   decision: Optional[str] = None) -> None:
        """Java ``createAcl`` (5.3.3), both overloads: an AclInfo, or a subject with one policy of the resources."""
        acl_info = acl if isinstance(acl, AclInfo) else AclInfo.of(acl, resources or [], actions, source_ips,
                                                                   decision)
        self._api().create_acl(broker_addr, acl_info, self.timeout_millis)

    def update_acl(self, broker_addr: str, acl: "Union[AclInfo, str]", resources: Optional[List[str]] = None,
                   actions: Optional[List[str]] = None, source_ips: Optional[List[str]] = None,
                   decision: Optional[str] = None) -> None:
        """Java ``updateAcl`` (5.3.3), both overloads, as :meth:`create_acl`."""
        acl_info = acl if isinstance(acl, AclInfo) else AclInfo.of(acl, resources or [], actions, source_ips,
                                                                   decision)
        self._api().update_acl(broker_addr, acl_info, self.timeout_millis)

    def delete_acl(self, broker_addr: str, subject: Optional[str], resource: Optional[str]) -> None:
        """Java ``deleteAcl`` (5.3.3): the subject's ACL, or only its entry of ``resource``."""
        self._api().delete_acl(broker_addr, subject, resource, self.timeout_millis)

    def get_acl(self, broker_addr: str, subject: Optional[str]) -> Optional[AclInfo]:
        """Java ``getAcl`` (5.3.3): None for a subject without an ACL."""
        return self._api().get_acl(broker_addr, subject, self.timeout_millis)

    def list_acl(self, broker_addr: str, subject_filter: Optional[str],
                 resource_filter: Optional[str]) -> Optional[List[AclInfo]]:
        """Java ``listAcl`` (5.3.3)."""
        return self._api().list_acl(broker_addr, subject_filter, resource_filter, self.timeout_millis)

    # ------------------------------------------------------------------ mqadmin 5.3.3: containers, HA, controllers,
    # cold data, RocksDB, batch updates

    def add_broker_to_container(self, broker_container_addr: str, broker_config: str) -> None:
        """Java ``addBrokerToContainer`` (5.3.3); ADD_BROKER at a broker container (20 s)."""
        self._api().add_broker(broker_container_addr, broker_config, 20000)

    def remove_broker_from_container(self, broker_container_addr: str, cluster_name: str, broker_name: str,
                                     broker_id: int) -> None:
        """Java ``removeBrokerFromContainer`` (5.3.3); REMOVE_BROKER at a broker container (20 s)."""
        self._api().remove_broker(broker_container_addr, cluster_name, broker_name, broker_id, 20000)

    def check_rocksdb_cq_write_progress(self, broker_addr: str, topic: str,
                                        check_store_time: int) -> "CheckRocksdbCqWriteResult":
        """Java ``checkRocksdbCqWriteProgress`` (5.3.3)."""
        return self._api().check_rocksdb_cq_write_progress(broker_addr, topic, check_store_time, self.timeout_millis)

    def clean_controller_broker_data(self, controller_addr: str, cluster_name: Optional[str], broker_name: str,
                                     broker_id_set_to_clean: Optional[str], is_clean_living_broker: bool) -> None:
        """Java ``cleanControllerBrokerData`` (5.3.3)."""
        self._api().clean_controller_broker_data(controller_addr, cluster_name, broker_name, broker_id_set_to_clean,
                                                 is_clean_living_broker)

    def set_commit_log_read_ahead_mode(self, broker_addr: str, mode: str) -> Optional[str]:
        """Java ``setCommitLogReadAheadMode`` (5.3.3)."""
        return self._api().set_commit_log_read_ahead_mode(broker_addr, mode, self.timeout_millis)

    def export_pop_records(self, broker_addr: str, timeout: int) -> None:
        """Java ``exportPopRecords`` (5.3.3)."""
        self._api().export_pop_record(broker_addr, timeout)

    def get_broker_epoch_cache(self, broker_addr: str) -> "EpochEntryCache":
        """Java ``getBrokerEpochCache`` (5.3.3)."""
        return self._api().get_broker_epoch_cache(broker_addr)

    def get_cold_data_flow_ctr_info(self, broker_addr: str) -> Optional[str]:
        """Java ``getColdDataFlowCtrInfo`` (5.3.3)."""
        return self._api().get_cold_data_flow_ctr_info(broker_addr, self.timeout_millis)

    def update_cold_data_flow_ctr_group_config(self, broker_addr: str, properties: Dict[str, str]) -> None:
        """Java ``updateColdDataFlowCtrGroupConfig`` (5.3.3)."""
        self._api().update_cold_data_flow_ctr_group_config(broker_addr, properties, self.timeout_millis)

    def remove_cold_data_flow_ctr_group_config(self, broker_addr: str, consumer_group: str) -> None:
        """Java ``removeColdDataFlowCtrGroupConfig`` (5.3.3)."""
        self._api().remove_cold_data_flow_ctr_group_config(broker_addr, consumer_group, self.timeout_millis)

    def get_controller_config(self, controller_servers: Optional[List[str]]) -> Optional[Dict[str, Dict[str, str]]]:
        """Java ``getControllerConfig`` (5.3.3)."""
        return self._api().get_controller_config(controller_servers, self.timeout_millis)

    def update_controller_config(self, properties: Dict[str, str], controllers: Optional[List[str]]) -> None:
        """Java ``updateControllerConfig`` (5.3.3)."""
        self._api().update_controller_config(properties, controllers, self.timeout_millis)

    def get_controller_meta_data(self, controller_addr: str) -> "GetMetaDataResponseHeader":
        """Java ``getControllerMetaData`` (5.3.3)."""
        return self._api().get_controller_meta_data(controller_addr)

    def get_in_sync_state_data(self, controller_address: str, brokers: List[str]) -> "BrokerReplicasInfo":
        """Java ``getInSyncStateData`` (5.3.3)."""
        return self._api().get_in_sync_state_data(controller_address, brokers)

    def elect_master(self, controller_addr: str, cluster_name: str, broker_name: str,
                     broker_id: int) -> Tuple["ElectMasterResponseHeader", Optional["BrokerMemberGroup"]]:
        """Java ``electMaster`` (5.3.3); Java's ``Pair`` is a tuple."""
        return self._api().elect_master(controller_addr, cluster_name, broker_name, broker_id)

    def get_broker_ha_status(self, broker_addr: str) -> "HARuntimeInfo":
        """Java ``getBrokerHAStatus`` (5.3.3)."""
        return self._api().get_broker_ha_status(broker_addr, self.timeout_millis)

    def reset_master_flush_offset(self, broker_addr: str, master_flush_offset: int) -> None:
        """Java ``resetMasterFlushOffset`` (5.3.3)."""
        self._api().reset_master_flush_offset(broker_addr, master_flush_offset)

    def export_rocks_db_config_to_json(self, broker_addr: str, config_type: List["ConfigType"]) -> None:
        """Java ``exportRocksDBConfigToJson`` (5.3.3)."""
        self._api().export_rocks_db_config_to_json(broker_addr, config_type, self.timeout_millis)

    def create_and_update_subscription_group_config_list(self, broker_addr: str,
                                                         configs: List["SubscriptionGroupConfig"]) -> None:
        """Java ``createAndUpdateSubscriptionGroupConfigList`` (5.3.3)."""
        self._api().create_subscription_group_list(broker_addr, configs, self.timeout_millis)

    def create_and_update_topic_config_list(self, broker_addr: str, topic_config_list: List["TopicConfig"]) -> None:
        """Java ``createAndUpdateTopicConfigList`` (5.3.3)."""
        self._api().create_topic_list(broker_addr, topic_config_list, self.timeout_millis)
