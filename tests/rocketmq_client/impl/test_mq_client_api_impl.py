"""MQClientAPIImpl requests against the embedded cluster: send (sync, async with retry, one-way, batch), pull,
offsets, broker errors as MQBrokerException, name-server requests, the stream request-type hook."""
from __future__ import annotations

import time
from typing import Any, List, Optional

import pytest

from client_support import RecordingCallback
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.hook.send_message_context import SendMessageContext
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.consumer.pull_result_ext import PullResultExt
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.lock_batch_request_body import LockBatchRequestBody
from rocketmq_common.protocol.body.unlock_batch_request_body import UnlockBatchRequestBody
from rocketmq_common.protocol.header.end_transaction_request_header import EndTransactionRequestHeader
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader
from rocketmq_common.protocol.header.query_consumer_offset_request_header import QueryConsumerOffsetRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeader
from rocketmq_common.protocol.header.update_consumer_offset_request_header import \
    UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.exception import RemotingConnectException
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer
from rocketmq_remoting.rpc_hook import RPCHook

TOPIC = "ApiTopic"
TIMEOUT = 3000


class _StubProducer:
    """The DefaultMQProducerImpl methods the async send path calls."""

    def __init__(self, instance: Any = None) -> None:
        self.instance = instance
        self.fault_items: List[tuple] = []
        self.hook_contexts: List[SendMessageContext] = []

    def update_fault_item(self, broker_name: str, current_latency: int, isolation: bool, reachable: bool) -> None:
        self.fault_items.append((broker_name, isolation, reachable))

    def select_one_message_queue(self, tp_info, last_broker_name, reset_index):
        return tp_info.select_one_message_queue(last_broker_name)

    def execute_send_message_hook_after(self, context: SendMessageContext) -> None:
        self.hook_contexts.append(context)


def _message(body: bytes = b"hello", topic: str = TOPIC, keys: Optional[str] = None) -> Message:
    msg = Message(topic, "TagA", keys, body) if keys else Message(topic, "TagA", body)
    MessageClientIDSetter.set_uniq_id(msg)
    return msg


def _send_header(msg: Message, queue_id: int = 0, batch: bool = False) -> SendMessageRequestHeader:
    return SendMessageRequestHeader(
        producer_group="ApiPG", topic=msg.get_topic(), default_topic=TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC,
        default_topic_queue_nums=4, queue_id=queue_id, sys_flag=0, born_timestamp=int(time.time() * 1000), flag=0,
        properties=MessageDecoder.message_properties2string(msg.get_properties()), reconsume_times=0,
        unit_mode=False, batch=batch, bname="broker-a")


@pytest.fixture
def api_instance(embedded_cluster, client_config, client_instance):
    instance = client_instance(client_config)
    instance.get_mq_admin_impl().create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, TOPIC, 4)
    instance.update_topic_route_info_from_name_server(TOPIC)
    return instance


def test_send_sync_returns_java_send_result(embedded_cluster, api_instance):
    api = api_instance.get_mq_client_api_impl()
    msg = _message()
    result = api.send_message(embedded_cluster.broker_addr, "broker-a", msg, _send_header(msg, queue_id=1),
                              TIMEOUT, CommunicationMode.SYNC)
    assert result.get_send_status() == SendStatus.SEND_OK
    assert result.get_msg_id() == MessageClientIDSetter.get_uniq_id(msg)
    assert result.get_message_queue() == MessageQueue(TOPIC, "broker-a", 1)
    assert result.get_queue_offset() == 0
    assert result.get_region_id() == MixAll.DEFAULT_TRACE_REGION_ID and result.is_trace_on()
    stored = MessageDecoder.decode_message_id(result.get_offset_msg_id())
    assert stored.get_address()[1] == int(embedded_cluster.broker_addr.split(":")[1])
    second = api.send_message(embedded_cluster.broker_addr, "broker-a", _message(), _send_header(msg, queue_id=1),
                              TIMEOUT, CommunicationMode.SYNC)
    assert second.get_queue_offset() == 1


