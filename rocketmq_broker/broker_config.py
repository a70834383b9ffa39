"""Java ``org.apache.rocketmq.common.BrokerConfig``: every broker setting, Java names and defaults.

The Java property names (``brokerName``, ``brokerIP1``, ``autoCreateTopicEnable``...) are the bean wire names,
so a broker configuration file maps onto these attributes. Differences from Java, for an embedded broker:
``broker_name`` defaults to ``"broker-a"`` (Java: the host name), ``broker_ip1`` / ``broker_ip2`` to
``"127.0.0.1"`` (Java: the first non-loopback address), and the thread pools are smaller (Python threads).
"""
from __future__ import annotations

import os

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
