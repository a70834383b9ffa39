"""Java ``org.apache.rocketmq.client.impl.factory.MQClientInstance``: the connections, routes, heartbeats and
scheduled tasks shared by every producer and consumer of one client id."""
from __future__ import annotations

import itertools
import logging
import random
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Set, Tuple, cast

from rocketmq_client.client_config import ClientConfig
from rocketmq_client.exception import (
    IllegalStateException,
    MQBrokerException,
    MQClientException,
)
from rocketmq_client.impl.client_remoting_processor import ClientRemotingProcessor
from rocketmq_client.impl.consumer.mq_consumer_inner import MQConsumerInner
from rocketmq_client.impl.consumer.pull_message_service import PullMessageService
from rocketmq_client.impl.consumer.rebalance_service import RebalanceService
from rocketmq_client.impl.find_broker_result import FindBrokerResult
from rocketmq_client.impl.mq_admin_impl import MQAdminImpl
from rocketmq_client.impl.mq_client_api_impl import MQClientAPIImpl
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.impl.producer.mq_producer_inner import MQProducerInner
from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
from rocketmq_client.stat.consumer_stats_manager import ConsumerStatsManager
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.producer_data import ProducerData
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import (
    TopicRouteData,
    topic_route_data_is_change,
)
from rocketmq_common.rpc.client_metadata import ClientMetadata
from rocketmq_common.service_state import ServiceState
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.channel_event_listener import ChannelEventListener
from rocketmq_remoting.common.bean import Bean, MapOf, Prop
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor
from rocketmq_remoting.exception import RemotingConnectException, RemotingException
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_client.impl.consumer.default_mq_push_consumer_impl import DefaultMQPushConsumerImpl
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.message.message_queue_assignment import MessageQueueAssignment
    from rocketmq_common.protocol.heartbeat.message_model import MessageModel
    from rocketmq_common.protocol.body.consume_message_directly_result import (
        ConsumeMessageDirectlyResult,
    )
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["MQClientInstance"]

log = logging.getLogger(__name__)

LOCK_TIMEOUT_MILLIS = 3000
#: the least time between two prompt heartbeats to one broker (ms), see ``send_heartbeat_to_broker_promptly``
PROMPT_HEARTBEAT_INTERVAL_MILLIS = 1000