def test_send_batch_joins_unique_ids(embedded_cluster, api_instance):
    api = api_instance.get_mq_client_api_impl()
    messages = [_message(b"one"), _message(b"two")]
    batch = MessageBatch.generate_from_list(messages)
    batch.set_body(batch.encode())
    result = api.send_message(embedded_cluster.broker_addr, "broker-a", batch, _send_header(batch, batch=True),
                              TIMEOUT, CommunicationMode.SYNC)
    assert result.get_msg_id() == ",".join(MessageClientIDSetter.get_uniq_id(m) for m in messages)
    assert len(result.get_offset_msg_id().split(",")) == 2
    assert api.get_max_offset(embedded_cluster.broker_addr, MessageQueue(TOPIC, "broker-a", 0), TIMEOUT) == 2


def test_send_errors_raise_broker_exception_with_code_and_remark(embedded_cluster, api_instance):
    api = api_instance.get_mq_client_api_impl()
    msg = _message(topic=TopicValidator.RMQ_SYS_SCHEDULE_TOPIC)
    with pytest.raises(MQBrokerException) as excinfo:
        api.send_message(embedded_cluster.broker_addr, "broker-a", msg, _send_header(msg), TIMEOUT,
                         CommunicationMode.SYNC)
    assert excinfo.value.get_response_code() == ResponseCode.NO_PERMISSION
    assert "SCHEDULE_TOPIC_XXXX" in excinfo.value.get_error_message()
    assert excinfo.value.get_broker_addr() == embedded_cluster.broker_addr
    bad_queue = _message()
    with pytest.raises(MQBrokerException) as excinfo:
        api.send_message(embedded_cluster.broker_addr, "broker-a", bad_queue, _send_header(bad_queue, queue_id=99),
                         TIMEOUT, CommunicationMode.SYNC)
    assert excinfo.value.get_response_code() == ResponseCode.SYSTEM_ERROR


def test_send_async_calls_back_and_fills_hook_context(embedded_cluster, api_instance):
    api = api_instance.get_mq_client_api_impl()
    producer = _StubProducer()
    msg = _message()
    context = SendMessageContext(producer=producer)
    callback = RecordingCallback()
    assert api.send_message(embedded_cluster.broker_addr, "broker-a", msg, _send_header(msg, queue_id=2), TIMEOUT,
                            CommunicationMode.ASYNC, callback, None, api_instance, 2, context, producer) is None
    callback.wait()
    assert callback.error is None and callback.result.get_send_status() == SendStatus.SEND_OK
    assert callback.result.get_message_queue() == MessageQueue(TOPIC, "broker-a", 2)
    assert producer.fault_items == [("broker-a", False, True)]
    assert producer.hook_contexts == [context] and context.get_send_result() is callback.result


def test_send_async_broker_error_is_not_retried(embedded_cluster, api_instance):
    api = api_instance.get_mq_client_api_impl()
    producer = _StubProducer()
    msg = _message(topic=TopicValidator.RMQ_SYS_SCHEDULE_TOPIC)
    callback = RecordingCallback()
    api.send_message(embedded_cluster.broker_addr, "broker-a", msg, _send_header(msg), TIMEOUT,
                     CommunicationMode.ASYNC, callback, None, api_instance, 2, None, producer)
    callback.wait()
    assert isinstance(callback.error, MQBrokerException)
    assert callback.error.get_response_code() == ResponseCode.NO_PERMISSION
    assert producer.fault_items == [("broker-a", True, True)]


