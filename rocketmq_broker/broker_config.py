"""Java ``org.apache.rocketmq.common.BrokerConfig``: every broker setting, Java names and defaults.

The Java property names (``brokerName``, ``brokerIP1``, ``autoCreateTopicEnable``...) are the bean wire names,
so a broker configuration file maps onto these attributes. Differences from Java, for an embedded broker:
``broker_name`` defaults to ``"broker-a"`` (Java: the host name), ``broker_ip1`` / ``broker_ip2`` to
``"127.0.0.1"`` (Java: the first non-loopback address), and the thread pools are smaller (Python threads).
"""
from __future__ import annotations

import os
from typing import Optional

from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["BrokerConfig"]

_CPUS = os.cpu_count() or 1


class BrokerConfig(Bean):
    """Broker settings (Java field names in snake_case)."""

    rocketmq_home = Prop(str, factory=lambda: os.environ.get(MixAll.ROCKETMQ_HOME_ENV))
    namesrv_addr = Prop(str, factory=lambda: os.environ.get(MixAll.NAMESRV_ADDR_ENV))
    broker_ip1 = Prop(str, "127.0.0.1", wire="brokerIP1")
    broker_ip2 = Prop(str, "127.0.0.1", wire="brokerIP2")
    broker_name = Prop(str, "broker-a")
    broker_cluster_name = Prop(str, "DefaultCluster")
    broker_id = Prop(int, MixAll.MASTER_ID)
    broker_permission = Prop(int, PermName.PERM_READ | PermName.PERM_WRITE)
    default_topic_queue_nums = Prop(int, 8)
    auto_create_topic_enable = Prop(bool, True)
    cluster_topic_enable = Prop(bool, True)
    broker_topic_enable = Prop(bool, True)
    auto_create_subscription_group = Prop(bool, True)
    message_store_plug_in = Prop(str, "")
    msg_trace_topic_name = Prop(str, TopicValidator.RMQ_SYS_TRACE_TOPIC)
    trace_topic_enable = Prop(bool, False)
    send_message_thread_pool_nums = Prop(int, min(_CPUS, 4))
    put_message_future_thread_pool_nums = Prop(int, min(_CPUS, 4))
    pull_message_thread_pool_nums = Prop(int, 8)
    process_reply_message_thread_pool_nums = Prop(int, 4)
    query_message_thread_pool_nums = Prop(int, 4)
    admin_broker_thread_pool_nums = Prop(int, 4)
    client_manage_thread_pool_nums = Prop(int, 4)
    consumer_manage_thread_pool_nums = Prop(int, 4)
    heartbeat_thread_pool_nums = Prop(int, min(4, _CPUS))
    end_transaction_thread_pool_nums = Prop(int, 4)
    flush_consumer_offset_interval = Prop(int, 1000 * 5)
    flush_consumer_offset_history_interval = Prop(int, 1000 * 60)
    reject_transaction_message = Prop(bool, False)
    fetch_namesrv_addr_by_address_server = Prop(bool, False)
    send_thread_pool_queue_capacity = Prop(int, 10000)
    put_thread_pool_queue_capacity = Prop(int, 10000)
    pull_thread_pool_queue_capacity = Prop(int, 100000)
    reply_thread_pool_queue_capacity = Prop(int, 10000)
    query_thread_pool_queue_capacity = Prop(int, 20000)
    client_manager_thread_pool_queue_capacity = Prop(int, 1000000)
    consumer_manager_thread_pool_queue_capacity = Prop(int, 1000000)
    heartbeat_thread_pool_queue_capacity = Prop(int, 50000)
    end_transaction_pool_queue_capacity = Prop(int, 100000)
    filter_server_nums = Prop(int, 0)
    long_polling_enable = Prop(bool, True)
    #: 5.3.3: LITE_PULL_MESSAGE is served (else answered NO_PERMISSION)
    lite_pull_message_enable = Prop(bool, True)
    short_polling_time_mills = Prop(int, 1000)
    #: 5.3.3: INVOKE_BROKER_TO_RESET_OFFSET resets the offsets on the broker (the next pull of each queue is
    #: answered PULL_OFFSET_MOVED to the reset offset) instead of asking the online clients to
    use_server_side_reset_offset = Prop(bool, True)
    #: 5.3.3: a ``CID_RMQ_SYS_`` group is created on first use even without ``autoCreateSubscriptionGroup``
    enable_create_sys_group = Prop(bool, True)
    notify_consumer_ids_changed_enable = Prop(bool, True)
    high_speed_mode = Prop(bool, False)
    commercial_enable = Prop(bool, True)
    commercial_timer_count = Prop(int, 1)
    commercial_trans_count = Prop(int, 1)
    commercial_big_count = Prop(int, 1)
    commercial_base_count = Prop(int, 1)
    transfer_msg_by_heap = Prop(bool, True)
    max_delay_time = Prop(int, 40)
    region_id = Prop(str, MixAll.DEFAULT_TRACE_REGION_ID)
    register_broker_timeout_mills = Prop(int, 6000)
    slave_read_enable = Prop(bool, False)
    disable_consume_if_consumer_read_slowly = Prop(bool, False)
    consumer_fallbehind_threshold = Prop(int, 1024 * 1024 * 1024 * 16)
    broker_fast_failure_enable = Prop(bool, True)
    wait_time_mills_in_send_queue = Prop(int, 200)
    wait_time_mills_in_pull_queue = Prop(int, 5 * 1000)
    wait_time_mills_in_heartbeat_queue = Prop(int, 31 * 1000)
    wait_time_mills_in_transaction_queue = Prop(int, 3 * 1000)
    start_accept_send_request_time_stamp = Prop(int, 0)
    trace_on = Prop(bool, True)
    #: 5.3.3: whether a topic may be created with ``message.type`` MIXED
    enable_mixed_message_type = Prop(bool, False)
    #: 5.3.3: a consumer group's and the broker's cold read thresholds (bytes; ColdDataCgCtrService)
    cg_cold_read_threshold = Prop(int, 3 * 1024 * 1024)
    global_cold_read_threshold = Prop(int, 100 * 1024 * 1024)
    enable_calc_filter_bit_map = Prop(bool, False)
    expect_consumer_num_use_filter = Prop(int, 32)
    max_error_rate_of_bloom_filter = Prop(int, 20)
    filter_data_clean_time_span = Prop(int, 24 * 3600 * 1000)
    filter_support_retry = Prop(bool, False)
    enable_property_filter = Prop(bool, False)
    compressed_register = Prop(bool, False)
    force_register = Prop(bool, True)
    register_name_server_period = Prop(int, 1000 * 30)
    transaction_time_out = Prop(int, 6 * 1000)
    transaction_check_max = Prop(int, 15)
    transaction_check_interval = Prop(int, 60 * 1000)
    #: 5.3.3: RECALL_MESSAGE is answered (off: NO_PERMISSION), and also while the broker is not writeable
    recall_message_enable = Prop(bool, False)
    allow_recall_when_broker_not_writeable = Prop(bool, True)
    acl_enable = Prop(bool, False)
    #: Python addition: the default ACL file of ``acl_enable`` (Java: system property
    #: ``rocketmq.acl.plain.file``, default ``conf/plain_acl.yml`` under ``rocketmq_home``); an absolute path
    #: needs no RocketMQ home. None: the property (or ``ROCKETMQ_ACL_PLAIN_FILE``), else Java's default
    acl_plain_file = Prop(str)
    store_reply_message_enable = Prop(bool, True)
    enable_detail_stat = Prop(bool, True)
    auto_delete_unused_stats = Prop(bool, False)
    isolate_log_enable = Prop(bool, False)
    # POP consumption (5.3.3): executors, long polling, revive, retry topics, server-side assignment
    ack_message_thread_pool_nums = Prop(int, 16)
    ack_thread_pool_queue_capacity = Prop(int, 100000)
    load_balance_processor_thread_pool_nums = Prop(int, 32)
    load_balance_thread_pool_queue_capacity = Prop(int, 100000)
    pop_polling_size = Prop(int, 1024)
    pop_polling_map_size = Prop(int, 100000)
    max_pop_polling_size = Prop(int, 100000)
    revive_queue_num = Prop(int, 8)
    revive_interval = Prop(int, 1000)
    revive_max_slow = Prop(int, 3)
    revive_scan_time = Prop(int, 10000)
    enable_pop_log = Prop(bool, False)
    pop_long_polling_force_notify_interval = Prop(int, 800)
    init_pop_offset_by_check_msg_in_mem = Prop(bool, True)
    retrieve_message_from_pop_retry_topic_v1 = Prop(bool, True)
    enable_retry_topic_v2 = Prop(bool, False)
    pop_from_retry_probability = Prop(int, 20)
    pop_response_return_actual_retry_topic = Prop(bool, False)
    skip_when_ck_re_put_reach_max_times = Prop(bool, False, wire="skipWhenCKRePutReachMaxTimes")
    server_load_balancer_enable = Prop(bool, True)
    default_message_request_mode = Prop(MessageRequestMode, MessageRequestMode.PULL)
    default_pop_share_queue_num = Prop(int, -1)
    #: 5.3.3: how long (ms) the broker waits for another broker it forwards a static topic's request to
    forward_timeout = Prop(int, 3 * 1000)
    # Python-only (Java hard-codes these in BrokerController / ClientHousekeepingService / NettyServerConfig use)
    channel_expired_timeout = Prop(int, 1000 * 120)
    scan_not_active_channel_interval = Prop(int, 1000 * 10)
    #: Java: system property ``rocketmq.broker.rebalance.lockMaxLiveTime`` (RebalanceLockManager), in ms
    rebalance_lock_max_live_time = Prop(int, 60000)
    #: Python addition: SEND_MESSAGE, SEND_MESSAGE_V2, SEND_BATCH_MESSAGE (with async flush) and PULL_MESSAGE run on
    #: the event loop reading the connection while their executor is idle, saving a thread hand-off per request
    #: (``RemotingServer.register_processor(..., inline_when_idle=True)``); false: always on their executors, as Java
    inline_send_and_pull_when_idle = Prop(bool, True)

    def get_use_server_side_reset_offset(self) -> bool: return self.use_server_side_reset_offset
    def is_use_server_side_reset_offset(self) -> bool: return self.use_server_side_reset_offset
    def set_use_server_side_reset_offset(self, use_server_side_reset_offset: bool) -> None:
        self.use_server_side_reset_offset = use_server_side_reset_offset
    def get_enable_create_sys_group(self) -> bool: return self.enable_create_sys_group
    def is_enable_create_sys_group(self) -> bool: return self.enable_create_sys_group
    def set_enable_create_sys_group(self, enable_create_sys_group: bool) -> None:
        self.enable_create_sys_group = enable_create_sys_group

    def get_rocketmq_home(self) -> str: return self.rocketmq_home
    def set_rocketmq_home(self, rocketmq_home: str) -> None: self.rocketmq_home = rocketmq_home
    def get_namesrv_addr(self) -> str: return self.namesrv_addr
    def set_namesrv_addr(self, namesrv_addr: str) -> None: self.namesrv_addr = namesrv_addr
    def get_broker_ip1(self) -> str: return self.broker_ip1
    def set_broker_ip1(self, broker_ip1: str) -> None: self.broker_ip1 = broker_ip1
    def get_broker_ip2(self) -> str: return self.broker_ip2
    def set_broker_ip2(self, broker_ip2: str) -> None: self.broker_ip2 = broker_ip2
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: str) -> None: self.broker_name = broker_name
    def get_broker_cluster_name(self) -> str: return self.broker_cluster_name
    def set_broker_cluster_name(self, broker_cluster_name: str) -> None: self.broker_cluster_name = broker_cluster_name
    def get_broker_id(self) -> int: return self.broker_id
    def set_broker_id(self, broker_id: int) -> None: self.broker_id = broker_id
    def get_broker_permission(self) -> int: return self.broker_permission
    def set_broker_permission(self, broker_permission: int) -> None: self.broker_permission = broker_permission
    def get_default_topic_queue_nums(self) -> int: return self.default_topic_queue_nums
    def set_default_topic_queue_nums(self, default_topic_queue_nums: int) -> None:
        self.default_topic_queue_nums = default_topic_queue_nums
    def get_auto_create_topic_enable(self) -> bool: return self.auto_create_topic_enable
    def is_auto_create_topic_enable(self) -> bool: return self.auto_create_topic_enable
    def set_auto_create_topic_enable(self, auto_create_topic_enable: bool) -> None:
        self.auto_create_topic_enable = auto_create_topic_enable
    def get_cluster_topic_enable(self) -> bool: return self.cluster_topic_enable
    def is_cluster_topic_enable(self) -> bool: return self.cluster_topic_enable
    def set_cluster_topic_enable(self, cluster_topic_enable: bool) -> None:
        self.cluster_topic_enable = cluster_topic_enable
    def get_broker_topic_enable(self) -> bool: return self.broker_topic_enable
    def is_broker_topic_enable(self) -> bool: return self.broker_topic_enable
    def set_broker_topic_enable(self, broker_topic_enable: bool) -> None: self.broker_topic_enable = broker_topic_enable
    def get_auto_create_subscription_group(self) -> bool: return self.auto_create_subscription_group
    def is_auto_create_subscription_group(self) -> bool: return self.auto_create_subscription_group
    def set_auto_create_subscription_group(self, auto_create_subscription_group: bool) -> None:
        self.auto_create_subscription_group = auto_create_subscription_group
    def get_message_store_plug_in(self) -> str: return self.message_store_plug_in
    def set_message_store_plug_in(self, message_store_plug_in: str) -> None:
        self.message_store_plug_in = message_store_plug_in
    def get_msg_trace_topic_name(self) -> str: return self.msg_trace_topic_name
    def set_msg_trace_topic_name(self, msg_trace_topic_name: str) -> None:
        self.msg_trace_topic_name = msg_trace_topic_name
    def get_trace_topic_enable(self) -> bool: return self.trace_topic_enable
    def is_trace_topic_enable(self) -> bool: return self.trace_topic_enable
    def set_trace_topic_enable(self, trace_topic_enable: bool) -> None: self.trace_topic_enable = trace_topic_enable
    def get_send_message_thread_pool_nums(self) -> int: return self.send_message_thread_pool_nums
    def set_send_message_thread_pool_nums(self, send_message_thread_pool_nums: int) -> None:
        self.send_message_thread_pool_nums = send_message_thread_pool_nums
    def get_put_message_future_thread_pool_nums(self) -> int: return self.put_message_future_thread_pool_nums
    def set_put_message_future_thread_pool_nums(self, put_message_future_thread_pool_nums: int) -> None:
        self.put_message_future_thread_pool_nums = put_message_future_thread_pool_nums
    def get_pull_message_thread_pool_nums(self) -> int: return self.pull_message_thread_pool_nums
    def set_pull_message_thread_pool_nums(self, pull_message_thread_pool_nums: int) -> None:
        self.pull_message_thread_pool_nums = pull_message_thread_pool_nums
    def get_process_reply_message_thread_pool_nums(self) -> int: return self.process_reply_message_thread_pool_nums
    def set_process_reply_message_thread_pool_nums(self, process_reply_message_thread_pool_nums: int) -> None:
        self.process_reply_message_thread_pool_nums = process_reply_message_thread_pool_nums
    def get_query_message_thread_pool_nums(self) -> int: return self.query_message_thread_pool_nums
    def set_query_message_thread_pool_nums(self, query_message_thread_pool_nums: int) -> None:
        self.query_message_thread_pool_nums = query_message_thread_pool_nums
    def get_admin_broker_thread_pool_nums(self) -> int: return self.admin_broker_thread_pool_nums
    def set_admin_broker_thread_pool_nums(self, admin_broker_thread_pool_nums: int) -> None:
        self.admin_broker_thread_pool_nums = admin_broker_thread_pool_nums
    def get_client_manage_thread_pool_nums(self) -> int: return self.client_manage_thread_pool_nums
    def set_client_manage_thread_pool_nums(self, client_manage_thread_pool_nums: int) -> None:
        self.client_manage_thread_pool_nums = client_manage_thread_pool_nums
    def get_consumer_manage_thread_pool_nums(self) -> int: return self.consumer_manage_thread_pool_nums
    def set_consumer_manage_thread_pool_nums(self, consumer_manage_thread_pool_nums: int) -> None:
        self.consumer_manage_thread_pool_nums = consumer_manage_thread_pool_nums
    def get_heartbeat_thread_pool_nums(self) -> int: return self.heartbeat_thread_pool_nums
    def set_heartbeat_thread_pool_nums(self, heartbeat_thread_pool_nums: int) -> None:
        self.heartbeat_thread_pool_nums = heartbeat_thread_pool_nums
    def get_end_transaction_thread_pool_nums(self) -> int: return self.end_transaction_thread_pool_nums
    def set_end_transaction_thread_pool_nums(self, end_transaction_thread_pool_nums: int) -> None:
        self.end_transaction_thread_pool_nums = end_transaction_thread_pool_nums
    def get_flush_consumer_offset_interval(self) -> int: return self.flush_consumer_offset_interval
    def set_flush_consumer_offset_interval(self, flush_consumer_offset_interval: int) -> None:
        self.flush_consumer_offset_interval = flush_consumer_offset_interval
    def get_flush_consumer_offset_history_interval(self) -> int: return self.flush_consumer_offset_history_interval
    def set_flush_consumer_offset_history_interval(self, flush_consumer_offset_history_interval: int) -> None:
        self.flush_consumer_offset_history_interval = flush_consumer_offset_history_interval
    def get_reject_transaction_message(self) -> bool: return self.reject_transaction_message
    def is_reject_transaction_message(self) -> bool: return self.reject_transaction_message
    def set_reject_transaction_message(self, reject_transaction_message: bool) -> None:
        self.reject_transaction_message = reject_transaction_message
    def get_fetch_namesrv_addr_by_address_server(self) -> bool: return self.fetch_namesrv_addr_by_address_server
    def is_fetch_namesrv_addr_by_address_server(self) -> bool: return self.fetch_namesrv_addr_by_address_server
    def set_fetch_namesrv_addr_by_address_server(self, fetch_namesrv_addr_by_address_server: bool) -> None:
        self.fetch_namesrv_addr_by_address_server = fetch_namesrv_addr_by_address_server
    def get_send_thread_pool_queue_capacity(self) -> int: return self.send_thread_pool_queue_capacity
    def set_send_thread_pool_queue_capacity(self, send_thread_pool_queue_capacity: int) -> None:
        self.send_thread_pool_queue_capacity = send_thread_pool_queue_capacity
    def get_put_thread_pool_queue_capacity(self) -> int: return self.put_thread_pool_queue_capacity
    def set_put_thread_pool_queue_capacity(self, put_thread_pool_queue_capacity: int) -> None:
        self.put_thread_pool_queue_capacity = put_thread_pool_queue_capacity
    def get_pull_thread_pool_queue_capacity(self) -> int: return self.pull_thread_pool_queue_capacity
    def set_pull_thread_pool_queue_capacity(self, pull_thread_pool_queue_capacity: int) -> None:
        self.pull_thread_pool_queue_capacity = pull_thread_pool_queue_capacity
    def get_reply_thread_pool_queue_capacity(self) -> int: return self.reply_thread_pool_queue_capacity
    def set_reply_thread_pool_queue_capacity(self, reply_thread_pool_queue_capacity: int) -> None:
        self.reply_thread_pool_queue_capacity = reply_thread_pool_queue_capacity
    def get_query_thread_pool_queue_capacity(self) -> int: return self.query_thread_pool_queue_capacity
    def set_query_thread_pool_queue_capacity(self, query_thread_pool_queue_capacity: int) -> None:
        self.query_thread_pool_queue_capacity = query_thread_pool_queue_capacity
    def get_client_manager_thread_pool_queue_capacity(self) -> int:
        return self.client_manager_thread_pool_queue_capacity
    def set_client_manager_thread_pool_queue_capacity(self, client_manager_thread_pool_queue_capacity: int) -> None:
        self.client_manager_thread_pool_queue_capacity = client_manager_thread_pool_queue_capacity
    def get_consumer_manager_thread_pool_queue_capacity(self) -> int:
        return self.consumer_manager_thread_pool_queue_capacity
    def set_consumer_manager_thread_pool_queue_capacity(self, consumer_manager_thread_pool_queue_capacity: int) -> None:
        self.consumer_manager_thread_pool_queue_capacity = consumer_manager_thread_pool_queue_capacity
    def get_heartbeat_thread_pool_queue_capacity(self) -> int: return self.heartbeat_thread_pool_queue_capacity
    def set_heartbeat_thread_pool_queue_capacity(self, heartbeat_thread_pool_queue_capacity: int) -> None:
        self.heartbeat_thread_pool_queue_capacity = heartbeat_thread_pool_queue_capacity
    def get_end_transaction_pool_queue_capacity(self) -> int: return self.end_transaction_pool_queue_capacity
    def set_end_transaction_pool_queue_capacity(self, end_transaction_pool_queue_capacity: int) -> None:
        self.end_transaction_pool_queue_capacity = end_transaction_pool_queue_capacity
    def get_filter_server_nums(self) -> int: return self.filter_server_nums
    def set_filter_server_nums(self, filter_server_nums: int) -> None: self.filter_server_nums = filter_server_nums
    def get_long_polling_enable(self) -> bool: return self.long_polling_enable
    def is_long_polling_enable(self) -> bool: return self.long_polling_enable
    def set_long_polling_enable(self, long_polling_enable: bool) -> None: self.long_polling_enable = long_polling_enable
    def get_lite_pull_message_enable(self) -> bool: return self.lite_pull_message_enable
    def is_lite_pull_message_enable(self) -> bool: return self.lite_pull_message_enable
    def set_lite_pull_message_enable(self, lite_pull_message_enable: bool) -> None:
        self.lite_pull_message_enable = lite_pull_message_enable
    def get_short_polling_time_mills(self) -> int: return self.short_polling_time_mills
    def set_short_polling_time_mills(self, short_polling_time_mills: int) -> None:
        self.short_polling_time_mills = short_polling_time_mills
    def get_notify_consumer_ids_changed_enable(self) -> bool: return self.notify_consumer_ids_changed_enable
    def is_notify_consumer_ids_changed_enable(self) -> bool: return self.notify_consumer_ids_changed_enable
    def set_notify_consumer_ids_changed_enable(self, notify_consumer_ids_changed_enable: bool) -> None:
        self.notify_consumer_ids_changed_enable = notify_consumer_ids_changed_enable
    def get_high_speed_mode(self) -> bool: return self.high_speed_mode
    def is_high_speed_mode(self) -> bool: return self.high_speed_mode
    def set_high_speed_mode(self, high_speed_mode: bool) -> None: self.high_speed_mode = high_speed_mode
    def get_commercial_enable(self) -> bool: return self.commercial_enable
    def is_commercial_enable(self) -> bool: return self.commercial_enable
    def set_commercial_enable(self, commercial_enable: bool) -> None: self.commercial_enable = commercial_enable
    def get_commercial_timer_count(self) -> int: return self.commercial_timer_count
    def set_commercial_timer_count(self, commercial_timer_count: int) -> None:
        self.commercial_timer_count = commercial_timer_count
    def get_commercial_trans_count(self) -> int: return self.commercial_trans_count
    def set_commercial_trans_count(self, commercial_trans_count: int) -> None:
        self.commercial_trans_count = commercial_trans_count
    def get_commercial_big_count(self) -> int: return self.commercial_big_count
    def set_commercial_big_count(self, commercial_big_count: int) -> None:
        self.commercial_big_count = commercial_big_count
    def get_commercial_base_count(self) -> int: return self.commercial_base_count
    def set_commercial_base_count(self, commercial_base_count: int) -> None:
        self.commercial_base_count = commercial_base_count
    def get_transfer_msg_by_heap(self) -> bool: return self.transfer_msg_by_heap
    def is_transfer_msg_by_heap(self) -> bool: return self.transfer_msg_by_heap
    def set_transfer_msg_by_heap(self, transfer_msg_by_heap: bool) -> None:
        self.transfer_msg_by_heap = transfer_msg_by_heap
    def get_max_delay_time(self) -> int: return self.max_delay_time
    def set_max_delay_time(self, max_delay_time: int) -> None: self.max_delay_time = max_delay_time
    def get_region_id(self) -> str: return self.region_id
    def set_region_id(self, region_id: str) -> None: self.region_id = region_id
    def get_register_broker_timeout_mills(self) -> int: return self.register_broker_timeout_mills
    def set_register_broker_timeout_mills(self, register_broker_timeout_mills: int) -> None:
        self.register_broker_timeout_mills = register_broker_timeout_mills
    def get_slave_read_enable(self) -> bool: return self.slave_read_enable
    def is_slave_read_enable(self) -> bool: return self.slave_read_enable
    def set_slave_read_enable(self, slave_read_enable: bool) -> None: self.slave_read_enable = slave_read_enable
    def get_disable_consume_if_consumer_read_slowly(self) -> bool: return self.disable_consume_if_consumer_read_slowly
    def is_disable_consume_if_consumer_read_slowly(self) -> bool: return self.disable_consume_if_consumer_read_slowly
    def set_disable_consume_if_consumer_read_slowly(self, disable_consume_if_consumer_read_slowly: bool) -> None:
        self.disable_consume_if_consumer_read_slowly = disable_consume_if_consumer_read_slowly
    def get_consumer_fallbehind_threshold(self) -> int: return self.consumer_fallbehind_threshold
    def set_consumer_fallbehind_threshold(self, consumer_fallbehind_threshold: int) -> None:
        self.consumer_fallbehind_threshold = consumer_fallbehind_threshold
    def get_broker_fast_failure_enable(self) -> bool: return self.broker_fast_failure_enable
    def is_broker_fast_failure_enable(self) -> bool: return self.broker_fast_failure_enable
    def set_broker_fast_failure_enable(self, broker_fast_failure_enable: bool) -> None:
        self.broker_fast_failure_enable = broker_fast_failure_enable
    def get_wait_time_mills_in_send_queue(self) -> int: return self.wait_time_mills_in_send_queue
    def set_wait_time_mills_in_send_queue(self, wait_time_mills_in_send_queue: int) -> None:
        self.wait_time_mills_in_send_queue = wait_time_mills_in_send_queue
    def get_wait_time_mills_in_pull_queue(self) -> int: return self.wait_time_mills_in_pull_queue
    def set_wait_time_mills_in_pull_queue(self, wait_time_mills_in_pull_queue: int) -> None:
        self.wait_time_mills_in_pull_queue = wait_time_mills_in_pull_queue
    def get_wait_time_mills_in_heartbeat_queue(self) -> int: return self.wait_time_mills_in_heartbeat_queue
    def set_wait_time_mills_in_heartbeat_queue(self, wait_time_mills_in_heartbeat_queue: int) -> None:
        self.wait_time_mills_in_heartbeat_queue = wait_time_mills_in_heartbeat_queue
    def get_wait_time_mills_in_transaction_queue(self) -> int: return self.wait_time_mills_in_transaction_queue
    def set_wait_time_mills_in_transaction_queue(self, wait_time_mills_in_transaction_queue: int) -> None:
        self.wait_time_mills_in_transaction_queue = wait_time_mills_in_transaction_queue
    def get_start_accept_send_request_time_stamp(self) -> int: return self.start_accept_send_request_time_stamp
    def set_start_accept_send_request_time_stamp(self, start_accept_send_request_time_stamp: int) -> None:
        self.start_accept_send_request_time_stamp = start_accept_send_request_time_stamp
    def get_trace_on(self) -> bool: return self.trace_on
    def is_trace_on(self) -> bool: return self.trace_on
    def set_trace_on(self, trace_on: bool) -> None: self.trace_on = trace_on
    def get_enable_mixed_message_type(self) -> bool: return self.enable_mixed_message_type
    def is_enable_mixed_message_type(self) -> bool: return self.enable_mixed_message_type
    def set_enable_mixed_message_type(self, enable_mixed_message_type: bool) -> None:
        self.enable_mixed_message_type = enable_mixed_message_type
    def get_cg_cold_read_threshold(self) -> int: return self.cg_cold_read_threshold
    def set_cg_cold_read_threshold(self, cg_cold_read_threshold: int) -> None:
        self.cg_cold_read_threshold = cg_cold_read_threshold
    def get_global_cold_read_threshold(self) -> int: return self.global_cold_read_threshold
    def set_global_cold_read_threshold(self, global_cold_read_threshold: int) -> None:
        self.global_cold_read_threshold = global_cold_read_threshold
    def get_enable_calc_filter_bit_map(self) -> bool: return self.enable_calc_filter_bit_map
    def is_enable_calc_filter_bit_map(self) -> bool: return self.enable_calc_filter_bit_map
    def set_enable_calc_filter_bit_map(self, enable_calc_filter_bit_map: bool) -> None:
        self.enable_calc_filter_bit_map = enable_calc_filter_bit_map
    def get_expect_consumer_num_use_filter(self) -> int: return self.expect_consumer_num_use_filter
    def set_expect_consumer_num_use_filter(self, expect_consumer_num_use_filter: int) -> None:
        self.expect_consumer_num_use_filter = expect_consumer_num_use_filter
    def get_max_error_rate_of_bloom_filter(self) -> int: return self.max_error_rate_of_bloom_filter
    def set_max_error_rate_of_bloom_filter(self, max_error_rate_of_bloom_filter: int) -> None:
        self.max_error_rate_of_bloom_filter = max_error_rate_of_bloom_filter
    def get_filter_data_clean_time_span(self) -> int: return self.filter_data_clean_time_span
    def set_filter_data_clean_time_span(self, filter_data_clean_time_span: int) -> None:
        self.filter_data_clean_time_span = filter_data_clean_time_span
    def get_filter_support_retry(self) -> bool: return self.filter_support_retry
    def is_filter_support_retry(self) -> bool: return self.filter_support_retry
    def set_filter_support_retry(self, filter_support_retry: bool) -> None:
        self.filter_support_retry = filter_support_retry
    def get_enable_property_filter(self) -> bool: return self.enable_property_filter
    def is_enable_property_filter(self) -> bool: return self.enable_property_filter
    def set_enable_property_filter(self, enable_property_filter: bool) -> None:
        self.enable_property_filter = enable_property_filter
    def get_compressed_register(self) -> bool: return self.compressed_register
    def is_compressed_register(self) -> bool: return self.compressed_register
    def set_compressed_register(self, compressed_register: bool) -> None: self.compressed_register = compressed_register
    def get_force_register(self) -> bool: return self.force_register
    def is_force_register(self) -> bool: return self.force_register
    def set_force_register(self, force_register: bool) -> None: self.force_register = force_register
    def get_register_name_server_period(self) -> int: return self.register_name_server_period
    def set_register_name_server_period(self, register_name_server_period: int) -> None:
        self.register_name_server_period = register_name_server_period
    def get_transaction_time_out(self) -> int: return self.transaction_time_out
    def set_transaction_time_out(self, transaction_time_out: int) -> None:
        self.transaction_time_out = transaction_time_out
    def get_transaction_check_max(self) -> int: return self.transaction_check_max
    def set_transaction_check_max(self, transaction_check_max: int) -> None:
        self.transaction_check_max = transaction_check_max
    def get_transaction_check_interval(self) -> int: return self.transaction_check_interval
    def set_transaction_check_interval(self, transaction_check_interval: int) -> None:
        self.transaction_check_interval = transaction_check_interval
    def get_recall_message_enable(self) -> bool: return self.recall_message_enable
    def is_recall_message_enable(self) -> bool: return self.recall_message_enable
    def set_recall_message_enable(self, recall_message_enable: bool) -> None:
        self.recall_message_enable = recall_message_enable
    def get_allow_recall_when_broker_not_writeable(self) -> bool: return self.allow_recall_when_broker_not_writeable
    def is_allow_recall_when_broker_not_writeable(self) -> bool: return self.allow_recall_when_broker_not_writeable
    def set_allow_recall_when_broker_not_writeable(self, allow_recall_when_broker_not_writeable: bool) -> None:
        self.allow_recall_when_broker_not_writeable = allow_recall_when_broker_not_writeable
    def get_acl_enable(self) -> bool: return self.acl_enable
    def is_acl_enable(self) -> bool: return self.acl_enable
    def set_acl_enable(self, acl_enable: bool) -> None: self.acl_enable = acl_enable
    def get_acl_plain_file(self) -> str: return self.acl_plain_file
    def set_acl_plain_file(self, acl_plain_file: Optional[str]) -> None: self.acl_plain_file = acl_plain_file
    def get_store_reply_message_enable(self) -> bool: return self.store_reply_message_enable
    def is_store_reply_message_enable(self) -> bool: return self.store_reply_message_enable
    def set_store_reply_message_enable(self, store_reply_message_enable: bool) -> None:
        self.store_reply_message_enable = store_reply_message_enable
    def get_enable_detail_stat(self) -> bool: return self.enable_detail_stat
    def is_enable_detail_stat(self) -> bool: return self.enable_detail_stat
    def set_enable_detail_stat(self, enable_detail_stat: bool) -> None: self.enable_detail_stat = enable_detail_stat
    def get_auto_delete_unused_stats(self) -> bool: return self.auto_delete_unused_stats
    def is_auto_delete_unused_stats(self) -> bool: return self.auto_delete_unused_stats
    def set_auto_delete_unused_stats(self, auto_delete_unused_stats: bool) -> None:
        self.auto_delete_unused_stats = auto_delete_unused_stats
    def get_isolate_log_enable(self) -> bool: return self.isolate_log_enable
    def is_isolate_log_enable(self) -> bool: return self.isolate_log_enable
    def set_isolate_log_enable(self, isolate_log_enable: bool) -> None: self.isolate_log_enable = isolate_log_enable
    def get_ack_message_thread_pool_nums(self) -> int: return self.ack_message_thread_pool_nums
    def set_ack_message_thread_pool_nums(self, ack_message_thread_pool_nums: int) -> None:
        self.ack_message_thread_pool_nums = ack_message_thread_pool_nums
    def get_ack_thread_pool_queue_capacity(self) -> int: return self.ack_thread_pool_queue_capacity
    def set_ack_thread_pool_queue_capacity(self, ack_thread_pool_queue_capacity: int) -> None:
        self.ack_thread_pool_queue_capacity = ack_thread_pool_queue_capacity
    def get_load_balance_processor_thread_pool_nums(self) -> int: return self.load_balance_processor_thread_pool_nums
    def set_load_balance_processor_thread_pool_nums(self, load_balance_processor_thread_pool_nums: int) -> None:
        self.load_balance_processor_thread_pool_nums = load_balance_processor_thread_pool_nums
    def get_load_balance_thread_pool_queue_capacity(self) -> int: return self.load_balance_thread_pool_queue_capacity
    def set_load_balance_thread_pool_queue_capacity(self, load_balance_thread_pool_queue_capacity: int) -> None:
        self.load_balance_thread_pool_queue_capacity = load_balance_thread_pool_queue_capacity
    def get_pop_polling_size(self) -> int: return self.pop_polling_size
    def set_pop_polling_size(self, pop_polling_size: int) -> None: self.pop_polling_size = pop_polling_size
    def get_pop_polling_map_size(self) -> int: return self.pop_polling_map_size
    def set_pop_polling_map_size(self, pop_polling_map_size: int) -> None:
        self.pop_polling_map_size = pop_polling_map_size
    def get_max_pop_polling_size(self) -> int: return self.max_pop_polling_size
    def set_max_pop_polling_size(self, max_pop_polling_size: int) -> None:
        self.max_pop_polling_size = max_pop_polling_size
    def get_revive_queue_num(self) -> int: return self.revive_queue_num
    def set_revive_queue_num(self, revive_queue_num: int) -> None: self.revive_queue_num = revive_queue_num
    def get_revive_interval(self) -> int: return self.revive_interval
    def set_revive_interval(self, revive_interval: int) -> None: self.revive_interval = revive_interval
    def get_revive_max_slow(self) -> int: return self.revive_max_slow
    def set_revive_max_slow(self, revive_max_slow: int) -> None: self.revive_max_slow = revive_max_slow
    def get_revive_scan_time(self) -> int: return self.revive_scan_time
    def set_revive_scan_time(self, revive_scan_time: int) -> None: self.revive_scan_time = revive_scan_time
    def get_enable_pop_log(self) -> bool: return self.enable_pop_log
    def is_enable_pop_log(self) -> bool: return self.enable_pop_log
    def set_enable_pop_log(self, enable_pop_log: bool) -> None: self.enable_pop_log = enable_pop_log
    def get_pop_long_polling_force_notify_interval(self) -> int: return self.pop_long_polling_force_notify_interval
    def set_pop_long_polling_force_notify_interval(self, pop_long_polling_force_notify_interval: int) -> None:
        self.pop_long_polling_force_notify_interval = pop_long_polling_force_notify_interval
    def get_init_pop_offset_by_check_msg_in_mem(self) -> bool: return self.init_pop_offset_by_check_msg_in_mem
    def is_init_pop_offset_by_check_msg_in_mem(self) -> bool: return self.init_pop_offset_by_check_msg_in_mem
    def set_init_pop_offset_by_check_msg_in_mem(self, init_pop_offset_by_check_msg_in_mem: bool) -> None:
        self.init_pop_offset_by_check_msg_in_mem = init_pop_offset_by_check_msg_in_mem
    def get_retrieve_message_from_pop_retry_topic_v1(self) -> bool: return self.retrieve_message_from_pop_retry_topic_v1
    def is_retrieve_message_from_pop_retry_topic_v1(self) -> bool: return self.retrieve_message_from_pop_retry_topic_v1
    def set_retrieve_message_from_pop_retry_topic_v1(self, retrieve_message_from_pop_retry_topic_v1: bool) -> None:
        self.retrieve_message_from_pop_retry_topic_v1 = retrieve_message_from_pop_retry_topic_v1
    def get_enable_retry_topic_v2(self) -> bool: return self.enable_retry_topic_v2
    def is_enable_retry_topic_v2(self) -> bool: return self.enable_retry_topic_v2
    def set_enable_retry_topic_v2(self, enable_retry_topic_v2: bool) -> None:
        self.enable_retry_topic_v2 = enable_retry_topic_v2
    def get_pop_from_retry_probability(self) -> int: return self.pop_from_retry_probability
    def set_pop_from_retry_probability(self, pop_from_retry_probability: int) -> None:
        self.pop_from_retry_probability = pop_from_retry_probability
    def get_pop_response_return_actual_retry_topic(self) -> bool: return self.pop_response_return_actual_retry_topic
    def is_pop_response_return_actual_retry_topic(self) -> bool: return self.pop_response_return_actual_retry_topic
    def set_pop_response_return_actual_retry_topic(self, pop_response_return_actual_retry_topic: bool) -> None:
        self.pop_response_return_actual_retry_topic = pop_response_return_actual_retry_topic
    def get_skip_when_ck_re_put_reach_max_times(self) -> bool: return self.skip_when_ck_re_put_reach_max_times
    def is_skip_when_ck_re_put_reach_max_times(self) -> bool: return self.skip_when_ck_re_put_reach_max_times
    def set_skip_when_ck_re_put_reach_max_times(self, skip_when_ck_re_put_reach_max_times: bool) -> None:
        self.skip_when_ck_re_put_reach_max_times = skip_when_ck_re_put_reach_max_times
    def get_server_load_balancer_enable(self) -> bool: return self.server_load_balancer_enable
    def is_server_load_balancer_enable(self) -> bool: return self.server_load_balancer_enable
    def set_server_load_balancer_enable(self, server_load_balancer_enable: bool) -> None:
        self.server_load_balancer_enable = server_load_balancer_enable
    def get_default_message_request_mode(self) -> MessageRequestMode: return self.default_message_request_mode
    def set_default_message_request_mode(self, default_message_request_mode: MessageRequestMode) -> None:
        self.default_message_request_mode = default_message_request_mode
    def get_default_pop_share_queue_num(self) -> int: return self.default_pop_share_queue_num
    def set_default_pop_share_queue_num(self, default_pop_share_queue_num: int) -> None:
        self.default_pop_share_queue_num = default_pop_share_queue_num
    def get_forward_timeout(self) -> int: return self.forward_timeout
    def set_forward_timeout(self, forward_timeout: int) -> None: self.forward_timeout = forward_timeout
    def get_channel_expired_timeout(self) -> int: return self.channel_expired_timeout
    def set_channel_expired_timeout(self, channel_expired_timeout: int) -> None:
        self.channel_expired_timeout = channel_expired_timeout
    def get_scan_not_active_channel_interval(self) -> int: return self.scan_not_active_channel_interval
    def set_scan_not_active_channel_interval(self, scan_not_active_channel_interval: int) -> None:
        self.scan_not_active_channel_interval = scan_not_active_channel_interval
    def get_rebalance_lock_max_live_time(self) -> int: return self.rebalance_lock_max_live_time
    def set_rebalance_lock_max_live_time(self, rebalance_lock_max_live_time: int) -> None:
        self.rebalance_lock_max_live_time = rebalance_lock_max_live_time
    def get_inline_send_and_pull_when_idle(self) -> bool: return self.inline_send_and_pull_when_idle
    def is_inline_send_and_pull_when_idle(self) -> bool: return self.inline_send_and_pull_when_idle
    def set_inline_send_and_pull_when_idle(self, inline_send_and_pull_when_idle: bool) -> None:
        self.inline_send_and_pull_when_idle = inline_send_and_pull_when_idle
