"""Java ``org.apache.rocketmq.broker.BrokerController``: wires one broker together.

``BrokerController(broker_config, netty_server_config, netty_client_config, message_store_config)``, then
:meth:`initialize` (load ``config/topics.json``, ``consumerOffset.json``, ``subscriptionGroup.json``,
``consumerFilter.json``, create and load the message store, create the remoting server, the executors and
processors, schedule the periodic tasks, the daily :class:`BrokerStats` record among them),
:meth:`start` (store, remoting server, name-server registration at once and every ``registerNameServerPeriod``)
and :meth:`shutdown` (unregister, stop every thread, persist). ``with BrokerController(...) as broker:`` does all
three. The :class:`BrokerStatsManager` (its ``BrokerStatsThread`` and ``CommercialStatsThread``) is created with the
controller, as in Java, and stopped first by :meth:`shutdown`.

Differences from Java: no VIP ("fast") remoting server on port - 2 (the 4.9.7 client does not use it by default),
no HA, no DLedger; ACL is the plain validator only (``aclEnable``, see
:meth:`initial_acl`); the transactional service and its check listener are
always the default ones (no ``ServiceProvider`` lookup). A listen port of 0 binds an
ephemeral port; the bound port is written back into the NettyServerConfig at :meth:`start`, so
:meth:`get_broker_addr` and the store host carry it. The periodic intervals are taken from the configuration
without Java's 10 s floor, so tests can shorten them. ``tls_config`` (keyword) gives the server's TLS mode and
certificates (default: the process-wide :class:`TlsSystemConfig`, Java's system properties); whether the broker's
own connections to the name servers use TLS is ``netty_client_config.use_tls``.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any, Dict, List, Optional, Tuple, Union

from rocketmq_acl.access_validator import AccessValidator
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.plain.plain_access_validator import PlainAccessValidator
from rocketmq_acl.plain.plain_permission_manager import PlainPermissionManager
from rocketmq_auth.authentication.factory.authentication_factory import AuthenticationFactory
from rocketmq_auth.authentication.manager.authentication_metadata_manager import AuthenticationMetadataManager
from rocketmq_auth.authorization.factory.authorization_factory import AuthorizationFactory
from rocketmq_auth.authorization.manager.authorization_metadata_manager import AuthorizationMetadataManager
from rocketmq_auth.config.auth_config import AuthConfig
from rocketmq_broker.broker_config import BrokerConfig
from rocketmq_broker.broker_path_config_helper import BrokerPathConfigHelper
from rocketmq_broker.client.client_housekeeping_service import ClientHousekeepingService
from rocketmq_broker.client.consumer_manager import ConsumerManager
from rocketmq_broker.client.default_consumer_ids_change_listener import DefaultConsumerIdsChangeListener
from rocketmq_broker.client.net.broker2_client import Broker2Client
from rocketmq_broker.client.producer_manager import ProducerManager
from rocketmq_broker.coldctr.cold_data_cg_ctr_service import ColdDataCgCtrService
from rocketmq_broker.filter.consumer_filter_manager import ConsumerFilterManager
from rocketmq_broker.client.rebalance.rebalance_lock_manager import RebalanceLockManager
from rocketmq_broker.longpolling.notify_message_arriving_listener import NotifyMessageArrivingListener
from rocketmq_broker.longpolling.pull_request_hold_service import PullRequestHoldService
from rocketmq_broker.offset.consumer_offset_manager import ConsumerOffsetManager
from rocketmq_broker.out.broker_outer_api import BrokerOuterAPI
from rocketmq_broker.processor.ack_message_processor import AckMessageProcessor
from rocketmq_broker.processor.admin_broker_processor import AdminBrokerProcessor
from rocketmq_broker.processor.change_invisible_time_processor import ChangeInvisibleTimeProcessor
from rocketmq_broker.processor.client_manage_processor import ClientManageProcessor
from rocketmq_broker.processor.consumer_manage_processor import ConsumerManageProcessor
from rocketmq_broker.processor.end_transaction_processor import EndTransactionProcessor
from rocketmq_broker.processor.pop_message_processor import PopMessageProcessor
from rocketmq_broker.processor.pull_message_processor import PullMessageProcessor
from rocketmq_broker.processor.query_assignment_processor import QueryAssignmentProcessor
from rocketmq_broker.processor.query_message_processor import QueryMessageProcessor
from rocketmq_broker.processor.recall_message_processor import RecallMessageProcessor
from rocketmq_broker.processor.reply_message_processor import ReplyMessageProcessor
from rocketmq_broker.processor.send_message_processor import SendMessageProcessor
from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.config.flush_disk_type import FlushDiskType
from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
from rocketmq_broker.store.default_message_store import DefaultMessageStore
from rocketmq_broker.store.hook.put_message_hook import PutMessageHook
from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.stats.broker_stats import BrokerStats
from rocketmq_broker.store.stats.broker_stats_manager import BrokerStatsManager
from rocketmq_broker.store.timer.timer_checkpoint import TimerCheckpoint
from rocketmq_broker.store.timer.timer_message_store import TimerMessageStore
from rocketmq_broker.subscription.subscription_group_manager import SubscriptionGroupManager
from rocketmq_broker.topic.topic_config_manager import TopicConfigManager
from rocketmq_broker.topic.topic_queue_mapping_clean_service import TopicQueueMappingCleanService
from rocketmq_broker.topic.topic_queue_mapping_manager import TopicQueueMappingManager
from rocketmq_broker.transaction.abstract_transactional_message_check_listener import \
    AbstractTransactionalMessageCheckListener
from rocketmq_broker.transaction.queue.default_transactional_message_check_listener import \
    DefaultTransactionalMessageCheckListener
from rocketmq_broker.transaction.queue.transactional_message_bridge import TransactionalMessageBridge
from rocketmq_broker.transaction.queue.transactional_message_service_impl import TransactionalMessageServiceImpl
from rocketmq_broker.transaction.transactional_message_check_service import TransactionalMessageCheckService
from rocketmq_broker.transaction.transactional_message_service import TransactionalMessageService
from rocketmq_broker.util.hook_utils import HookUtils
from rocketmq_common.configuration import Configuration
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.data_version import DataVersion
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.protocol.body.topic_config_and_mapping_serialize_wrapper import \
    TopicConfigAndMappingSerializeWrapper
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_common.rpc.rpc_response import RpcResponse
from rocketmq_common.topic_config import TopicConfig
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, ListOf, MapOf, Prop
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer
from rocketmq_remoting.remoting_server import RemotingServer
from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["BrokerController"]

log = logging.getLogger(__name__)

#: Java's default broker listen port (``BrokerStartup`` sets it on the NettyServerConfig)
DEFAULT_LISTEN_PORT = 10911
_JOIN_TIMEOUT_SECONDS = 5.0


class BrokerController(Bean):
    """See the module docstring. The managers and services made in the constructor from the controller itself
    (Java's final fields) are required ``Prop``s; the message store, remoting server and transactional service
    that ``initialize`` makes keep written getters typed without None (a ``Prop`` with no initial value types its
    getter Optional), as does the store host (a ``Prop`` types it ``tuple``)."""

    broker_config = Prop(BrokerConfig)
    netty_server_config = Prop(NettyServerConfig)
    netty_client_config = Prop(NettyClientConfig)
    message_store_config = Prop(MessageStoreConfig)
    send_message_executor = Prop(ThreadPoolExecutor)
    pull_message_executor = Prop(ThreadPoolExecutor)
    query_message_executor = Prop(ThreadPoolExecutor)
    end_transaction_executor = Prop(ThreadPoolExecutor)
    broker_stats = Prop(BrokerStats)
    send_message_hook_list = Prop(ListOf(object), [])
    consume_message_hook_list = Prop(ListOf(object), [])
    transactional_message_check_service = Prop(TransactionalMessageCheckService)
    access_validator_map = Prop(MapOf(type, AccessValidator), {})
    auth_config = Prop(AuthConfig)
    authentication_metadata_manager = Prop(AuthenticationMetadataManager, required=True)
    authorization_metadata_manager = Prop(AuthorizationMetadataManager, required=True)
    topic_config_manager = Prop(TopicConfigManager, required=True)
    topic_queue_mapping_manager = Prop(TopicQueueMappingManager, required=True)
    topic_queue_mapping_clean_service = Prop(TopicQueueMappingCleanService)
    subscription_group_manager = Prop(SubscriptionGroupManager, required=True)
    consumer_offset_manager = Prop(ConsumerOffsetManager, required=True)
    consumer_manager = Prop(ConsumerManager, required=True)
    consumer_filter_manager = Prop(ConsumerFilterManager, required=True)
    producer_manager = Prop(ProducerManager, required=True)
    cold_data_cg_ctr_service = Prop(ColdDataCgCtrService, required=True)
    broker2_client = Prop(Broker2Client, required=True)
    rebalance_lock_manager = Prop(RebalanceLockManager, required=True)
    broker_outer_api = Prop(BrokerOuterAPI, required=True)
    client_housekeeping_service = Prop(ClientHousekeepingService, required=True)
    pull_message_processor = Prop(PullMessageProcessor, required=True)
    pull_request_hold_service = Prop(PullRequestHoldService, required=True)
    broker_stats_manager = Prop(BrokerStatsManager, required=True)
    configuration = Prop(Configuration, required=True)
    scheduled_executor_service = Prop(ScheduledExecutor, required=True)
    timer_message_store = Prop(TimerMessageStore)

    def get_broker_config(self) -> BrokerConfig: return self.broker_config
    def set_broker_config(self, broker_config: BrokerConfig) -> None: self.broker_config = broker_config
    def get_netty_server_config(self) -> NettyServerConfig: return self.netty_server_config
    def set_netty_server_config(self, netty_server_config: NettyServerConfig) -> None:
        self.netty_server_config = netty_server_config
    def get_netty_client_config(self) -> NettyClientConfig: return self.netty_client_config
    def set_netty_client_config(self, netty_client_config: NettyClientConfig) -> None:
        self.netty_client_config = netty_client_config
    def get_message_store_config(self) -> MessageStoreConfig: return self.message_store_config
    def set_message_store_config(self, message_store_config: MessageStoreConfig) -> None:
        self.message_store_config = message_store_config
    def get_send_message_executor(self) -> ThreadPoolExecutor: return self.send_message_executor
    def set_send_message_executor(self, send_message_executor: Optional[ThreadPoolExecutor]) -> None:
        self.send_message_executor = send_message_executor
    def get_pull_message_executor(self) -> ThreadPoolExecutor: return self.pull_message_executor
    def set_pull_message_executor(self, pull_message_executor: Optional[ThreadPoolExecutor]) -> None:
        self.pull_message_executor = pull_message_executor
    def get_query_message_executor(self) -> ThreadPoolExecutor: return self.query_message_executor
    def set_query_message_executor(self, query_message_executor: Optional[ThreadPoolExecutor]) -> None:
        self.query_message_executor = query_message_executor
    def get_end_transaction_executor(self) -> ThreadPoolExecutor: return self.end_transaction_executor
    def set_end_transaction_executor(self, end_transaction_executor: Optional[ThreadPoolExecutor]) -> None:
        self.end_transaction_executor = end_transaction_executor
    def get_broker_stats(self) -> BrokerStats: return self.broker_stats
    def set_broker_stats(self, broker_stats: Optional[BrokerStats]) -> None: self.broker_stats = broker_stats
    def get_send_message_hook_list(self) -> List[Any]: return self.send_message_hook_list
    def set_send_message_hook_list(self, send_message_hook_list: List[Any]) -> None:
        self.send_message_hook_list = send_message_hook_list
    def get_consume_message_hook_list(self) -> List[Any]: return self.consume_message_hook_list
    def set_consume_message_hook_list(self, consume_message_hook_list: List[Any]) -> None:
        self.consume_message_hook_list = consume_message_hook_list
    def get_transactional_message_check_service(self) -> TransactionalMessageCheckService:
        return self.transactional_message_check_service
    def set_transactional_message_check_service(
            self, transactional_message_check_service: Optional[TransactionalMessageCheckService]) -> None:
        self.transactional_message_check_service = transactional_message_check_service
    def get_access_validator_map(self) -> Dict[type, AccessValidator]: return self.access_validator_map
    def set_access_validator_map(self, access_validator_map: Dict[type, AccessValidator]) -> None:
        self.access_validator_map = access_validator_map
    def get_auth_config(self) -> AuthConfig: return self.auth_config
    def set_auth_config(self, auth_config: AuthConfig) -> None: self.auth_config = auth_config
    def get_authentication_metadata_manager(self) -> AuthenticationMetadataManager:
        return self.authentication_metadata_manager
    def set_authentication_metadata_manager(
            self, authentication_metadata_manager: Optional[AuthenticationMetadataManager]) -> None:
        self.authentication_metadata_manager = authentication_metadata_manager
    def get_authorization_metadata_manager(self) -> AuthorizationMetadataManager:
        return self.authorization_metadata_manager
    def set_authorization_metadata_manager(
            self, authorization_metadata_manager: Optional[AuthorizationMetadataManager]) -> None:
        self.authorization_metadata_manager = authorization_metadata_manager
    def get_topic_config_manager(self) -> TopicConfigManager: return self.topic_config_manager
    def set_topic_config_manager(self, topic_config_manager: Optional[TopicConfigManager]) -> None:
        self.topic_config_manager = topic_config_manager
    def get_topic_queue_mapping_manager(self) -> TopicQueueMappingManager: return self.topic_queue_mapping_manager
    def set_topic_queue_mapping_manager(self, topic_queue_mapping_manager: Optional[TopicQueueMappingManager]) -> None:
        self.topic_queue_mapping_manager = topic_queue_mapping_manager
    def get_topic_queue_mapping_clean_service(self) -> TopicQueueMappingCleanService:
        return self.topic_queue_mapping_clean_service
    def set_topic_queue_mapping_clean_service(
            self, topic_queue_mapping_clean_service: Optional[TopicQueueMappingCleanService]) -> None:
        self.topic_queue_mapping_clean_service = topic_queue_mapping_clean_service
    def get_subscription_group_manager(self) -> SubscriptionGroupManager: return self.subscription_group_manager
    def set_subscription_group_manager(self, subscription_group_manager: Optional[SubscriptionGroupManager]) -> None:
        self.subscription_group_manager = subscription_group_manager
    def get_consumer_offset_manager(self) -> ConsumerOffsetManager: return self.consumer_offset_manager
    def set_consumer_offset_manager(self, consumer_offset_manager: Optional[ConsumerOffsetManager]) -> None:
        self.consumer_offset_manager = consumer_offset_manager
    def get_consumer_manager(self) -> ConsumerManager: return self.consumer_manager
    def set_consumer_manager(self, consumer_manager: Optional[ConsumerManager]) -> None:
        self.consumer_manager = consumer_manager
    def get_consumer_filter_manager(self) -> ConsumerFilterManager: return self.consumer_filter_manager
    def set_consumer_filter_manager(self, consumer_filter_manager: Optional[ConsumerFilterManager]) -> None:
        self.consumer_filter_manager = consumer_filter_manager
    def get_producer_manager(self) -> ProducerManager: return self.producer_manager
    def set_producer_manager(self, producer_manager: Optional[ProducerManager]) -> None:
        self.producer_manager = producer_manager
    def get_cold_data_cg_ctr_service(self) -> ColdDataCgCtrService: return self.cold_data_cg_ctr_service
    def set_cold_data_cg_ctr_service(self, cold_data_cg_ctr_service: Optional[ColdDataCgCtrService]) -> None:
        self.cold_data_cg_ctr_service = cold_data_cg_ctr_service
    def get_broker2_client(self) -> Broker2Client: return self.broker2_client
    def set_broker2_client(self, broker2_client: Optional[Broker2Client]) -> None: self.broker2_client = broker2_client
    def get_rebalance_lock_manager(self) -> RebalanceLockManager: return self.rebalance_lock_manager
    def set_rebalance_lock_manager(self, rebalance_lock_manager: Optional[RebalanceLockManager]) -> None:
        self.rebalance_lock_manager = rebalance_lock_manager
    def get_broker_outer_api(self) -> BrokerOuterAPI: return self.broker_outer_api
    def set_broker_outer_api(self, broker_outer_api: Optional[BrokerOuterAPI]) -> None:
        self.broker_outer_api = broker_outer_api
    def get_client_housekeeping_service(self) -> ClientHousekeepingService: return self.client_housekeeping_service
    def set_client_housekeeping_service(self, client_housekeeping_service: Optional[ClientHousekeepingService]) -> None:
        self.client_housekeeping_service = client_housekeeping_service
    def get_pull_message_processor(self) -> PullMessageProcessor: return self.pull_message_processor
    def set_pull_message_processor(self, pull_message_processor: Optional[PullMessageProcessor]) -> None:
        self.pull_message_processor = pull_message_processor
    def get_pull_request_hold_service(self) -> PullRequestHoldService: return self.pull_request_hold_service
    def set_pull_request_hold_service(self, pull_request_hold_service: Optional[PullRequestHoldService]) -> None:
        self.pull_request_hold_service = pull_request_hold_service
    def get_broker_stats_manager(self) -> BrokerStatsManager: return self.broker_stats_manager
    def set_broker_stats_manager(self, broker_stats_manager: Optional[BrokerStatsManager]) -> None:
        self.broker_stats_manager = broker_stats_manager
    def get_configuration(self) -> Configuration: return self.configuration
    def set_configuration(self, configuration: Optional[Configuration]) -> None: self.configuration = configuration
    def get_scheduled_executor_service(self) -> ScheduledExecutor: return self.scheduled_executor_service
    def set_scheduled_executor_service(self, scheduled_executor_service: Optional[ScheduledExecutor]) -> None:
        self.scheduled_executor_service = scheduled_executor_service
    def get_timer_message_store(self) -> TimerMessageStore: return self.timer_message_store
    def set_timer_message_store(self, timer_message_store: Optional[TimerMessageStore]) -> None:
        self.timer_message_store = timer_message_store

    def __init__(self, broker_config: Optional[BrokerConfig] = None,
                 netty_server_config: Optional[NettyServerConfig] = None,
                 netty_client_config: Optional[NettyClientConfig] = None,
                 message_store_config: Optional[MessageStoreConfig] = None,
                 broker_config_path: Optional[str] = None, *,
                 tls_config: Optional[TlsSystemConfig] = None, auth_config: Optional[AuthConfig] = None) -> None:
        super().__init__()  # the declared defaults
        self.tls_config = tls_config
        self.broker_config = broker_config if broker_config is not None else BrokerConfig()
        self.netty_server_config = netty_server_config if netty_server_config is not None \
            else NettyServerConfig(listen_port=DEFAULT_LISTEN_PORT)
        self.netty_client_config = netty_client_config if netty_client_config is not None else NettyClientConfig()
        self.message_store_config = message_store_config if message_store_config is not None \
            else MessageStoreConfig()
        self.consumer_offset_manager = ConsumerOffsetManager(self)
        self.topic_config_manager = TopicConfigManager(self)
        self.topic_queue_mapping_manager = TopicQueueMappingManager(self)
        self.topic_queue_mapping_clean_service = None
        self.pull_message_processor = PullMessageProcessor(self)
        self.pull_request_hold_service = PullRequestHoldService(self)
        # POP consumption (5.3.3)
        self.pop_message_processor = PopMessageProcessor(self)
        self.ack_message_processor = AckMessageProcessor(self)
        self.change_invisible_time_processor = ChangeInvisibleTimeProcessor(self)
        self.ack_message_executor: Optional[ThreadPoolExecutor] = None
        self.load_balance_executor: Optional[ThreadPoolExecutor] = None
        self.message_arriving_listener = NotifyMessageArrivingListener(self.pull_request_hold_service,
                                                                       self.pop_message_processor)
        self.consumer_ids_change_listener = DefaultConsumerIdsChangeListener(self)
        self.consumer_manager = ConsumerManager(self.consumer_ids_change_listener,
                                                self.broker_config.channel_expired_timeout)
        self.consumer_filter_manager = ConsumerFilterManager(self)
        self.producer_manager = ProducerManager(self.broker_config.channel_expired_timeout)
        self.client_housekeeping_service = ClientHousekeepingService(self)
        self.broker2_client = Broker2Client(self)
        self.subscription_group_manager = SubscriptionGroupManager(self)
        self.cold_data_cg_ctr_service = ColdDataCgCtrService(self)
        self.rebalance_lock_manager = RebalanceLockManager(self.broker_config.rebalance_lock_max_live_time)
        self.broker_outer_api = BrokerOuterAPI(self.netty_client_config, tls_config=tls_config)
        self.query_assignment_processor = QueryAssignmentProcessor(self)
        self.scheduled_executor_service = ScheduledExecutor("BrokerControllerScheduledThread")
        self.broker_stats_manager = BrokerStatsManager(self.broker_config.broker_cluster_name,
                                                       self.broker_config.enable_detail_stat)
        self.broker_stats = None
        self.message_store: Optional[DefaultMessageStore] = None
        self.timer_message_store = None
        self.remoting_server: Optional[RemotingServer] = None
        self.send_message_executor = None
        self.pull_message_executor = None
        self.reply_message_executor: Optional[ThreadPoolExecutor] = None
        self.query_message_executor = None
        self.admin_broker_executor: Optional[ThreadPoolExecutor] = None
        self.client_manage_executor: Optional[ThreadPoolExecutor] = None
        self.heartbeat_executor: Optional[ThreadPoolExecutor] = None
        self.consumer_manage_executor: Optional[ThreadPoolExecutor] = None
        self.end_transaction_executor = None
        self.transactional_message_check_service = None
        self.transactional_message_service: Optional[TransactionalMessageService] = None
        self.transactional_message_check_listener: Optional[AbstractTransactionalMessageCheckListener] = None
        self.auth_config = auth_config if auth_config is not None else AuthConfig()
        self._complete_auth_config()
        self.authentication_metadata_manager = AuthenticationFactory.get_metadata_manager(self.auth_config)
        self.authorization_metadata_manager = AuthorizationFactory.get_metadata_manager(self.auth_config)
        self.store_host: Tuple[str, int] = (self.broker_config.broker_ip1, self.netty_server_config.listen_port)
        self.configuration = Configuration(
            log, self.broker_config, self.netty_server_config, self.netty_client_config, self.message_store_config,
            store_path=broker_config_path or BrokerPathConfigHelper.get_broker_config_path(
                self.message_store_config.store_path_root_dir))
        self._register_lock = threading.RLock()
        self._lifecycle_lock = threading.Lock()
        self._started = False
        #: the broker reached its name servers (start() got past the listen port): shutdown() unregisters it
        self._outer_api_started = False
        self._shutdown = False

    # ------------------------------------------------------------------ life cycle

    def _complete_auth_config(self) -> None:
        # Java's BrokerStartup names the ACL 2.0 config after the broker and keeps its metadata under
        # <storePathRootDir>/config; here the controller fills what its caller left unset
        config = self.auth_config
        if config.config_name is None:
            config.config_name = self.broker_config.broker_name
        if config.cluster_name is None:
            config.cluster_name = self.broker_config.broker_cluster_name
        if config.auth_config_path is None:
            config.auth_config_path = os.path.join(self.message_store_config.store_path_root_dir, "config")

    def initialize(self) -> bool:
        """Java ``initialize``: False when a configuration file or the store cannot be loaded."""
        result = self.topic_config_manager.load()
        result = result and self.topic_queue_mapping_manager.load()
        result = result and self.consumer_offset_manager.load()
        result = result and self.subscription_group_manager.load()
        result = result and self.consumer_filter_manager.load()
        if result:
            self.message_store = DefaultMessageStore(self.message_store_config, self.broker_stats_manager,
                                                     self.message_arriving_listener, self.broker_config)
            self.broker_stats = BrokerStats(self.message_store)
            if self.message_store_config.timer_wheel_enable:
                self.timer_message_store = TimerMessageStore(
                    self.message_store, self.message_store_config, TimerCheckpoint(
                        BrokerPathConfigHelper.get_timer_check_path(self.message_store_config.store_path_root_dir)))
                self.message_store.timer_message_store = self.timer_message_store
            self.register_message_store_hook()
            result = self.message_store.load()
            if self.timer_message_store is not None:
                result = result and self.timer_message_store.load()
        if not result:
            return False
        self.remoting_server = NettyRemotingServer(self.netty_server_config, self.client_housekeeping_service,
                                                   self.tls_config)
        config = self.broker_config
        self.send_message_executor = ThreadPoolExecutor(
            config.send_message_thread_pool_nums, config.send_message_thread_pool_nums,
            config.send_thread_pool_queue_capacity, "SendMessageThread_")
        self.pull_message_executor = ThreadPoolExecutor(
            config.pull_message_thread_pool_nums, config.pull_message_thread_pool_nums,
            config.pull_thread_pool_queue_capacity, "PullMessageThread_")
        self.reply_message_executor = ThreadPoolExecutor(
            config.process_reply_message_thread_pool_nums, config.process_reply_message_thread_pool_nums,
            config.reply_thread_pool_queue_capacity, "ProcessReplyMessageThread_")
        self.query_message_executor = ThreadPoolExecutor(
            config.query_message_thread_pool_nums, config.query_message_thread_pool_nums,
            config.query_thread_pool_queue_capacity, "QueryMessageThread_")
        self.admin_broker_executor = ThreadPoolExecutor(
            config.admin_broker_thread_pool_nums, config.admin_broker_thread_pool_nums, None, "AdminBrokerThread_")
        self.client_manage_executor = ThreadPoolExecutor(
            config.client_manage_thread_pool_nums, config.client_manage_thread_pool_nums,
            config.client_manager_thread_pool_queue_capacity, "ClientManageThread_")
        self.heartbeat_executor = ThreadPoolExecutor(
            config.heartbeat_thread_pool_nums, config.heartbeat_thread_pool_nums,
            config.heartbeat_thread_pool_queue_capacity, "HeartbeatThread_")
        self.consumer_manage_executor = ThreadPoolExecutor(
            config.consumer_manage_thread_pool_nums, config.consumer_manage_thread_pool_nums, None,
            "ConsumerManageThread_")
        self.end_transaction_executor = ThreadPoolExecutor(
            config.end_transaction_thread_pool_nums, config.end_transaction_thread_pool_nums,
            config.end_transaction_pool_queue_capacity, "EndTransactionThread_")
        self.ack_message_executor = ThreadPoolExecutor(
            config.ack_message_thread_pool_nums, config.ack_message_thread_pool_nums,
            config.ack_thread_pool_queue_capacity, "AckMessageThread_")
        self.load_balance_executor = ThreadPoolExecutor(
            config.load_balance_processor_thread_pool_nums, config.load_balance_processor_thread_pool_nums,
            config.load_balance_thread_pool_queue_capacity, "LoadBalanceProcessorThread_")
        self.register_processor()
        self.topic_queue_mapping_clean_service = TopicQueueMappingCleanService(self)
        self.scheduled_executor_service.schedule_at_fixed_rate(
            self._record_broker_stats, UtilAll.compute_next_morning_time_millis() - int(time.time() * 1000),
            1000 * 60 * 60 * 24)
        flush_interval = config.flush_consumer_offset_interval
        self.scheduled_executor_service.schedule_at_fixed_rate(
            self._persist_consumer_offsets, min(1000 * 10, flush_interval), flush_interval)
        self.scheduled_executor_service.schedule_at_fixed_rate(self._persist_consumer_filters, 1000 * 10, 1000 * 10)
        if config.namesrv_addr:
            self.broker_outer_api.update_name_server_address_list(config.namesrv_addr)
            log.info("Set user specified name server address: %s", config.namesrv_addr)
        self.initial_transaction()
        return self.initial_acl()

    def register_message_store_hook(self) -> None:
        """Java 5.3.3 ``registerMessageStoreHook`` (its schedule hook): HookUtils' timer conversion runs in every
        ``put_message`` of the store, so a send, a committed transaction or a recall's deletion marker with timer
        properties goes to the timer wheel."""
        assert self.message_store is not None
        self.message_store.put_message_hook_list.append(_HandleScheduleMessageHook(self))

    def initial_transaction(self) -> None:
        """Java ``initialTransaction``: the queue-based transactional service, its default check listener and
        the check service."""
        self.transactional_message_service = TransactionalMessageServiceImpl(
            TransactionalMessageBridge(self, self.get_message_store()))
        self.transactional_message_check_listener = DefaultTransactionalMessageCheckListener()
        self.transactional_message_check_listener.set_broker_controller(self)
        self.transactional_message_check_service = TransactionalMessageCheckService(self)

    def initial_acl(self) -> bool:
        """Java ``initialAcl``: with ``aclEnable``, a :class:`PlainAccessValidator` (on ``rocketmq_home`` and
        ``acl_plain_file``) checks every request as a server RPC hook; a refused request is answered with
        SYSTEM_ERROR and the ``AclException`` text, as in Java. False (logged) when an ACL file is invalid."""
        if not self.broker_config.acl_enable:
            log.info("The broker dose not enable acl")
            return True
        try:
            validator = PlainAccessValidator(PlainPermissionManager(self.broker_config.rocketmq_home,
                                                                    self.broker_config.acl_plain_file))
        except AclException as e:
            log.error("The broker cannot load its ACL configuration: %s", e)
            return False
        self.access_validator_map[type(validator)] = validator
        self.register_server_rpc_hook(_AclServerRPCHook(validator))
        return True

    def register_processor(self) -> None:
        """Java ``registerProcessor``."""
        server = self.remoting_server
        # the Netty server's, as Java casts for what its interface lacks: inline_when_idle is an addition
        assert isinstance(server, NettyRemotingServer)
        send_processor = SendMessageProcessor(self)
        inline = self.broker_config.inline_send_and_pull_when_idle
        # a send waiting for a sync flush must not hold up the other requests of its connection
        inline_send = inline and self.message_store_config.flush_disk_type is not FlushDiskType.SYNC_FLUSH
        for code in (RequestCode.SEND_MESSAGE, RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE):
            server.register_processor(code, send_processor, self.send_message_executor, inline_when_idle=inline_send)
        server.register_processor(RequestCode.CONSUMER_SEND_MSG_BACK, send_processor, self.send_message_executor)
        server.register_processor(RequestCode.PULL_MESSAGE, self.pull_message_processor, self.pull_message_executor,
                                  inline_when_idle=inline)
        server.register_processor(RequestCode.LITE_PULL_MESSAGE, self.pull_message_processor,
                                  self.pull_message_executor)
        reply_message_processor = ReplyMessageProcessor(self)
        for code in (RequestCode.SEND_REPLY_MESSAGE, RequestCode.SEND_REPLY_MESSAGE_V2):
            server.register_processor(code, reply_message_processor, self.reply_message_executor)
        query_processor = QueryMessageProcessor(self)
        server.register_processor(RequestCode.QUERY_MESSAGE, query_processor, self.query_message_executor)
        server.register_processor(RequestCode.VIEW_MESSAGE_BY_ID, query_processor, self.query_message_executor)
        client_processor = ClientManageProcessor(self)
        server.register_processor(RequestCode.HEART_BEAT, client_processor, self.heartbeat_executor)
        server.register_processor(RequestCode.UNREGISTER_CLIENT, client_processor, self.client_manage_executor)
        server.register_processor(RequestCode.CHECK_CLIENT_CONFIG, client_processor, self.client_manage_executor)
        consumer_manage_processor = ConsumerManageProcessor(self)
        for code in (RequestCode.GET_CONSUMER_LIST_BY_GROUP, RequestCode.UPDATE_CONSUMER_OFFSET,
                     RequestCode.QUERY_CONSUMER_OFFSET):
            server.register_processor(code, consumer_manage_processor, self.consumer_manage_executor)
        server.register_processor(RequestCode.END_TRANSACTION, EndTransactionProcessor(self),
                                  self.end_transaction_executor)
        server.register_processor(RequestCode.RECALL_MESSAGE, RecallMessageProcessor(self), self.send_message_executor)
        server.register_processor(RequestCode.POP_MESSAGE, self.pop_message_processor, self.pull_message_executor)
        for code in (RequestCode.ACK_MESSAGE, RequestCode.BATCH_ACK_MESSAGE):
            server.register_processor(code, self.ack_message_processor, self.ack_message_executor)
        server.register_processor(RequestCode.CHANGE_MESSAGE_INVISIBLETIME, self.change_invisible_time_processor,
                                  self.ack_message_executor)
        for code in (RequestCode.QUERY_ASSIGNMENT, RequestCode.SET_MESSAGE_REQUEST_MODE):
            server.register_processor(code, self.query_assignment_processor, self.load_balance_executor)
        server.register_default_processor(AdminBrokerProcessor(self), self.admin_broker_executor)

    def _record_broker_stats(self) -> None:
        try:
            if self.broker_stats is not None:  # created by initialize()
                self.broker_stats.record()
        except Exception:
            log.error("schedule record error.", exc_info=True)

    def _persist_consumer_offsets(self) -> None:
        try:
            self.consumer_offset_manager.persist()
        except Exception:
            log.error("schedule persist consumerOffset error.", exc_info=True)

    def _persist_consumer_filters(self) -> None:
        try:
            self.consumer_filter_manager.persist()
        except Exception:
            log.error("schedule persist consumer filter error.", exc_info=True)

    def _refresh_metadata(self) -> None:
        try:
            self.broker_outer_api.refresh_metadata()
        except Exception as e:
            log.error("ScheduledTask refresh metadata exception: %r", e)

    def _register_periodically(self) -> None:
        try:
            self.register_broker_all(True, False, self.broker_config.force_register)
        except Exception:
            log.error("registerBrokerAll Exception", exc_info=True)

    def start(self) -> None:
        """Java ``start``: raises RuntimeError before :meth:`initialize` and OSError when the port is taken."""
        if self.remoting_server is None or self.message_store is None:
            raise RuntimeError("BrokerController.start() called before a successful initialize()")
        with self._lifecycle_lock:
            if self._started or self._shutdown:
                return
            self._started = True
        self.message_store.start()
        if self.timer_message_store is not None:
            self.timer_message_store.start()
        self.remoting_server.start()
        port = self.remoting_server.local_listen_port()
        if port != self.netty_server_config.listen_port:
            self.netty_server_config.listen_port = port
        self.store_host = (self.broker_config.broker_ip1, port)
        self.broker_outer_api.start()
        self._outer_api_started = True
        self.pull_request_hold_service.start()
        self.pop_message_processor.get_pop_long_polling_service().start()
        self.pop_message_processor.get_queue_lock_manager().start()
        self.ack_message_processor.start_pop_revive_service()
        self.client_housekeeping_service.start()
        if self.topic_queue_mapping_clean_service is not None:
            self.topic_queue_mapping_clean_service.start()
        self.start_processor_by_ha(self.message_store_config.broker_role)
        self.register_broker_all(True, False, True)
        self.broker_stats_manager.start()
        period = min(self.broker_config.register_name_server_period, 60000)
        self.scheduled_executor_service.schedule_at_fixed_rate(self._register_periodically, min(1000 * 10, period),
                                                               period)
        # 5.3.3: the broker addresses a static topic's forwarded requests go to
        self.scheduled_executor_service.schedule_at_fixed_rate(self._refresh_metadata, 10 * 1000, 5 * 1000)

    def start_processor_by_ha(self, role: BrokerRole) -> None:
        """Java ``startProcessorByHa``: a master checks its half messages."""
        if role is not BrokerRole.SLAVE and self.transactional_message_check_service is not None:
            self.transactional_message_check_service.start()

    def shutdown(self) -> None:
        """Java ``shutdown``: stop serving, unregister from every name server, stop and join every thread, persist
        offsets, topics and subscription groups. Idempotent. The transaction check stops before the store
        (Java: after it)."""
        with self._lifecycle_lock:
            if self._shutdown:
                return
            self._shutdown = True
            started = self._started
        self.broker_stats_manager.shutdown()
        self.client_housekeeping_service.shutdown()
        if started:
            self.pull_request_hold_service.shutdown()
            self.pop_message_processor.get_pop_long_polling_service().shutdown()
            self.pop_message_processor.get_queue_lock_manager().shutdown()
            self.ack_message_processor.shutdown_pop_revive_service()
            if self.topic_queue_mapping_clean_service is not None:
                self.topic_queue_mapping_clean_service.shutdown()
        if self.remoting_server is not None:
            self.remoting_server.shutdown()
        self.scheduled_executor_service.shutdown()
        if self.transactional_message_check_service is not None:
            self.transactional_message_check_service.shutdown(False)
        executors = [self.send_message_executor, self.pull_message_executor, self.reply_message_executor,
                     self.query_message_executor,
                     self.admin_broker_executor, self.client_manage_executor, self.heartbeat_executor,
                     self.consumer_manage_executor, self.end_transaction_executor, self.ack_message_executor,
                     self.load_balance_executor]
        if self.transactional_message_check_listener is not None:
            self.transactional_message_check_listener.shut_down()
            executors.append(self.transactional_message_check_listener.executor_service)
        for executor in executors:
            if executor is not None:
                executor.shutdown()
        for executor in executors:
            if executor is not None and not executor.await_termination(_JOIN_TIMEOUT_SECONDS):
                log.warning("%s still busy after %s s", executor, _JOIN_TIMEOUT_SECONDS)
        for validator in self.access_validator_map.values():
            validator.shutdown()
        self.authentication_metadata_manager.shutdown()
        self.authorization_metadata_manager.shutdown()
        if self.timer_message_store is not None:
            self.timer_message_store.shutdown()
        if self.message_store is not None:
            self.message_store.shutdown()
        if self._outer_api_started:  # not after a failed start: its one error is the whole story
            self.unregister_broker_all()
        self.broker_outer_api.shutdown()
        if self.message_store is not None:
            self.consumer_offset_manager.persist()
            self.topic_config_manager.persist()
            self.topic_queue_mapping_manager.persist()
            self.subscription_group_manager.persist()
            self.consumer_filter_manager.persist()

    def __repr__(self) -> str:
        """A short form naming the broker (Java has no toString; the bean repr would print every field)."""
        return "BrokerController[%s, brokerId=%s, %s]" % (self.broker_config.broker_name,
                                                          self.broker_config.broker_id, self.get_broker_addr())

    def __enter__(self) -> "BrokerController":
        if self.remoting_server is None and not self.initialize():
            self.shutdown()
            raise RuntimeError("the broker failed to initialize (see the log)")
        try:
            self.start()
        except BaseException:
            self.shutdown()
            raise
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    # ------------------------------------------------------------------ name servers

    def unregister_broker_all(self) -> None:
        """Java ``unregisterBrokerAll``."""
        self.broker_outer_api.unregister_broker_all(self.broker_config.broker_cluster_name, self.get_broker_addr(),
                                                    self.broker_config.broker_name, self.broker_config.broker_id)

    def register_increment_broker_data(self, topic_configs: Union[TopicConfig, List[TopicConfig]],
                                       data_version: DataVersion) -> None:
        """Java 5.3.3 ``registerIncrementBrokerData`` (both overloads): register one or a list of (new or
        changed) topics, each with its static-topic mapping when it has one."""
        with self._register_lock:
            permission = self.broker_config.broker_permission
            table: Dict[str, TopicConfig] = {}
            mapping_infos: Dict[str, TopicQueueMappingInfo] = {}
            for topic_config in [topic_configs] if isinstance(topic_configs, TopicConfig) else topic_configs:
                register_topic_config = topic_config
                if not PermName.is_writeable(permission) or not PermName.is_readable(permission):
                    register_topic_config = TopicConfig(topic_config.topic_name, topic_config.read_queue_nums,
                                                        topic_config.write_queue_nums, permission)
                topic = topic_config.topic_name
                table[topic] = register_topic_config
                mapping_detail = self.topic_queue_mapping_manager.get_topic_queue_mapping(topic)
                if mapping_detail is not None:
                    mapping_infos[topic] = TopicQueueMappingDetail.clone_as_mapping_info(mapping_detail)
            wrapper = TopicConfigAndMappingSerializeWrapper(topic_config_table=table, data_version=data_version)
            if mapping_infos:
                wrapper.topic_queue_mapping_info_map = mapping_infos
            self._do_register_broker_all(True, False, wrapper)

    def register_broker_all(self, check_order_config: bool, oneway: bool, force_register: bool) -> None:
        """Java ``registerBrokerAll``: register every topic with every name server (the broker permission
        overrides the topics' when it forbids reading or writing). Registration always happens: the
        QUERY_DATA_VERSION check of ``forceRegister=false`` is not implemented. (5.3.3) The static topics'
        mappings go with them."""
        with self._register_lock:
            topic_config_table = dict(self.topic_config_manager.get_topic_config_table())
            permission = self.broker_config.broker_permission
            if not PermName.is_writeable(permission) or not PermName.is_readable(permission):
                topic_config_table = {
                    name: TopicConfig(tc.topic_name, tc.read_queue_nums, tc.write_queue_nums, permission)
                    for name, tc in topic_config_table.items()}
            mapping_info_map = {topic: TopicQueueMappingDetail.clone_as_mapping_info(detail) for topic, detail
                                in self.topic_queue_mapping_manager.get_topic_queue_mapping_table().items()}
            wrapper = self.topic_config_manager.build_serialize_wrapper(topic_config_table, mapping_info_map)
            self._do_register_broker_all(check_order_config, oneway, wrapper)

    def _do_register_broker_all(self, check_order_config: bool, oneway: bool,
                                wrapper: TopicConfigAndMappingSerializeWrapper) -> None:
        results = self.broker_outer_api.register_broker_all(
            self.broker_config.broker_cluster_name, self.get_broker_addr(), self.broker_config.broker_name,
            self.broker_config.broker_id, self.get_ha_server_addr(), wrapper, [], oneway,
            self.broker_config.register_broker_timeout_mills, self.broker_config.compressed_register)
        if results and check_order_config:
            self.topic_config_manager.update_order_topic_config(results[0].kv_table)

    def forward_request(self, code: int, header: RpcRequestHeader) -> RpcResponse:
        """A static topic's request for a logical queue item held by another broker, sent there by the outer
        API's RPC client within ``forwardTimeout`` (Java 5.3.3's ``getBrokerOuterAPI().getRpcClient().invoke(...)
        .get()`` at each forward site); raises the response's RpcException."""
        return self.broker_outer_api.forward(code, header, self.broker_config.forward_timeout)

    # ------------------------------------------------------------------ addresses

    def get_broker_addr(self) -> str:
        """Java ``getBrokerAddr``: ``brokerIP1:listenPort``."""
        return "%s:%d" % (self.broker_config.broker_ip1, self.netty_server_config.listen_port)

    def get_ha_server_addr(self) -> str:
        """Java ``getHAServerAddr``: ``brokerIP2:haListenPort``."""
        return "%s:%d" % (self.broker_config.broker_ip2, self.message_store_config.ha_listen_port)

    def get_store_host(self) -> Tuple[str, int]:
        """Java ``getStoreHost``: ``(brokerIP1, listen port)``."""
        return self.store_host

    def set_store_host(self, store_host: Tuple[str, int]) -> None:
        self.store_host = store_host

    # ------------------------------------------------------------------ hooks

    def register_send_message_hook(self, hook: Any) -> None:
        """Java ``registerSendMessageHook``."""
        self.send_message_hook_list.append(hook)

    def register_consume_message_hook(self, hook: Any) -> None:
        """Java ``registerConsumeMessageHook``."""
        self.consume_message_hook_list.append(hook)

    def has_send_message_hook(self) -> bool:
        return bool(self.send_message_hook_list)

    def has_consume_message_hook(self) -> bool:
        return bool(self.consume_message_hook_list)

    def register_server_rpc_hook(self, rpc_hook: RPCHook) -> None:
        """Java ``registerServerRPCHook``."""
        assert self.remoting_server is not None
        self.remoting_server.register_rpc_hook(rpc_hook)

    def register_client_rpc_hook(self, rpc_hook: RPCHook) -> None:
        """Java ``registerClientRPCHook``."""
        self.broker_outer_api.register_rpc_hook(rpc_hook)

    # ------------------------------------------------------------------ getters (Java's)

    def get_message_store(self) -> DefaultMessageStore:
        return self.message_store  # type: ignore[return-value]

    def get_remoting_server(self) -> RemotingServer:
        return self.remoting_server  # type: ignore[return-value]

    def get_pop_message_processor(self) -> PopMessageProcessor:
        return self.pop_message_processor

    def get_ack_message_processor(self) -> AckMessageProcessor:
        return self.ack_message_processor

    def get_change_invisible_time_processor(self) -> ChangeInvisibleTimeProcessor:
        return self.change_invisible_time_processor

    def get_query_assignment_processor(self) -> QueryAssignmentProcessor:
        return self.query_assignment_processor

    def get_transactional_message_service(self) -> TransactionalMessageService:
        return self.transactional_message_service  # type: ignore[return-value]

    def set_transactional_message_service(self, transactional_message_service: TransactionalMessageService) -> None:
        self.transactional_message_service = transactional_message_service

    def get_transactional_message_check_listener(self) -> AbstractTransactionalMessageCheckListener:
        return self.transactional_message_check_listener  # type: ignore[return-value]

    def set_transactional_message_check_listener(
            self, transactional_message_check_listener: AbstractTransactionalMessageCheckListener) -> None:
        self.transactional_message_check_listener = transactional_message_check_listener


class _AclServerRPCHook(RPCHook):
    """The anonymous hook of Java ``initialAcl``: ``validate(parse(request, remoteAddr))`` before each request."""

    def __init__(self, validator: AccessValidator) -> None:
        self.validator = validator

    def do_before_request(self, remote_addr: Optional[str], request: Any) -> None:
        self.validator.validate(self.validator.parse(request, remote_addr))

    def do_after_response(self, remote_addr: Optional[str], request: Any, response: Any) -> None:
        """Nothing (Java's is empty)."""


class _HandleScheduleMessageHook(PutMessageHook):
    """Java's anonymous ``handleScheduleMessage`` hook of ``registerMessageStoreHook``."""

    def __init__(self, broker_controller: BrokerController) -> None:
        self._broker_controller = broker_controller

    def get_hook_name(self) -> str:
        return "handleScheduleMessage"

    def execute_before_put_message(self, msg: MessageExtBrokerInner) -> Optional[PutMessageResult]:
        return HookUtils.handle_schedule_message(self._broker_controller, msg)