def test_send_async_retries_with_new_opaque_after_connect_failure(embedded_cluster, api_instance,
                                                                  recording_producer, monkeypatch):
    api = api_instance.get_mq_client_api_impl()
    tracker = recording_producer(TOPIC)
    api_instance.register_producer("RetryPG", tracker)
    api_instance.update_topic_route_info_from_name_server(TOPIC, False, None)
    tracker.need_update = True
    api_instance.update_topic_route_info_from_name_server(TOPIC)
    publish_info = tracker.publish_infos[TOPIC]
    producer = _StubProducer()
    msg = _message()
    callback = RecordingCallback()
    dead_addr = "127.0.0.1:1"  # nothing listens there: the first attempt fails to connect
    remoting = api.get_remoting_client()
    real_invoke_async = remoting.invoke_async
    attempts: List[tuple] = []

    def recording_invoke_async(addr, request, timeout_millis, invoke_callback):
        attempts.append((addr, request.get_opaque(), timeout_millis))
        return real_invoke_async(addr, request, timeout_millis, invoke_callback)

    monkeypatch.setattr(remoting, "invoke_async", recording_invoke_async)
    api.send_message(dead_addr, "broker-a", msg, _send_header(msg), TIMEOUT, CommunicationMode.ASYNC, callback,
                     publish_info, api_instance, 1, None, producer)
    callback.wait()
    assert callback.error is None, callback.error
    assert callback.result.get_send_status() == SendStatus.SEND_OK
    # 5.3.3: a request that could not be sent marks the broker unreachable
    assert producer.fault_items == [("broker-a", True, False), ("broker-a", False, True)]
    assert [a[0] for a in attempts] == [dead_addr, embedded_cluster.broker_addr]
    assert attempts[0][1] != attempts[1][1]  # a new opaque for the retry
    assert attempts[1][2] <= attempts[0][2] <= TIMEOUT  # the remaining time

    no_retry = RecordingCallback()
    api.send_message(dead_addr, "broker-a", _message(), _send_header(msg), TIMEOUT, CommunicationMode.ASYNC,
                     no_retry, publish_info, api_instance, 0, None, _StubProducer())
    no_retry.wait()
    assert isinstance(no_retry.error, RemotingConnectException)


def test_send_oneway_and_pull(embedded_cluster, api_instance, wait_until):
    api = api_instance.get_mq_client_api_impl()
    addr = embedded_cluster.broker_addr
    queue = MessageQueue(TOPIC, "broker-a", 3)
    for i in range(3):
        msg = _message(b"oneway-%d" % i)
        assert api.send_message(addr, "broker-a", msg, _send_header(msg, queue_id=3), TIMEOUT,
                                CommunicationMode.ONEWAY) is None
    wait_until(lambda: api.get_max_offset(addr, queue, TIMEOUT) == 3, message="three one-way messages stored")
    header = PullMessageRequestHeader(consumer_group="ApiCG", topic=TOPIC, queue_id=3, queue_offset=0,
                                      max_msg_nums=32, sys_flag=PullSysFlag.build_sys_flag(False, False, True, False),
                                      commit_offset=0, suspend_timeout_millis=0, subscription="*", sub_version=0,
                                      expression_type="TAG")
    result = api.pull_message(addr, header, TIMEOUT, CommunicationMode.SYNC)
    assert isinstance(result, PullResultExt)
    assert result.get_pull_status() == PullStatus.FOUND
    assert (result.get_next_begin_offset(), result.get_min_offset(), result.get_max_offset()) == (3, 0, 3)
    assert result.get_msg_found_list() is None and result.get_suggest_which_broker_id() == 0
    bodies = [m.get_body() for m in MessageDecoder.decodes(result.get_message_binary())]
    assert sorted(bodies) == [b"oneway-0", b"oneway-1", b"oneway-2"]  # one-way sends may be stored in any order
    header.set_queue_offset(3)
    assert api.pull_message(addr, header, TIMEOUT, CommunicationMode.SYNC).get_pull_status() == \
        PullStatus.NO_NEW_MSG
    header.set_queue_offset(1)
    callback = RecordingCallback()
    assert api.pull_message(addr, header, TIMEOUT, CommunicationMode.ASYNC, callback) is None
    callback.wait()
    assert callback.result.get_pull_status() == PullStatus.FOUND and callback.result.get_next_begin_offset() == 3
    header.set_topic("NoSuchTopicForPull")
    with pytest.raises(MQBrokerException) as excinfo:
        api.pull_message(addr, header, TIMEOUT, CommunicationMode.SYNC)
    assert excinfo.value.get_response_code() == ResponseCode.TOPIC_NOT_EXIST
    failing = RecordingCallback()
    api.pull_message(addr, header, TIMEOUT, CommunicationMode.ASYNC, failing)
    failing.wait()
    assert isinstance(failing.error, MQBrokerException)