class MQClientInstance(Bean):
    """See the module docstring. Created by :class:`MQClientManager`; started by the first producer or consumer
    of its client id and shut down by the last one.

    The services and configurations Java sets in the constructor (``final`` fields) are required ``Prop``s."""

    boot_timestamp = Prop(int, factory=lambda: int(time.time() * 1000))
    # (a MapOf Prop is a Prop[Any]: the annotations give its reads their types)
    topic_route_table: Prop[Dict[str, TopicRouteData]] = Prop(MapOf(str, TopicRouteData), {})
    #: broker name -> broker id -> address (Java keeps it private)
    broker_addr_table: Prop[Dict[str, Dict[int, str]]] = Prop(MapOf(str, MapOf(int, str)), {})
    #: broker name -> address -> version (Java keeps it private)
    broker_version_table: Prop[Dict[str, Dict[str, int]]] = Prop(MapOf(str, MapOf(str, int)), {})
    #: the life-cycle state (Java keeps it private)
    service_state = Prop(ServiceState, ServiceState.CREATE_JUST)
    client_config = Prop(ClientConfig, required=True)
    client_id = Prop(str, required=True)
    netty_client_config = Prop(NettyClientConfig, required=True)
    mq_client_api_impl = Prop(MQClientAPIImpl, required=True)
    mq_admin_impl = Prop(MQAdminImpl, required=True)
    scheduled_executor_service = Prop(ScheduledExecutor, required=True)
    pull_message_service = Prop(PullMessageService, required=True)
    #: (Java keeps it private)
    rebalance_service = Prop(RebalanceService, required=True)
    #: the inner ``CLIENT_INNER_PRODUCER`` producer (a DefaultMQProducer: the producer module imports this one)
    default_mq_producer: Prop[Any] = Prop(object, required=True)
    consumer_stats_manager = Prop(ConsumerStatsManager, required=True)

    def get_boot_timestamp(self) -> int: return self.boot_timestamp
    def set_boot_timestamp(self, boot_timestamp: int) -> None: self.boot_timestamp = boot_timestamp
    def get_topic_route_table(self) -> Dict[str, TopicRouteData]: return self.topic_route_table
    def set_topic_route_table(self, topic_route_table: Dict[str, TopicRouteData]) -> None:
        self.topic_route_table = topic_route_table
    def get_broker_addr_table(self) -> Dict[str, Dict[int, str]]: return self.broker_addr_table
    def set_broker_addr_table(self, broker_addr_table: Dict[str, Dict[int, str]]) -> None:
        self.broker_addr_table = broker_addr_table
    def get_broker_version_table(self) -> Dict[str, Dict[str, int]]: return self.broker_version_table
    def set_broker_version_table(self, broker_version_table: Dict[str, Dict[str, int]]) -> None:
        self.broker_version_table = broker_version_table
    def get_service_state(self) -> ServiceState: return self.service_state
    def set_service_state(self, service_state: ServiceState) -> None: self.service_state = service_state
    def get_client_config(self) -> ClientConfig: return self.client_config
    def set_client_config(self, client_config: Optional[ClientConfig]) -> None: self.client_config = client_config
    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_netty_client_config(self) -> NettyClientConfig: return self.netty_client_config
    def set_netty_client_config(self, netty_client_config: Optional[NettyClientConfig]) -> None:
        self.netty_client_config = netty_client_config
    def get_mq_client_api_impl(self) -> MQClientAPIImpl: return self.mq_client_api_impl
    def set_mq_client_api_impl(self, mq_client_api_impl: Optional[MQClientAPIImpl]) -> None:
        self.mq_client_api_impl = mq_client_api_impl
    def get_mq_admin_impl(self) -> MQAdminImpl: return self.mq_admin_impl
    def set_mq_admin_impl(self, mq_admin_impl: Optional[MQAdminImpl]) -> None: self.mq_admin_impl = mq_admin_impl
    def get_scheduled_executor_service(self) -> ScheduledExecutor: return self.scheduled_executor_service
    def set_scheduled_executor_service(self, scheduled_executor_service: Optional[ScheduledExecutor]) -> None:
        self.scheduled_executor_service = scheduled_executor_service
    def get_pull_message_service(self) -> PullMessageService: return self.pull_message_service
    def set_pull_message_service(self, pull_message_service: Optional[PullMessageService]) -> None:
        self.pull_message_service = pull_message_service
    def get_rebalance_service(self) -> RebalanceService: return self.rebalance_service
    def set_rebalance_service(self, rebalance_service: Optional[RebalanceService]) -> None:
        self.rebalance_service = rebalance_service
    def get_default_mq_producer(self) -> Any: return self.default_mq_producer
    def set_default_mq_producer(self, default_mq_producer: Any) -> None: self.default_mq_producer = default_mq_producer
    def get_consumer_stats_manager(self) -> ConsumerStatsManager: return self.consumer_stats_manager
    def set_consumer_stats_manager(self, consumer_stats_manager: Optional[ConsumerStatsManager]) -> None:
        self.consumer_stats_manager = consumer_stats_manager

    def __init__(self, client_config: ClientConfig, instance_index: int, client_id: str,
                 rpc_hook: Optional["RPCHook"] = None) -> None:
        super().__init__()  # the declared defaults
        from rocketmq_client.producer.default_mq_producer import (
            DefaultMQProducer,  # cycle: producer -> instance
        )

        self.client_config = client_config
        self.instance_index = instance_index
        self.producer_table: Dict[str, MQProducerInner] = {}
        self.consumer_table: Dict[str, MQConsumerInner] = {}
        self.admin_ext_table: Dict[str, Any] = {}
        #: 5.3.3: topic -> a static topic's logical queue -> the broker of its current leader (Java keeps it
        #: private; see get_broker_name_from_message_queue)
        self.topic_end_points_table: Dict[str, Dict[MessageQueue, str]] = {}
        self._lock = threading.RLock()  # Java synchronized(this)
        self._lock_namesrv = threading.Lock()
        self._lock_heartbeat = threading.Lock()
        self.scheduled_executor_service = ScheduledExecutor("MQClientFactoryScheduledThread")
        self._send_heartbeat_times_total = itertools.count()
        #: heartbeats by broker address (time.time()): when one was last answered and sent, when a prompt one
        #: was last sent, and what runs once the prompt one scheduled or in flight is done
        #: (see send_heartbeat_to_broker_promptly)
        self._heartbeat_answered: Dict[str, float] = {}
        self._heartbeat_sent: Dict[str, float] = {}
        self._prompt_heartbeat_sent: Dict[str, float] = {}
        self._prompt_heartbeat_waiters: Dict[str, List[Callable[[], None]]] = {}
        self._lock_prompt_heartbeat = threading.Lock()
        #: heartbeat v2 (5.3.3): the brokers that answered supporting it, and the fingerprint each was last sent
        #: with the subscriptions
        self._broker_support_v2_heartbeat_set: Set[str] = set()
        self._broker_addr_heartbeat_fingerprint_table: Dict[str, int] = {}
        self.service_state = ServiceState.CREATE_JUST
        self._random = random.Random()

        self.netty_client_config = NettyClientConfig()
        self.netty_client_config.set_client_callback_executor_threads(client_config.client_callback_executor_threads)
        self.netty_client_config.set_use_tls(client_config.use_tls)
        self.client_remoting_processor = ClientRemotingProcessor(self)
        self.mq_client_api_impl = MQClientAPIImpl(self.netty_client_config, self.client_remoting_processor,
                                                  rpc_hook, client_config,
                                                  _BrokerConnectListener(self)
                                                  if client_config.is_enable_heartbeat_channel_event_listener()
                                                  else None)
        namesrv_addr = client_config.get_namesrv_addr()
        if namesrv_addr is not None:
            self.mq_client_api_impl.update_name_server_address_list(namesrv_addr)
            log.info("user specified name server address: %s", namesrv_addr)
        self.client_id = client_id
        self.mq_admin_impl = MQAdminImpl(self)
        self.pull_message_service = PullMessageService(self)
        self.rebalance_service = RebalanceService(self)
        self.default_mq_producer = DefaultMQProducer(MixAll.CLIENT_INNER_PRODUCER_GROUP)
        self.default_mq_producer.reset_client_config(client_config)
        self.consumer_stats_manager = ConsumerStatsManager(self.scheduled_executor_service)
        log.info("Created a new client Instance, InstanceIndex:%s, ClientID:%s, ClientConfig:%s, ClientVersion:%s, "
                 "SerializerType:%s", instance_index, client_id, client_config,
                 MQVersion.get_version_desc(MQVersion.CURRENT_VERSION),
                 RemotingCommand.default_serialize_type.name)

    # ------------------------------------------------------------------ route conversions

    @staticmethod
    def topic_route_data2_topic_publish_info(topic: str, route: TopicRouteData) -> TopicPublishInfo:
        """Java 5.3.3 ``topicRouteData2TopicPublishInfo``: queues from ``orderTopicConf`` (``broker:nums;...``)
        for ordered topics, else for a static topic its logical queues (broker name ``__syslo__global__``) by
        queue id, else the writable queues of every broker with a master, in sorted queue-data order."""
        info = TopicPublishInfo()
        info.set_topic_route_data(route)
        queues = info.get_message_queue_list()
        if route.order_topic_conf:
            for broker in route.order_topic_conf.split(";"):
                item = broker.split(":")
                for i in range(int(item[1])):
                    queues.append(MessageQueue(topic, item[0], i))
            info.set_order_topic(True)
        elif route.order_topic_conf is None and route.topic_queue_mapping_by_broker:
            info.set_order_topic(False)
            queues.extend(ClientMetadata.topic_route_data2_endpoints_for_static_topic(topic, route))
            queues.sort(key=lambda mq: mq.queue_id)
        else:
            qds = route.queue_datas
            qds.sort()
            for qd in qds:
                if not PermName.is_writeable(qd.perm):
                    continue
                broker_data = None
                for bd in route.broker_datas:
                    if bd.broker_name == qd.broker_name:
                        broker_data = bd
                        break
                if broker_data is None or MixAll.MASTER_ID not in (broker_data.broker_addrs or {}):
                    continue
                for i in range(qd.write_queue_nums):
                    queues.append(MessageQueue(topic, qd.broker_name, i))
            info.set_order_topic(False)
        return info

    @staticmethod
    def topic_route_data2_topic_subscribe_info(topic: str, route: TopicRouteData) -> Set[MessageQueue]:
        """Java 5.3.3 ``topicRouteData2TopicSubscribeInfo``: a static topic's logical queues, else every readable
        queue."""
        if route.topic_queue_mapping_by_broker:
            return set(ClientMetadata.topic_route_data2_endpoints_for_static_topic(topic, route))
        mq_list: Set[MessageQueue] = set()
        for qd in route.queue_datas:
            if PermName.is_readable(qd.perm):
                for i in range(qd.read_queue_nums):
                    mq_list.add(MessageQueue(topic, qd.broker_name, i))
        return mq_list

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``: CREATE_JUST -> (START_FAILED while starting) -> RUNNING; a failed start cannot be
        retried."""
        with self._lock:
            state = self.service_state
            if state == ServiceState.CREATE_JUST:
                self.service_state = ServiceState.START_FAILED
                if self.client_config.get_namesrv_addr() is None:
                    self.mq_client_api_impl.fetch_name_server_addr()
                self.mq_client_api_impl.start()
                self._start_scheduled_task()
                self.pull_message_service.start()
                self.rebalance_service.start()
                self.default_mq_producer.get_default_mq_producer_impl().start(False)
                log.info("the client factory [%s] start OK", self.client_id)
                self.service_state = ServiceState.RUNNING
            elif state == ServiceState.START_FAILED:
                raise MQClientException("The Factory object[" + self.get_client_id()
                                        + "] has been created before, and failed.", None)

    def _start_scheduled_task(self) -> None:
        executor = self.scheduled_executor_service
        config = self.client_config
        if config.get_namesrv_addr() is None:
            executor.schedule_at_fixed_rate(self._task_fetch_name_server_addr, 1000 * 10, 1000 * 60 * 2)
        executor.schedule_at_fixed_rate(self._task_update_topic_route_info, 10, config.poll_name_server_interval)
        executor.schedule_at_fixed_rate(self._task_heartbeat, 1000, config.heartbeat_broker_interval)
        executor.schedule_at_fixed_rate(self._task_persist_all_consumer_offset, 1000 * 10,
                                        config.persist_consumer_offset_interval)
        executor.schedule_at_fixed_rate(self._task_adjust_thread_pool, 60 * 1000, 60 * 1000)

    def _task_fetch_name_server_addr(self) -> None:
        try:
            self.mq_client_api_impl.fetch_name_server_addr()
        except Exception:
            log.error("ScheduledTask fetchNameServerAddr exception", exc_info=True)

    def _task_update_topic_route_info(self) -> None:
        try:
            self.update_topic_route_info_from_name_server()
        except IllegalStateException as e:  # a remoting error, logged where it was raised
            log.debug("ScheduledTask updateTopicRouteInfoFromNameServer exception: %s", e)
        except Exception:
            log.error("ScheduledTask updateTopicRouteInfoFromNameServer exception", exc_info=True)

    def _task_heartbeat(self) -> None:
        try:
            self.clean_offline_broker()
            self.send_heartbeat_to_all_broker_with_lock()
        except Exception:
            log.error("ScheduledTask sendHeartbeatToAllBroker exception", exc_info=True)

    def _task_persist_all_consumer_offset(self) -> None:
        try:
            self.persist_all_consumer_offset()
        except Exception:
            log.error("ScheduledTask persistAllConsumerOffset exception", exc_info=True)

    def _task_adjust_thread_pool(self) -> None:
        try:
            self.adjust_thread_pool()
        except Exception:
            log.error("ScheduledTask adjustThreadPool exception", exc_info=True)

    def shutdown(self) -> None:
        """Java ``shutdown``: only when no consumer, no admin and at most the (last) producer is registered; ends
        the inner producer, pull service, scheduled tasks, connections and rebalance service, in Java's order."""
        if self.consumer_table:
            return
        if self.admin_ext_table:
            return
        if len(self.producer_table) > 1:
            return
        with self._lock:
            if self.service_state == ServiceState.RUNNING:
                self.default_mq_producer.get_default_mq_producer_impl().shutdown(False)
                self.service_state = ServiceState.SHUTDOWN_ALREADY
                self.pull_message_service.shutdown(True)
                self.scheduled_executor_service.shutdown()
                self.mq_client_api_impl.shutdown()
                self.rebalance_service.shutdown()
                MQClientManager.get_instance().remove_client_factory(self.client_id)
                log.info("the client factory [%s] shutdown OK", self.client_id)

    def __repr__(self) -> str:
        """A short form naming the client id (Java has no toString; the bean repr would print every table)."""
        return "MQClientInstance[%s]" % self.client_id

    def __enter__(self) -> "MQClientInstance":
        self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    # ------------------------------------------------------------------ routes

    def update_topic_route_info_from_name_server(self, topic: Optional[str] = None, is_default: bool = False,
                                                 default_mq_producer: Any = None) -> bool:
        """Java ``updateTopicRouteInfoFromNameServer`` (all overloads).

        Without ``topic``: refresh every subscribed and published topic. With it: fetch its route (or, with
        ``is_default`` and a producer, the route of the producer's ``create_topic_key`` with the queue counts
        capped at its ``default_topic_queue_nums``) and, when it changed or a producer/consumer asks for it,
        update the broker table, the producers' publish info and the consumers' subscribe info. True when the
        route was stored."""
        if topic is None:
            self._update_all_topic_route_info()
            return False
        if not self._lock_namesrv.acquire(True, LOCK_TIMEOUT_MILLIS / 1000.0):
            log.warning("updateTopicRouteInfoFromNameServer tryLock timeout %dms. [%s]", LOCK_TIMEOUT_MILLIS,
                        self.client_id)
            return False
        try:
            timeout = self.client_config.mq_client_api_timeout
            if is_default and default_mq_producer is not None:
                topic_route_data = self.mq_client_api_impl.get_default_topic_route_info_from_name_server(
                    default_mq_producer.get_create_topic_key(), timeout)
                if topic_route_data is not None:
                    for data in topic_route_data.queue_datas:
                        queue_nums = min(default_mq_producer.get_default_topic_queue_nums(), data.read_queue_nums)
                        data.set_read_queue_nums(queue_nums)
                        data.set_write_queue_nums(queue_nums)
            else:
                topic_route_data = self.mq_client_api_impl.get_topic_route_info_from_name_server(topic, timeout)
            if topic_route_data is None:
                log.warning("updateTopicRouteInfoFromNameServer, getTopicRouteInfoFromNameServer return null, "
                            "Topic: %s. [%s]", topic, self.client_id)
                return False
            old = self.topic_route_table.get(topic)
            changed = topic_route_data_is_change(old, topic_route_data)
            if not changed:
                changed = self._is_need_update_topic_route_info(topic)
            else:
                log.info("the topic[%s] route info changed, old[%s] ,new[%s]", topic, old, topic_route_data)
            if not changed:
                return False
            clone_topic_route_data = topic_route_data.clone_topic_route_data()
            for bd in topic_route_data.broker_datas:
                self.broker_addr_table[bd.broker_name] = bd.broker_addrs
            mq_end_points = ClientMetadata.topic_route_data2_endpoints_for_static_topic(topic, topic_route_data)
            if mq_end_points:
                self.topic_end_points_table[topic] = mq_end_points
            if self.producer_table:
                publish_info = MQClientInstance.topic_route_data2_topic_publish_info(topic, topic_route_data)
                publish_info.set_have_topic_router_info(True)
                for impl in list(self.producer_table.values()):
                    if impl is not None:
                        impl.update_topic_publish_info(topic, publish_info)
            if self.consumer_table:
                subscribe_info = MQClientInstance.topic_route_data2_topic_subscribe_info(topic, topic_route_data)
                for consumer in list(self.consumer_table.values()):
                    if consumer is not None:
                        consumer.update_topic_subscribe_info(topic, subscribe_info)
            log.info("topicRouteTable.put. Topic = %s, TopicRouteData[%s]", topic, clone_topic_route_data)
            self.topic_route_table[topic] = clone_topic_route_data
            return True
        except MQClientException as e:
            if not topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX) \
                    and topic != TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC:
                # one line, no traceback (Java: warn with the stack): a topic the name server does not know yet
                # (the first send to an auto-created topic) is expected, INFO; another refusal WARNING
                if e.response_code == ResponseCode.TOPIC_NOT_EXIST:
                    log.info("updateTopicRouteInfoFromNameServer: no route info of topic %s yet", topic)
                else:
                    log.warning("updateTopicRouteInfoFromNameServer Exception, topic %s: %s", topic, e)
        except RemotingException as e:
            # one line, no traceback: the caller gets the error (Java logs its stack trace as well); a refused or
            # timed-out connection was logged by the remoting client already
            if isinstance(e, RemotingConnectException):
                log.debug("updateTopicRouteInfoFromNameServer Exception: %s", e)
            else:
                log.error("updateTopicRouteInfoFromNameServer Exception: %s", e)
            raise IllegalStateException(e) from e
        finally:
            self._lock_namesrv.release()
        return False

    def _update_all_topic_route_info(self) -> None:
        topic_list: Set[str] = set()
        for impl in list(self.consumer_table.values()):
            if impl is not None:
                sub_list = impl.subscriptions()
                if sub_list is not None:
                    for sub_data in sub_list:
                        topic_list.add(sub_data.topic)
        for producer in list(self.producer_table.values()):
            if producer is not None:
                topic_list.update(producer.get_publish_topic_list())
        for topic in topic_list:
            self.update_topic_route_info_from_name_server(topic)

    def _is_need_update_topic_route_info(self, topic: str) -> bool:
        """Java ``isNeedUpdateTopicRouteInfo``: a producer or consumer has no usable info for ``topic``."""
        for producer in list(self.producer_table.values()):
            if producer is not None and producer.is_publish_topic_need_update(topic):
                return True
        for consumer in list(self.consumer_table.values()):
            if consumer is not None and consumer.is_subscribe_topic_need_update(topic):
                return True
        return False

    def parse_offset_table_from_broker(self, offset_table: Dict[MessageQueue, int],
                                       namespace: Optional[str]) -> Dict[MessageQueue, int]:
        """Java ``parseOffsetTableFromBroker``: the table with the namespace removed from each queue's topic."""
        if namespace:
            new_table: Dict[MessageQueue, int] = {}
            for queue, offset in offset_table.items():
                queue.set_topic(NamespaceUtil.without_namespace(queue.get_topic(), namespace))
                new_table[queue] = offset
            return new_table
        return dict(offset_table)

    def clean_offline_broker(self) -> None:
        """Java ``cleanOfflineBroker``: drop broker addresses no route mentions any more (copy-on-write)."""
        if not self._lock_namesrv.acquire(True, LOCK_TIMEOUT_MILLIS / 1000.0):
            return
        try:
            updated_table: Dict[str, Dict[int, str]] = {}
            for broker_name, one_table in list(self.broker_addr_table.items()):
                clone_addr_table = dict(one_table)
                for broker_id, addr in list(clone_addr_table.items()):
                    if not self._is_broker_addr_exist_in_topic_route_table(addr):
                        del clone_addr_table[broker_id]
                        log.info("the broker addr[%s %s] is offline, remove it", broker_name, addr)
                if not clone_addr_table:
                    self.broker_addr_table.pop(broker_name, None)
                    log.info("the broker[%s] name's host is offline, remove it", broker_name)
                else:
                    updated_table[broker_name] = clone_addr_table
            if updated_table:
                self.broker_addr_table.update(updated_table)
        finally:
            self._lock_namesrv.release()

    def _is_broker_addr_exist_in_topic_route_table(self, addr: str) -> bool:
        for topic_route_data in list(self.topic_route_table.values()):
            for bd in topic_route_data.broker_datas:
                if bd.broker_addrs is not None and addr in bd.broker_addrs.values():
                    return True
        return False

    def _is_broker_in_name_server(self, broker_addr: str) -> bool:
        for topic_route_data in list(self.topic_route_table.values()):
            for bd in topic_route_data.broker_datas:
                if broker_addr in (bd.broker_addrs or {}).values():
                    return True
        return False

    def check_client_in_broker(self) -> None:
        """Java ``checkClientInBroker``: brokers must support the non-tag (SQL92) subscriptions of consumers."""
        for group, consumer in list(self.consumer_table.items()):
            subscription_inner = consumer.subscriptions()
            if not subscription_inner:
                return
            for subscription_data in subscription_inner:
                if ExpressionType.is_tag_type(subscription_data.expression_type):
                    continue
                addr = self.find_broker_addr_by_topic(subscription_data.topic)
                if addr is None:
                    continue
                try:
                    self.mq_client_api_impl.check_client_in_broker(addr, group, self.client_id, subscription_data,
                                                                   self.client_config.mq_client_api_timeout)
                except MQClientException:
                    raise
                except Exception as e:
                    raise MQClientException(
                        "Check client in broker error, maybe because you use " + str(subscription_data.expression_type)
                        + " to filter message, but server has not been upgraded to support!This error would not "
                        "affect the launch of consumer, but may has impact on message receiving if you have use the "
                        "new features which are not supported by server, please check the log!", e) from e

    # ------------------------------------------------------------------ heartbeats

    def send_heartbeat_to_all_broker_with_lock_v2(self, is_rebalance: bool) -> bool:
        """Java ``sendHeartbeatToAllBrokerWithLockV2`` (5.3.3): as :meth:`send_heartbeat_to_all_broker_with_lock`;
        with ``is_rebalance`` (a push consumer's queues changed) heartbeat v2 forgets the fingerprints first, so
        that every broker gets the subscriptions."""
        if self._lock_heartbeat.acquire(False):
            try:
                if self.client_config.use_heartbeat_v2:
                    return self._send_heartbeat_to_all_broker_v2(is_rebalance)
                return self._send_heartbeat_to_all_broker()
            except Exception:
                log.error("sendHeartbeatToAllBroker exception", exc_info=True)
            finally:
                self._lock_heartbeat.release()
        else:  # another heartbeat is being sent (Java: warn): expected when producers and consumers start together
            log.debug("lock heartBeat, but failed. [%s]", self.client_id)
        return False

    def send_heartbeat_to_all_broker_with_lock(self) -> bool:
        """Java ``sendHeartbeatToAllBrokerWithLock`` (5.3.3: v1 or v2 by ``use_heartbeat_v2``, as
        ``send_heartbeat_to_all_broker_with_lock_v2(False)``; the deprecated filter-class upload of 4.9.7 is not
        done)."""
        return self.send_heartbeat_to_all_broker_with_lock_v2(False)

    def _heartbeat_targets(self, heartbeat_data: HeartbeatData) -> List[Tuple[str, int, str]]:
        """The (broker name, id, address) that a heartbeat goes to: every broker, masters only for a client
        without consumers (the loop of Java's ``sendHeartbeatToAllBroker`` and ``...V2``); nothing, with a
        warning, for a client with no groups."""
        if not heartbeat_data.producer_data_set and not heartbeat_data.consumer_data_set:
            log.warning("sending heartbeat, but no consumer and no producer. [%s]", self.client_id)
            return []
        consumer_empty = not heartbeat_data.consumer_data_set
        return [(broker_name, broker_id, addr)
                for broker_name, one_table in list(self.broker_addr_table.items()) if one_table is not None
                for broker_id, addr in list(one_table.items())
                if addr is not None and not (consumer_empty and broker_id != MixAll.MASTER_ID)]

    def _send_heartbeat_to_all_broker(self) -> bool:
        heartbeat_data = self._prepare_heartbeat_data(False)
        targets = self._heartbeat_targets(heartbeat_data)
        if not targets:
            return False
        times = next(self._send_heartbeat_times_total)
        for broker_name, broker_id, addr in targets:
            self._send_heartbeat_to_broker(broker_id, broker_name, addr, heartbeat_data, times % 20 == 0)
        return True

    def _send_heartbeat_to_all_broker_v2(self, is_rebalance: bool) -> bool:
        """Java ``sendHeartbeatToAllBrokerV2`` (5.3.3)."""
        heartbeat_data_with_sub = self._prepare_heartbeat_data(False)
        targets = self._heartbeat_targets(heartbeat_data_with_sub)
        if not targets:
            return False
        if is_rebalance:
            self._broker_addr_heartbeat_fingerprint_table.clear()
        fingerprint = heartbeat_data_with_sub.compute_heartbeat_fingerprint()
        heartbeat_data_with_sub.set_heartbeat_fingerprint(fingerprint)
        heartbeat_data_without_sub = self._prepare_heartbeat_data(True)
        heartbeat_data_without_sub.set_heartbeat_fingerprint(fingerprint)
        times = next(self._send_heartbeat_times_total)
        for broker_name, broker_id, addr in targets:
            self._send_heartbeat_to_broker_v2(broker_id, broker_name, addr, heartbeat_data_with_sub,
                                              heartbeat_data_without_sub, fingerprint, times % 20 == 0)
        return True

    def _send_heartbeat_to_broker(self, broker_id: Optional[int], broker_name: Optional[str], addr: str,
                                  heartbeat_data: HeartbeatData, log_success: bool) -> bool:
        """Java's private ``sendHeartbeatToBroker(id, brokerName, addr, heartbeatData)``: True once answered (a
        prompt heartbeat may go to an address not in the broker table yet: no name, no id)."""
        try:
            self._heartbeat_sent[addr] = time.time()
            version = self.mq_client_api_impl.send_heartbeat(addr, heartbeat_data,
                                                             self.client_config.mq_client_api_timeout)
            self._heartbeat_answered_by(broker_id, broker_name, addr, version, heartbeat_data, log_success)
            return True
        except Exception:
            self._log_heartbeat_failure(broker_name, broker_id, addr)
        return False

    def _send_heartbeat_to_broker_v2(self, broker_id: Optional[int], broker_name: Optional[str], addr: str,
                                     heartbeat_data_with_sub: HeartbeatData, heartbeat_data_without_sub: HeartbeatData,
                                     fingerprint: int, log_success: bool) -> bool:
        """Java ``sendHeartbeatToBrokerV2`` (5.3.3): the heartbeat without subscriptions to a broker that supports
        v2 and was last sent this fingerprint, else the whole one (then remembering the fingerprint unless the
        broker saw the subscriptions change); True once answered."""
        try:
            self._heartbeat_sent[addr] = time.time()
            timeout = self.client_config.mq_client_api_timeout
            fingerprints = self._broker_addr_heartbeat_fingerprint_table
            if addr in self._broker_support_v2_heartbeat_set and fingerprints.get(addr) == fingerprint:
                result = self.mq_client_api_impl.send_heartbeat_v2(addr, heartbeat_data_without_sub, timeout)
                if result.is_sub_change():
                    fingerprints.pop(addr, None)
                log.debug("sendHeartbeatToAllBrokerV2 simple brokerName: %s subChange: %s", broker_name,
                          result.is_sub_change())
            else:
                result = self.mq_client_api_impl.send_heartbeat_v2(addr, heartbeat_data_with_sub, timeout)
                if result.is_support_v2():
                    self._broker_support_v2_heartbeat_set.add(addr)
                    if result.is_sub_change():
                        fingerprints.pop(addr, None)
                    else:
                        fingerprints[addr] = fingerprint
                log.debug("sendHeartbeatToAllBrokerV2 normal brokerName: %s subChange: %s", broker_name,
                          result.is_sub_change())
            self._heartbeat_answered_by(broker_id, broker_name, addr, result.get_version(), heartbeat_data_with_sub,
                                        log_success)
            return True
        except Exception:
            self._log_heartbeat_failure(broker_name, broker_id, addr)
        return False

    def _heartbeat_answered_by(self, broker_id: Optional[int], broker_name: Optional[str], addr: str, version: int,
                               heartbeat_data: HeartbeatData, log_success: bool) -> None:
        """What both heartbeat versions do with an answer: note it and the broker's version, and log every 20th."""
        self._heartbeat_answered[addr] = time.time()
        if broker_name is not None:
            self.broker_version_table.setdefault(broker_name, {})[addr] = version
        if log_success:
            log.info("send heart beat to broker[%s %s %s] success", broker_name, broker_id, addr)
            log.info("%s", heartbeat_data)

    def _log_heartbeat_failure(self, broker_name: Optional[str], broker_id: Optional[int], addr: str) -> None:
        if self._is_broker_in_name_server(addr):
            log.info("send heart beat to broker[%s %s %s] failed", broker_name, broker_id, addr, exc_info=True)
        else:
            log.info("send heart beat to broker[%s %s %s] exception, because the broker not up, forget it",
                     broker_name, broker_id, addr, exc_info=True)

    def send_heartbeat_to_broker_promptly(self, broker_addr: str, asked_at: Optional[float] = None,
                                          then: Optional[Callable[[], None]] = None) -> None:
        """Beyond Java: heartbeat ``broker_addr`` now, on the scheduled thread, then run ``then`` (with every other
        ``then`` waiting for the same heartbeat, whether it was answered or not).

        For a broker that answered a request of ``asked_at`` (``time.time()`` when it was sent) that it does not
        know the consumer's group or subscription version: after a restart (Java waits for the next heartbeat,
        up to 30 s) or before the heartbeat of a rebalance arrived (SUBSCRIPTION_NOT_LATEST at start-up). A
        heartbeat answered since ``asked_at`` is enough (``then`` runs at once); otherwise these heartbeats go
        out at most once per ``PROMPT_HEARTBEAT_INTERVAL_MILLIS`` per broker. Without ``asked_at`` (a new
        connection to the broker) the heartbeat goes now, unless one was sent within that interval (it may be
        what opened the connection), and does not count against it."""
        answer = asked_at is not None
        with self._lock_prompt_heartbeat:
            if answer and self._heartbeat_answered.get(broker_addr, 0) > asked_at:  # type: ignore[operator]
                waiters = None
            elif not answer and (time.time() - self._heartbeat_sent.get(broker_addr, 0)
                                 < PROMPT_HEARTBEAT_INTERVAL_MILLIS / 1000):
                return
            else:
                waiters = self._prompt_heartbeat_waiters.get(broker_addr)
                if waiters is not None:  # one is scheduled or in flight: its answer serves this caller too
                    if then is not None:
                        waiters.append(then)
                    return
                self._prompt_heartbeat_waiters[broker_addr] = waiters = [then] if then is not None else []
                delay_millis = 0
                if answer:
                    last = self._prompt_heartbeat_sent.get(broker_addr, 0)
                    delay_millis = max(0, int((last + PROMPT_HEARTBEAT_INTERVAL_MILLIS / 1000 - time.time()) * 1000))
        if waiters is None:
            if then is not None:
                then()
            return
        try:
            self.scheduled_executor_service.schedule(lambda: self._send_prompt_heartbeat(broker_addr, answer),
                                                     delay_millis)
        except RuntimeError:  # shut down
            with self._lock_prompt_heartbeat:
                self._prompt_heartbeat_waiters.pop(broker_addr, None)

    def _send_prompt_heartbeat(self, broker_addr: str, rate_limited: bool) -> None:
        if rate_limited:
            with self._lock_prompt_heartbeat:
                self._prompt_heartbeat_sent[broker_addr] = time.time()
        locked = False
        try:
            # the heartbeat lock, as every heartbeat and unregistration takes it (see _unregister_client_with_lock)
            locked = self._lock_heartbeat.acquire(timeout=LOCK_TIMEOUT_MILLIS / 1000)
            if not locked:
                log.warning("lock heartBeat, but failed. [%s]", self.client_id)
                return
            heartbeat_data = self._prepare_heartbeat_data(False)
            if heartbeat_data.consumer_data_set or heartbeat_data.producer_data_set:
                broker_name, broker_id = next(((name, broker_id) for name, addrs in list(self.broker_addr_table.items())
                                               for broker_id, addr in list(addrs.items()) if addr == broker_addr),
                                              (None, None))
                if self.client_config.use_heartbeat_v2:  # the whole heartbeat: the broker lacks what it says
                    self._broker_addr_heartbeat_fingerprint_table.pop(broker_addr, None)
                    fingerprint = heartbeat_data.compute_heartbeat_fingerprint()
                    heartbeat_data.set_heartbeat_fingerprint(fingerprint)
                    answered = self._send_heartbeat_to_broker_v2(broker_id, broker_name, broker_addr, heartbeat_data,
                                                                 heartbeat_data, fingerprint, False)
                else:
                    answered = self._send_heartbeat_to_broker(broker_id, broker_name, broker_addr, heartbeat_data,
                                                              False)
                if answered:
                    log.info("send prompt heart beat to broker[%s] success", broker_addr)
        finally:
            if locked:
                self._lock_heartbeat.release()
            with self._lock_prompt_heartbeat:
                waiters = self._prompt_heartbeat_waiters.pop(broker_addr, [])
            for then in waiters:
                try:
                    then()
                except Exception:
                    log.error("the task waiting for the heart beat to broker[%s] failed", broker_addr, exc_info=True)

    def _is_broker_addr(self, addr: str) -> bool:
        return any(addr in addrs.values() for addrs in list(self.broker_addr_table.values()))

    def _prepare_heartbeat_data(self, is_without_sub: bool) -> HeartbeatData:
        """Java ``prepareHeartbeatData`` (5.3.3): this client's groups, the consumers' subscriptions left out
        ``is_without_sub``."""
        heartbeat_data = HeartbeatData()
        heartbeat_data.set_client_id(self.client_id)
        for impl in list(self.consumer_table.values()):
            if impl is not None:
                consumer_data = ConsumerData()
                consumer_data.set_group_name(impl.group_name())
                consumer_data.set_consume_type(impl.consume_type())
                consumer_data.set_message_model(impl.message_model())
                consumer_data.set_consume_from_where(impl.consume_from_where())
                if not is_without_sub:
                    consumer_data.get_subscription_data_set().update(impl.subscriptions())
                consumer_data.set_unit_mode(impl.is_unit_mode())
                heartbeat_data.consumer_data_set.add(consumer_data)
        for group, producer in list(self.producer_table.items()):
            if producer is not None:
                heartbeat_data.producer_data_set.add(ProducerData(group_name=group))
        heartbeat_data.set_without_sub(is_without_sub)
        return heartbeat_data

    # ------------------------------------------------------------------ consumers' periodic work

    def persist_all_consumer_offset(self) -> None:
        """Java ``persistAllConsumerOffset``."""
        for impl in list(self.consumer_table.values()):
            impl.persist_consumer_offset()

    def adjust_thread_pool(self) -> None:
        """Java ``adjustThreadPool``: let push consumers resize their consume pools (a no-op in 4.9.x)."""
        for impl in list(self.consumer_table.values()):
            if impl is not None:
                try:
                    impl.adjust_thread_pool()
                except Exception:
                    log.debug("adjustThreadPool exception", exc_info=True)

    # ------------------------------------------------------------------ registration

    def register_consumer(self, group: Optional[str], consumer: Optional[MQConsumerInner]) -> bool:
        """Java ``registerConsumer``: False when the group is taken."""
        if group is None or consumer is None:
            return False
        with self._lock:
            if group in self.consumer_table:
                log.warning("the consumer group[%s] exist already.", group)
                return False
            self.consumer_table[group] = consumer
            return True

    def unregister_consumer(self, group: str) -> None:
        """Java ``unregisterConsumer``: forget the group and send UNREGISTER_CLIENT to every broker."""
        with self._lock:
            self.consumer_table.pop(group, None)
            self._unregister_client_with_lock(None, group)

    def _unregister_client_with_lock(self, producer_group: Optional[str], consumer_group: Optional[str]) -> None:
        """Java ``unregisterClientWithLock``: under the heartbeat lock, so that no heartbeat prepared before the
        group was forgotten reaches a broker after its UNREGISTER_CLIENT (and registers the group again)."""
        if self._lock_heartbeat.acquire(timeout=LOCK_TIMEOUT_MILLIS / 1000):
            try:
                self._unregister_client(producer_group, consumer_group)
            except Exception:
                log.error("unregisterClient exception", exc_info=True)
            finally:
                self._lock_heartbeat.release()
        else:
            log.warning("lock heartBeat, but failed. [%s]", self.client_id)

    def _unregister_client(self, producer_group: Optional[str], consumer_group: Optional[str]) -> None:
        for broker_name, one_table in list(self.broker_addr_table.items()):
            if one_table is None:
                continue
            for broker_id, addr in list(one_table.items()):
                if addr is None:
                    continue
                try:
                    self.mq_client_api_impl.unregister_client(addr, self.client_id, producer_group, consumer_group,
                                                              self.client_config.mq_client_api_timeout)
                    log.info("unregister client[Producer: %s Consumer: %s] from broker[%s %s %s] success",
                             producer_group, consumer_group, broker_name, broker_id, addr)
                except RemotingException as e:
                    log.warning("unregister client RemotingException from broker: %s, %s", addr, e)
                except MQBrokerException as e:
                    log.warning("unregister client MQBrokerException from broker: %s, %s", addr, e)

    def register_producer(self, group: Optional[str], producer: Optional[MQProducerInner]) -> bool:
        """Java ``registerProducer``: False when the group is taken."""
        if group is None or producer is None:
            return False
        with self._lock:
            if group in self.producer_table:
                log.warning("the producer group[%s] exist already.", group)
                return False
            self.producer_table[group] = producer
            return True

    def unregister_producer(self, group: str) -> None:
        """Java ``unregisterProducer``: forget the group and send UNREGISTER_CLIENT to every broker."""
        with self._lock:
            self.producer_table.pop(group, None)
            self._unregister_client_with_lock(group, None)

    def register_admin_ext(self, group: Optional[str], admin: Any) -> bool:
        """Java ``registerAdminExt``."""
        if group is None or admin is None:
            return False
        with self._lock:
            if group in self.admin_ext_table:
                log.warning("the admin group[%s] exist already.", group)
                return False
            self.admin_ext_table[group] = admin
            return True

    def unregister_admin_ext(self, group: str) -> None:
        """Java ``unregisterAdminExt``."""
        self.admin_ext_table.pop(group, None)

    def rebalance_immediately(self) -> None:
        """Java ``rebalanceImmediately``: wake the rebalance service."""
        self.rebalance_service.wakeup()

    def do_rebalance(self) -> None:
        """Java ``doRebalance``: every consumer rebalances (errors are logged)."""
        for impl in list(self.consumer_table.values()):
            if impl is not None:
                try:
                    impl.do_rebalance()
                except Exception:
                    log.error("doRebalance exception", exc_info=True)

    def select_producer(self, group: str) -> Optional[MQProducerInner]:
        """Java ``selectProducer``."""
        return self.producer_table.get(group)

    def select_consumer(self, group: str) -> Optional[MQConsumerInner]:
        """Java ``selectConsumer``."""
        return self.consumer_table.get(group)

    # ------------------------------------------------------------------ broker lookup

    def get_broker_name_from_message_queue(self, mq: MessageQueue) -> str:
        """Java 5.3.3 ``getBrokerNameFromMessageQueue``: for a static topic's logical queue the broker holding its
        current leader item (``__syslo__none__`` when none does), else the queue's own broker name."""
        end_points = self.topic_end_points_table.get(mq.topic)
        if end_points:
            return end_points.get(mq)  # type: ignore[return-value]
        return mq.broker_name

    def find_broker_address_in_publish(self, broker_name: str) -> Optional[str]:
        """Java ``findBrokerAddressInPublish``: the master address of ``broker_name``."""
        table = self.broker_addr_table.get(broker_name)
        if table:
            return table.get(MixAll.MASTER_ID)
        return None

    def find_broker_address_in_subscribe(self, broker_name: str, broker_id: int,
                                         only_this_broker: bool) -> Optional[FindBrokerResult]:
        """Java ``findBrokerAddressInSubscribe``: ``broker_id``'s address, else (for a slave) the next id, else
        (unless ``only_this_broker``) any address of the broker."""
        broker_addr = None
        slave = False
        found = False
        table = self.broker_addr_table.get(broker_name)
        if table:
            broker_addr = table.get(broker_id)
            slave = broker_id != MixAll.MASTER_ID
            found = broker_addr is not None
            if not found and slave:
                broker_addr = table.get(broker_id + 1)
                found = broker_addr is not None
            if not found and not only_this_broker:
                first_id = min(table)  # Java: the first entry of a HashMap<Long, String>, the smallest id
                broker_addr = table[first_id]
                slave = first_id != MixAll.MASTER_ID
                found = True
        if found:
            return FindBrokerResult(broker_addr,  # type: ignore[arg-type]
                                    slave, self.find_broker_version(broker_name, broker_addr))  # type: ignore[arg-type]
        return None

    def find_broker_version(self, broker_name: str, broker_addr: str) -> int:
        """Java ``findBrokerVersion``: the version seen in the last heartbeat response, 0 if none."""
        return self.broker_version_table.get(broker_name, {}).get(broker_addr, 0)

    def find_consumer_id_list(self, topic: str, group: str) -> Optional[List[str]]:
        """Java ``findConsumerIdList``: the client ids of ``group`` from a broker of ``topic``."""
        broker_addr = self.find_broker_addr_by_topic(topic)
        if broker_addr is None:
            self.update_topic_route_info_from_name_server(topic)
            broker_addr = self.find_broker_addr_by_topic(topic)
        if broker_addr is not None:
            try:
                return self.mq_client_api_impl.get_consumer_id_list_by_group(
                    broker_addr, group, self.client_config.mq_client_api_timeout)
            except MQBrokerException as e:  # the broker knows no consumer of the group (yet, or any more): one line
                log.info("getConsumerIdListByGroup exception, %s %s: %s", broker_addr, group, e)
            except Exception:
                log.warning("getConsumerIdListByGroup exception, %s %s", broker_addr, group, exc_info=True)
        return None

    def query_assignment(self, topic: str, consumer_group: str, strategy_name: str, message_model: "MessageModel",
                         timeout: int) -> Optional[Set["MessageQueueAssignment"]]:
        """Java ``queryAssignment`` (5.3.3): QUERY_ASSIGNMENT at a broker of ``topic``: the queues the broker
        assigns this client, each with the group's request mode (None when no broker of the topic is known)."""
        broker_addr = self.find_broker_addr_by_topic(topic)
        if broker_addr is None:
            self.update_topic_route_info_from_name_server(topic)
            broker_addr = self.find_broker_addr_by_topic(topic)
        if broker_addr is not None:
            return self.mq_client_api_impl.query_assignment(broker_addr, topic, consumer_group, self.client_id,
                                                            strategy_name, message_model, timeout)
        return None

    def find_broker_addr_by_topic(self, topic: str) -> Optional[str]:
        """Java ``findBrokerAddrByTopic``: an address (master preferred) of a random broker of ``topic``."""
        topic_route_data = self.topic_route_table.get(topic)
        if topic_route_data is not None:
            brokers = topic_route_data.broker_datas
            if brokers:
                bd = brokers[self._random.randrange(len(brokers)) % len(brokers)]
                return bd.select_broker_addr()
        return None

    # ------------------------------------------------------------------ broker-initiated consumer requests

    def reset_offset(self, topic: str, group: str, offset_table: Dict[MessageQueue, int]) -> None:
        """Java ``resetOffset``: suspend the push consumer, drop the queues' process queues, wait 10 s, store the
        new offsets and remove the queues so rebalance recreates them, resume. Only a push consumer (the one that
        consumes passively; Java: ``instanceof DefaultMQPushConsumerImpl``) is reset."""
        with self._lock:
            consumer: "Optional[DefaultMQPushConsumerImpl]" = None
            try:
                impl = self.consumer_table.get(group)
                if impl is not None and impl.consume_type() is ConsumeType.CONSUME_PASSIVELY:
                    consumer = cast("DefaultMQPushConsumerImpl", impl)
                else:
                    log.info("[reset-offset] consumer dose not exist. group=%s", group)
                    return
                consumer.suspend()
                process_queue_table = consumer.get_rebalance_impl().get_process_queue_table()
                for mq, pq in list(process_queue_table.items()):
                    if topic == mq.get_topic() and mq in offset_table:
                        pq.set_dropped(True)
                        pq.clear()
                time.sleep(10)
                for mq in list(process_queue_table.keys()):
                    offset = offset_table.get(mq)
                    if topic == mq.get_topic() and offset is not None:
                        try:
                            consumer.update_consume_offset(mq, offset)
                            consumer.get_rebalance_impl().remove_unnecessary_message_queue(
                                mq, process_queue_table.get(mq))  # type: ignore[arg-type]
                            process_queue_table.pop(mq, None)
                        except Exception:
                            log.warning("reset offset failed. group=%s, %s", group, mq, exc_info=True)
            finally:
                if consumer is not None:
                    consumer.resume()

    def get_consumer_status(self, topic: str, group: str) -> Dict[MessageQueue, int]:
        """Java ``getConsumerStatus``: the consumer's offsets of ``topic`` (Java answers for the push and pull
        consumers; the lite pull consumer's offsets are given too)."""
        impl = self.consumer_table.get(group)
        offset_store = impl.get_offset_store() if impl is not None else None
        if offset_store is not None:
            return offset_store.clone_offset_table(topic)
        return {}

    def consume_message_directly(self, msg: "MessageExt", consumer_group: str,
                                 broker_name: Optional[str]) -> Optional["ConsumeMessageDirectlyResult"]:
        """Java ``consumeMessageDirectly``: hand ``msg`` to the push consumer's consume service (None for the pull
        consumers, which have none)."""
        impl = self.consumer_table.get(consumer_group)
        service = impl.get_consume_message_service() if impl is not None else None
        if service is not None:
            return service.consume_message_directly(msg, broker_name)
        return None

    def consumer_running_info(self, consumer_group: str) -> Optional[ConsumerRunningInfo]:
        """Java ``consumerRunningInfo``: the consumer's running info plus name servers, consume type and client
        version properties."""
        impl = self.consumer_table.get(consumer_group)
        if impl is None:
            return None
        info = impl.consumer_running_info()
        ns_list = self.mq_client_api_impl.get_remoting_client().get_name_server_address_list()
        ns_addr = "".join(addr + ";" for addr in ns_list or ())
        properties = info.get_properties()
        properties[ConsumerRunningInfo.PROP_NAMESERVER_ADDR] = ns_addr
        properties[ConsumerRunningInfo.PROP_CONSUME_TYPE] = impl.consume_type().name
        properties[ConsumerRunningInfo.PROP_CLIENT_VERSION] = MQVersion.get_version_desc(MQVersion.CURRENT_VERSION)
        return info

    # ------------------------------------------------------------------ accessors

    def get_an_exist_topic_route_data(self, topic: str) -> Optional[TopicRouteData]:
        """Java ``getAnExistTopicRouteData``."""
        return self.topic_route_table.get(topic)


