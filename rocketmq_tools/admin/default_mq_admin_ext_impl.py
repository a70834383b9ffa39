"""Java ``org.apache.rocketmq.tools.admin.DefaultMQAdminExtImpl``: the admin calls over one
:class:`~rocketmq_client.impl.factory.mq_client_instance.MQClientInstance` (its MQClientAPIImpl and MQAdminImpl).

The four requests Java's ``MQClientAPIImpl`` has and ours does not yet (GET_BROKER_RUNTIME_INFO,
QUERY_TOPIC_CONSUME_BY_WHO, INVOKE_BROKER_TO_RESET_OFFSET, PUT_KV_CONFIG) are sent from here through the client's
remoting client, with Java's request and answer handling.
"""
from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Dict, List, Optional

from rocketmq_client.exception import MQBrokerException, MQClientException
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
from rocketmq_common.mix_all import MixAll
from rocketmq_common.namesrv.namesrv_util import NamesrvUtil
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.body.group_list import GroupList
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.body.producer_connection import ProducerConnection
from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.service_state import ServiceState
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.remoting_util import RemotingUtil
from rocketmq_tools.admin.api.message_track import MessageTrack
from rocketmq_tools.admin.api.track_type import TrackType

if TYPE_CHECKING:
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_client.impl.mq_client_api_impl import MQClientAPIImpl
    from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
    from rocketmq_common.topic_config import TopicConfig
    from rocketmq_remoting.rpc_hook import RPCHook
    from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

__all__ = ["DefaultMQAdminExtImpl"]

log = logging.getLogger(__name__)


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
        """Java ``examineTopicStats``: the offsets of every queue, from each broker of the route."""
        result = TopicStatsTable()
        result.offset_table = {}
        for bd in self.examine_topic_route_info(topic).broker_datas:
            addr = bd.select_broker_addr()
            if addr is not None:
                result.offset_table.update(self._api().get_topic_stats_info(addr, topic, self.timeout_millis)
                                           .offset_table or {})
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
            for conf in (old.split(";") if not UtilAll.is_blank(old) else []):  # type: ignore[union-attr]
                confs[conf.split(":")[0]] = conf
            confs[value.split(":")[0]] = value
            value = ";".join(confs.values())
        self._api().put_kv_config_value(namespace, key, value, self.timeout_millis)

    # ------------------------------------------------------------------ consumers

    def examine_consume_stats(self, consumer_group: str, topic: Optional[str] = None) -> ConsumeStats:
        """Java ``examineConsumeStats``: offsets of the group on every broker of its retry topic's route;
        CONSUMER_NOT_ONLINE when there are none."""
        result = ConsumeStats()
        result.offset_table = {}
        result.consume_tps = 0.0
        for bd in self.examine_topic_route_info(MixAll.get_retry_topic(consumer_group)).broker_datas:
            addr = bd.select_broker_addr()
            if addr is not None:
                stats = self._api().get_consume_stats(addr, consumer_group, self.timeout_millis * 3, topic)
                result.offset_table.update(stats.offset_table or {})
                result.consume_tps = result.consume_tps + (stats.consume_tps or 0.0)
        if not result.offset_table:
            raise MQClientException(ResponseCode.CONSUMER_NOT_ONLINE,
                                    "Not found the consumer group consume stats, because return offset table is "
                                    "empty, maybe the consumer not consume any message")
        return result

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
        offset_msg_id = msg.get_offset_msg_id() if isinstance(msg, MessageClientExt) else msg_id
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
                                  is_c: bool = False) -> Dict[MessageQueue, int]:
        """Java ``resetOffsetByTimestamp``: INVOKE_BROKER_TO_RESET_OFFSET on each broker of the topic (the brokers
        tell the online clients); CONSUMER_NOT_ONLINE when the group has no client."""
        all_offsets: Dict[MessageQueue, int] = {}
        for bd in self.examine_topic_route_info(topic).broker_datas or []:
            addr = bd.select_broker_addr()
            if addr is not None:
                all_offsets.update(self._api().invoke_broker_to_reset_offset(addr, topic, group, timestamp, is_force,
                                                                             self.timeout_millis, is_c))
        return all_offsets

    def reset_offset_by_timestamp_old(self, consumer_group: str, topic: str, timestamp: int,
                                      force: bool) -> List[RollbackStats]:
        """Java ``resetOffsetByTimestampOld``: write the group's offsets directly on the brokers (for a group with
        no online client); ``timestamp`` -1 means the max offset."""
        route = self.examine_topic_route_info(topic)
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

    # ------------------------------------------------------------------ messages

    def view_message(self, msg_id: str) -> MessageExt:
        """Java ``viewMessage(offsetMsgId)``."""
        return self._instance().get_mq_admin_impl().view_message(msg_id)

    def view_message_in_topic(self, topic: str, msg_id: str) -> MessageExt:
        """Java ``viewMessage(topic, msgId)``: an offset message id, else a unique (client) id looked up in
        ``topic``'s index. Unlike Java, an id is read as an offset id only when the address it holds is a broker
        of the topic (a unique id also decodes to an address: the producer's, never contacted here)."""
        try:
            address = RemotingUtil.socket_address2string(MessageDecoder.decode_message_id(msg_id).get_address())
        except Exception:
            address = None
        brokers = {addr for bd in self.examine_topic_route_info(topic).broker_datas
                   for addr in (bd.broker_addrs or {}).values()}
        if address in brokers:
            try:
                return self.view_message(msg_id)
            except (MQClientException, MQBrokerException):
                log.warning("the msgId maybe created by new client. msgId=%s", msg_id, exc_info=True)
        msg = self._instance().get_mq_admin_impl().query_message_by_uniq_key(topic, msg_id)
        if msg is None:
            raise MQClientException(ResponseCode.NO_MESSAGE, "query message by id finished, but no message.")
        return msg  # type: ignore[return-value]

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> QueryResult:
        """Java ``queryMessage``: by key through the brokers' index."""
        return self._instance().get_mq_admin_impl().query_message(topic, key, max_num, begin, end)

    def query_message_by_uniq_key(self, topic: str, key: str, max_num: int, begin: int, end: int) -> QueryResult:
        """Java ``queryMessageByUniqKey``."""
        return self._instance().get_mq_admin_impl().query_message_by_uniq_key(  # type: ignore[return-value]
            topic, key, max_num, begin, end)

    def message_track_detail(self, msg: MessageExt) -> List[MessageTrack]:
        """Java ``messageTrackDetail``: for every group consuming the message's topic, whether it consumed it."""
        result: List[MessageTrack] = []
        for group in sorted(self.query_topic_consume_by_who(msg.get_topic()).group_list or ()):
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

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0) -> None:
        """Java ``createTopic``."""
        self._instance().get_mq_admin_impl().create_topic(key, new_topic, queue_num, topic_sys_flag)

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