def test_offsets_and_timestamps(embedded_cluster, api_instance, wait_until):
    api = api_instance.get_mq_client_api_impl()
    addr = embedded_cluster.broker_addr
    queue = MessageQueue(TOPIC, "broker-a", 0)
    assert api.get_max_offset(addr, queue, TIMEOUT) == 0
    before = int(time.time() * 1000)
    for i in range(2):
        msg = _message(b"m%d" % i)
        api.send_message(addr, "broker-a", msg, _send_header(msg), TIMEOUT, CommunicationMode.SYNC)
    assert api.get_max_offset(addr, queue, TIMEOUT) == 2
    assert api.get_min_offset(addr, queue, TIMEOUT) == 0
    earliest = api.get_earliest_msg_storetime(addr, queue, TIMEOUT)
    assert before - 1000 <= earliest <= int(time.time() * 1000) + 1000
    assert api.search_offset(addr, queue, earliest, TIMEOUT) == 0
    assert api.search_offset(addr, queue, int(time.time() * 1000) + 60000, TIMEOUT) == 1  # the last message

    query = QueryConsumerOffsetRequestHeader(consumer_group="OffsetCG", topic=TOPIC, queue_id=0)
    assert api.query_consumer_offset(addr, query, TIMEOUT) == 0  # no offset, messages still in memory: 0
    update = UpdateConsumerOffsetRequestHeader(consumer_group="OffsetCG", topic=TOPIC, queue_id=0, commit_offset=1)
    api.update_consumer_offset(addr, update, TIMEOUT)
    assert api.query_consumer_offset(addr, query, TIMEOUT) == 1
    update.set_commit_offset(2)
    api.update_consumer_offset_oneway(addr, update, TIMEOUT)
    wait_until(lambda: api.query_consumer_offset(addr, query, TIMEOUT) == 2, message="one-way offset update")


def test_consumer_requests(embedded_cluster, api_instance, recording_consumer):
    api = api_instance.get_mq_client_api_impl()
    addr = embedded_cluster.broker_addr
    with pytest.raises(MQBrokerException) as excinfo:
        api.get_consumer_id_list_by_group(addr, "NobodyHere", TIMEOUT)
    assert excinfo.value.get_response_code() == ResponseCode.SYSTEM_ERROR
    api_instance.register_consumer("LockCG", recording_consumer("LockCG", TOPIC))
    api_instance.send_heartbeat_to_all_broker_with_lock()
    assert api.get_consumer_id_list_by_group(addr, "LockCG", TIMEOUT) == [api_instance.get_client_id()]
    queues = {MessageQueue(TOPIC, "broker-a", 0), MessageQueue(TOPIC, "broker-a", 1)}
    locked = api.lock_batch_mq(addr, LockBatchRequestBody(consumer_group="LockCG",
                                                          client_id=api_instance.get_client_id(), mq_set=queues),
                               TIMEOUT)
    assert locked == queues
    other = api.lock_batch_mq(addr, LockBatchRequestBody(consumer_group="LockCG", client_id="someone-else",
                                                         mq_set=queues), TIMEOUT)
    assert other == set()
    api.unlock_batch_mq(addr, UnlockBatchRequestBody(consumer_group="LockCG",
                                                     client_id=api_instance.get_client_id(), mq_set=queues),
                        TIMEOUT, False)
    assert api.lock_batch_mq(addr, LockBatchRequestBody(consumer_group="LockCG", client_id="someone-else",
                                                        mq_set=queues), TIMEOUT) == queues