class _BrokerConnectListener(ChannelEventListener):
    """The channel event listener of Java 5.3.3's ``MQClientInstance`` constructor (an anonymous class there),
    installed while ``ClientConfig.enable_heartbeat_channel_event_listener`` (default true): a connection
    established to a known broker (one that restarted, or was unreachable) gets a prompt heartbeat, so the broker
    knows this client's groups before its next pull. Java heartbeats on the remoting's event thread; here
    :meth:`MQClientInstance.send_heartbeat_to_broker_promptly` sends it on the scheduled thread, skipped when a
    heartbeat went to that broker within ``PROMPT_HEARTBEAT_INTERVAL_MILLIS`` (it may be what opened the
    connection)."""

    def __init__(self, instance: MQClientInstance) -> None:
        self.instance = instance

    def on_channel_active(self, remote_addr: str, channel: Any) -> None:
        instance = self.instance
        if instance.service_state is ServiceState.RUNNING and instance._is_broker_addr(remote_addr):
            instance.send_heartbeat_to_broker_promptly(remote_addr)

    def on_channel_connect(self, remote_addr: str, channel: Any) -> None:
        pass

    def on_channel_close(self, remote_addr: str, channel: Any) -> None:
        pass

    def on_channel_exception(self, remote_addr: str, channel: Any) -> None:
        pass

    def on_channel_idle(self, remote_addr: str, channel: Any) -> None:
        pass