def test_consumer_send_message_back_schedules_a_retry(embedded_cluster, api_instance, wait_until):
    api = api_instance.get_mq_client_api_impl()
    addr = embedded_cluster.broker_addr
    msg = _message(b"to be retried")
    api.send_message(addr, "broker-a", msg, _send_header(msg), TIMEOUT, CommunicationMode.SYNC)
    header = PullMessageRequestHeader(consumer_group="BackCG", topic=TOPIC, queue_id=0, queue_offset=0,
                                      max_msg_nums=1, sys_flag=PullSysFlag.build_sys_flag(False, False, True, False),
                                      commit_offset=0, suspend_timeout_millis=0,
                                      subscription="*", sub_version=0, expression_type="TAG")
    pulled = MessageDecoder.decodes(api.pull_message(addr, header, TIMEOUT,
                                                     CommunicationMode.SYNC).get_message_binary())[0]
    api.consumer_send_message_back(addr, "broker-a", pulled, "BackCG", 0, TIMEOUT, 16)
    # delay level 0 becomes 3 + reconsumeTimes: the message waits in SCHEDULE_TOPIC_XXXX queue 2 for %RETRY%BackCG
    schedule_queue = MessageQueue(TopicValidator.RMQ_SYS_SCHEDULE_TOPIC, "broker-a", 2)
    assert api.get_max_offset(addr, schedule_queue, TIMEOUT) == 1
    pulled.set_commit_log_offset(1 << 40)  # no message there
    with pytest.raises(MQBrokerException) as excinfo:
        api.consumer_send_message_back(addr, "broker-a", pulled, "BackCG", 0, TIMEOUT, 16)
    assert excinfo.value.get_response_code() == ResponseCode.SYSTEM_ERROR
    assert excinfo.value.get_broker_addr() == addr


def test_name_server_requests_and_topic_creation(embedded_cluster, api_instance):
    api = api_instance.get_mq_client_api_impl()
    with pytest.raises(MQClientException) as excinfo:
        api.get_topic_route_info_from_name_server("NoRouteTopic", TIMEOUT)
    assert excinfo.value.get_response_code() == ResponseCode.TOPIC_NOT_EXIST
    assert "NoRouteTopic" in excinfo.value.get_error_message()
    api.create_topic(embedded_cluster.broker_addr, TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC,
                     TopicConfig("CreatedByApi", 3, 2), TIMEOUT)
    route = api.get_topic_route_info_from_name_server("CreatedByApi", TIMEOUT)
    assert [(q.broker_name, q.read_queue_nums, q.write_queue_nums) for q in route.queue_datas] == [
        ("broker-a", 3, 2)]
    with pytest.raises(MQClientException) as excinfo:
        api.create_topic(embedded_cluster.broker_addr, TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC,
                         TopicConfig(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, 1, 1), TIMEOUT)
    assert excinfo.value.get_response_code() == ResponseCode.SYSTEM_ERROR
    assert "CreatedByApi" in api.get_topic_list_from_name_server(TIMEOUT).get_topic_list()
    cluster = api.get_broker_cluster_info(TIMEOUT)
    assert cluster.retrieve_all_addr_by_cluster("DefaultCluster") == [embedded_cluster.broker_addr]


class _Capture(RPCHook):
    """Records the extFields of every request (the user hook runs after the stream hook)."""

    def __init__(self) -> None:
        self.seen: List[dict] = []

    def do_before_request(self, remote_addr, request):
        self.seen.append(dict(request.get_ext_fields() or {}))

    def do_after_response(self, remote_addr, request, response):
        """Nothing to record."""


def test_stream_request_type_hook_marks_every_request(embedded_cluster, make_client_config, client_instance):
    stream_capture, plain_capture = _Capture(), _Capture()
    config = make_client_config(embedded_cluster.namesrv_addr, enable_stream_request_type=True)
    instance = client_instance(config, stream_capture)
    assert instance.get_client_id().endswith("@STREAM")
    instance.update_topic_route_info_from_name_server(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    assert stream_capture.seen and all(f.get(MixAll.REQ_T) == "0" for f in list(stream_capture.seen))
    plain = client_instance(make_client_config(embedded_cluster.namesrv_addr), plain_capture)
    assert not plain.get_client_id().endswith("@STREAM")
    plain.update_topic_route_info_from_name_server(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    assert plain_capture.seen and all(MixAll.REQ_T not in f for f in list(plain_capture.seen))


def test_admin_requests_and_calls_through_the_broker(embedded_cluster, api_instance, recording_consumer):
    api = api_instance.get_mq_client_api_impl()
    addr = embedded_cluster.broker_addr
    api_instance.register_consumer("AdminCG", recording_consumer("AdminCG", TOPIC))
    api_instance.register_producer("AdminPG", _StubProducerInner())
    api_instance.send_heartbeat_to_all_broker_with_lock()
    assert api.register_client(addr, HeartbeatData(client_id=api_instance.get_client_id()), TIMEOUT) is True
    api.create_subscription_group(addr, SubscriptionGroupConfig(group_name="AdminCG", retry_max_times=3), TIMEOUT)
    group = embedded_cluster.broker_controller.get_subscription_group_manager().find_subscription_group_config(
        "AdminCG")
    assert group.get_retry_max_times() == 3
    stats = api.get_topic_stats_info(addr, TOPIC, TIMEOUT)
    assert MessageQueue(TOPIC, "broker-a", 0) in stats.get_offset_table()
    with pytest.raises(MQBrokerException) as excinfo:
        api.get_topic_stats_info(addr, "NoStatsTopic", TIMEOUT)
    assert excinfo.value.get_response_code() == ResponseCode.TOPIC_NOT_EXIST
    producers = api.get_producer_connection_list(addr, "AdminPG", TIMEOUT)
    assert [c.get_client_id() for c in producers.get_connection_set()] == [api_instance.get_client_id()]
    consumers = api.get_consumer_connection_list(addr, "AdminCG", TIMEOUT)
    assert [c.get_client_id() for c in consumers.get_connection_set()] == [api_instance.get_client_id()]
    # the broker forwards these to the client over the client's own connection
    info = api.get_consumer_running_info(addr, "AdminCG", api_instance.get_client_id(), False, TIMEOUT)
    assert info.get_properties()["PROP_TEST"] == "yes"
    with pytest.raises(MQClientException) as excinfo:
        api.get_consumer_running_info(addr, "AdminCG", "nobody@nowhere", False, TIMEOUT)
    assert excinfo.value.get_response_code() == ResponseCode.SYSTEM_ERROR
    sql = SubscriptionData(topic=TOPIC, sub_string="a > 1", expression_type="SQL92")
    with pytest.raises(MQClientException) as excinfo:
        api.check_client_in_broker(addr, "AdminCG", api_instance.get_client_id(), sql, TIMEOUT)
    assert "SQL92" in excinfo.value.get_error_message()
    with pytest.raises(MQClientException) as excinfo:
        api.get_kv_config_value("ORDER_TOPIC_CONFIG", "NoSuchKey", TIMEOUT)
    assert excinfo.value.get_response_code() == ResponseCode.QUERY_NOT_FOUND


def test_end_transaction_is_one_way_with_remark(api_instance, wait_until):
    received = []

    class Recorder(NettyRequestProcessor):
        def process_request(self, ctx, request):
            received.append(request)
            return None

    server = NettyRemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1"))
    server.register_processor(RequestCode.END_TRANSACTION, Recorder())
    server.start()
    try:
        header = EndTransactionRequestHeader(producer_group="TxPG", tran_state_table_offset=1, commit_log_offset=2,
                                             commit_or_rollback=MessageSysFlag.TRANSACTION_COMMIT_TYPE,
                                             from_transaction_check=False, msg_id="M1", transaction_id="T1")
        api_instance.get_mq_client_api_impl().end_transaction_oneway(
            "127.0.0.1:%d" % server.local_listen_port(), header, "executeLocalTransactionBranch exception", TIMEOUT)
        wait_until(lambda: bool(received), message="END_TRANSACTION at the test broker")
    finally:
        server.shutdown()
    request = received[0]
    assert request.is_oneway_rpc() and request.get_remark() == "executeLocalTransactionBranch exception"
    assert request.get_ext_fields()["producerGroup"] == "TxPG"
    assert request.get_ext_fields()["commitOrRollback"] == str(MessageSysFlag.TRANSACTION_COMMIT_TYPE)


class _StubProducerInner:
    """A registered producer group that publishes nothing."""

    def get_publish_topic_list(self):
        return set()

    def is_publish_topic_need_update(self, topic):
        return False

    def update_topic_publish_info(self, topic, info):
        """Nothing to update."""
