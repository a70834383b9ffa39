"""DefaultMQPullConsumer against the embedded cluster: life cycle, sync / async pulls in every status, long polling,
offsets, send back, namespaces, hooks."""
from __future__ import annotations

import threading
import time
from typing import List

import pytest

from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.consumer.pull_callback import PullCallback
from rocketmq_client.consumer.pull_result import PullResult
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.hook.consume_message_hook import ConsumeMessageHook
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_common.compression.compressor_factory import CompressorFactory
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.service_state import ServiceState
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag


class RecordingPullCallback(PullCallback):
    def __init__(self) -> None:
        self.done = threading.Event()
        self.result = None
        self.error = None
        self.thread_name = None

    def on_success(self, pull_result: PullResult) -> None:
        self.result = pull_result
        self.thread_name = threading.current_thread().name
        self.done.set()

    def on_exception(self, e: BaseException) -> None:
        self.error = e
        self.done.set()

    def wait(self, timeout: float = 10.0) -> None:
        assert self.done.wait(timeout), "the pull callback was not called"


def _queues(consumer: DefaultMQPullConsumer, topic: str) -> List[MessageQueue]:
    return sorted(consumer.fetch_subscribe_message_queues(topic))


def test_defaults_are_java_ones() -> None:
    consumer = DefaultMQPullConsumer()
    assert consumer.get_consumer_group() == MixAll.DEFAULT_CONSUMER_GROUP
    assert consumer.get_broker_suspend_max_time_millis() == 20000
    assert consumer.get_consumer_timeout_millis_when_suspend() == 30000
    assert consumer.get_consumer_pull_timeout_millis() == 10000
    assert consumer.get_message_model() is MessageModel.CLUSTERING
    assert consumer.get_message_queue_listener() is None
    assert consumer.get_offset_store() is None
    assert consumer.get_register_topics() == set()
    assert type(consumer.get_allocate_message_queue_strategy()).__name__ == "AllocateMessageQueueAveragely"
    assert consumer.is_unit_mode() is False
    assert consumer.get_max_reconsume_times() == 16
    assert consumer.is_enable_stream_request_type() is True
    impl = consumer.get_default_mq_pull_consumer_impl()
    assert impl.consume_type() is ConsumeType.CONSUME_ACTIVELY
    assert impl.get_service_state() is ServiceState.CREATE_JUST
    with pytest.raises(TypeError):
        DefaultMQPullConsumer("ns", "group")  # type: ignore[arg-type]


def test_check_config_and_state_machine(new_pull_consumer) -> None:
    with pytest.raises(MQClientException, match="consumerGroup can not equal DEFAULT_CONSUMER"):
        new_pull_consumer(group=MixAll.DEFAULT_CONSUMER_GROUP)
    with pytest.raises(MQClientException, match="the specified group\\[bad group\\] contains illegal characters"):
        new_pull_consumer(group="bad group")
    with pytest.raises(MQClientException, match="consumerTimeoutMillisWhenSuspend must greater than"):
        new_pull_consumer(consumer_timeout_millis_when_suspend=1000)
    not_started = new_pull_consumer(start=False)
    with pytest.raises(MQClientException, match="The consumer is not in running status, CREATE_JUST"):
        not_started.fetch_subscribe_message_queues("Anything")
    consumer = new_pull_consumer()
    with pytest.raises(MQClientException, match="The PullConsumer service state not OK, maybe started once, RUNNING"):
        consumer.start()
    duplicate = DefaultMQPullConsumer(consumer.get_consumer_group())
    duplicate.set_namesrv_addr(consumer.get_namesrv_addr())
    duplicate.set_instance_name(consumer.get_instance_name())
    with pytest.raises(MQClientException, match="has been created before, specify another name please"):
        duplicate.start()
    assert duplicate.get_default_mq_pull_consumer_impl().get_service_state() is ServiceState.CREATE_JUST
    consumer.shutdown()
    assert consumer.get_default_mq_pull_consumer_impl().get_service_state() is ServiceState.SHUTDOWN_ALREADY
    with pytest.raises(MQClientException, match="SHUTDOWN_ALREADY"):
        consumer.start()


def test_sync_pull_in_every_status(make_topic, send, new_pull_consumer) -> None:
    topic = make_topic("PullSyncTopic", 2)
    results = send(topic, 8, tags="TagA") + send(topic, 8, tags="TagB", start=8)
    consumer = new_pull_consumer()
    mqs = _queues(consumer, topic)
    assert [mq.get_queue_id() for mq in mqs] == [0, 1]
    bodies = set()
    for mq in mqs:
        found = consumer.pull(mq, "*", 0, 32)
        assert found.get_pull_status() is PullStatus.FOUND
        msgs = found.get_msg_found_list()
        assert [m.get_queue_offset() for m in msgs] == list(range(len(msgs)))
        assert found.get_next_begin_offset() == len(msgs) == found.get_max_offset()
        assert found.get_min_offset() == 0
        for m in msgs:
            assert m.get_topic() == topic and m.get_queue_id() == mq.get_queue_id()
            assert m.get_property(MessageConst.PROPERTY_MAX_OFFSET) == str(found.get_max_offset())
            assert m.get_broker_name() == mq.get_broker_name()
            bodies.add(m.get_body())
        limited = consumer.pull(mq, "*", 1, 2, 3000)
        assert [m.get_queue_offset() for m in limited.get_msg_found_list()] == [1, 2]
        assert limited.get_next_begin_offset() == 3
        at_end = consumer.pull(mq, "*", found.get_max_offset(), 32)
        assert at_end.get_pull_status() is PullStatus.NO_NEW_MSG
        assert at_end.get_msg_found_list() is None
        too_far = consumer.pull(mq, "*", found.get_max_offset() + 100, 32)
        assert too_far.get_pull_status() is PullStatus.OFFSET_ILLEGAL
        assert too_far.get_next_begin_offset() == found.get_max_offset()
    assert len(results) == 16 and bodies == {b"body-%d" % i for i in range(16)}
    # tags: only TagA; a tag nobody used matches nothing
    tag_a = [m for mq in mqs for m in consumer.pull(mq, "TagA", 0, 32).get_msg_found_list() or []]
    assert sorted(m.get_body() for m in tag_a) == sorted(b"body-%d" % i for i in range(8))
    assert all(m.get_tags() == "TagA" for m in tag_a)
    by_selector = [m for mq in mqs for m in consumer.pull(mq, MessageSelector.by_tag("TagB"), 0, 32, 3000)
                   .get_msg_found_list() or []]
    assert sorted(m.get_body() for m in by_selector) == sorted(b"body-%d" % i for i in range(8, 16))
    no_match = consumer.pull(mqs[0], "TagC", 0, 32)
    assert no_match.get_pull_status() is PullStatus.NO_MATCHED_MSG
    assert no_match.get_next_begin_offset() > 0
    # argument checks, as Java
    with pytest.raises(MQClientException, match="offset < 0"):
        consumer.pull(mqs[0], "*", -1, 32)
    with pytest.raises(MQClientException, match="maxNums <= 0"):
        consumer.pull(mqs[0], "*", 0, 0)
    with pytest.raises(MQClientException, match="mq is null"):
        consumer.pull(None, "*", 0, 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        consumer.pull(mqs[0], "*", 0, 1, "oops")
    # the pulled topic was subscribed automatically (heartbeat and route updates)
    assert topic in consumer.get_default_mq_pull_consumer_impl().get_rebalance_impl().get_subscription_inner()


def test_decode_read_body_and_decompress_body(make_topic, send, new_pull_consumer) -> None:
    """5.3.3's ``ClientConfig.decodeReadBody`` / ``decodeDecompressBody`` as ``processPullResult`` passes them to
    ``decodesBatch``: by default a compressed body comes inflated; without decompressing it comes as stored, the
    COMPRESSED sysFlag kept; without reading the body there is none."""
    topic = make_topic("PullDecodeTopic", 1)
    big = b"compress me " * 1000  # beyond compress_msg_body_over_howmuch: the producer compresses it
    send(topic, 1, body=big)
    send(topic, 1, body=b"small", start=1)
    default = new_pull_consumer()
    assert default.is_decode_read_body() is True and default.is_decode_decompress_body() is True
    mq = _queues(default, topic)[0]
    msgs = default.pull(mq, "*", 0, 32).get_msg_found_list()
    assert [m.get_body() for m in msgs] == [big, b"small"]
    assert not msgs[0].get_sys_flag() & MessageSysFlag.COMPRESSED_FLAG
    as_stored = new_pull_consumer(decode_decompress_body=False)
    msgs = as_stored.pull(mq, "*", 0, 32).get_msg_found_list()
    assert msgs[0].get_sys_flag() & MessageSysFlag.COMPRESSED_FLAG
    compressor = CompressorFactory.get_compressor(MessageSysFlag.get_compression_type(msgs[0].get_sys_flag()))
    assert len(msgs[0].get_body()) < len(big) and compressor.decompress(msgs[0].get_body()) == big
    assert msgs[1].get_body() == b"small"
    no_body = new_pull_consumer(decode_read_body=False)
    msgs = no_body.pull(mq, "*", 0, 32).get_msg_found_list()
    assert [m.get_body() for m in msgs] == [None, None]
    assert [m.get_queue_offset() for m in msgs] == [0, 1] and msgs[1].get_topic() == topic


def test_async_pull_and_errors(make_topic, send, new_pull_consumer) -> None:
    topic = make_topic("PullAsyncTopic", 1)
    send(topic, 5)
    consumer = new_pull_consumer()
    mq = _queues(consumer, topic)[0]
    found = RecordingPullCallback()
    assert consumer.pull(mq, "*", 0, 32, found) is None
    found.wait()
    assert found.result.get_pull_status() is PullStatus.FOUND
    assert [m.get_body() for m in found.result.get_msg_found_list()] == [b"body-%d" % i for i in range(5)]
    with_timeout = RecordingPullCallback()
    consumer.pull(mq, MessageSelector.by_tag("*"), 5, 32, with_timeout, 5000)
    with_timeout.wait()
    assert with_timeout.result.get_pull_status() is PullStatus.NO_NEW_MSG
    missing = RecordingPullCallback()
    consumer.pull(MessageQueue("NoSuchTopicHere", mq.get_broker_name(), 0), "*", 0, 1, missing)
    missing.wait()
    assert isinstance(missing.error, MQBrokerException)
    assert missing.error.get_response_code() == ResponseCode.TOPIC_NOT_EXIST
    with pytest.raises(MQClientException, match="The broker\\[no-such-broker\\] not exist"):
        consumer.pull(MessageQueue(topic, "no-such-broker", 0), "*", 0, 1, RecordingPullCallback())
    with pytest.raises(MQClientException, match="pullCallback is null"):
        consumer.get_default_mq_pull_consumer_impl().pull_async(mq, "*", 0, 1, None)  # type: ignore[arg-type]


def test_async_pull_with_a_byte_cap(make_topic, send, new_pull_consumer) -> None:
    """5.3.3's ``pull(mq, subExpression, offset, maxNums, maxSize, pullCallback, timeout)``: the embedded broker
    applies maxMsgBytes (a real 5.3.3 broker ignores it), the first message always comes."""
    topic = make_topic("PullMaxSizeTopic", 1)
    send(topic, 4, body=b"x" * 1000)
    consumer = new_pull_consumer()
    mq = _queues(consumer, topic)[0]
    capped = RecordingPullCallback()
    assert consumer.pull(mq, "*", 0, 32, 2500, capped, 5000) is None
    capped.wait()
    assert len(capped.result.get_msg_found_list()) == 2 and capped.result.get_next_begin_offset() == 2
    keyword = RecordingPullCallback()
    consumer.pull(mq, "*", 2, 32, max_size=1, pull_callback=keyword)
    keyword.wait()
    assert [m.get_queue_offset() for m in keyword.result.get_msg_found_list()] == [2]
    with pytest.raises(MQClientException, match="maxSizeInBytes <= 0"):
        consumer.pull(mq, "*", 0, 32, 0, RecordingPullCallback(), 5000)
    with pytest.raises(TypeError, match="max_size only with a pull_callback"):
        consumer.pull(mq, "*", 0, 32, max_size=100)


def test_pull_block_if_not_found_is_woken_by_a_send(make_topic, send, new_pull_consumer) -> None:
    topic = make_topic("PullBlockTopic", 1)
    send(topic, 1)
    consumer = new_pull_consumer()
    mq = _queues(consumer, topic)[0]
    assert consumer.pull_block_if_not_found(mq, "*", 0, 32).get_pull_status() is PullStatus.FOUND
    outcome = {}
    started = threading.Event()

    def blocking_pull() -> None:
        started.set()
        begin = time.monotonic()
        outcome["result"] = consumer.pull_block_if_not_found(mq, "*", 1, 32)
        outcome["elapsed"] = time.monotonic() - begin

    puller = threading.Thread(target=blocking_pull)
    puller.start()
    started.wait(5)
    callback = RecordingPullCallback()
    consumer.pull_block_if_not_found(mq, "*", 1, 32, callback)
    assert not callback.done.wait(0.3), "the broker answered a blocking pull without a message"
    send(topic, 1, start=1)
    puller.join(15)
    callback.wait(15)
    assert outcome["result"].get_pull_status() is PullStatus.FOUND
    assert [m.get_body() for m in outcome["result"].get_msg_found_list()] == [b"body-1"]
    assert outcome["elapsed"] < 15, "woken by the send, not by the 20 s suspend timeout"
    assert callback.result.get_pull_status() is PullStatus.FOUND
    assert [m.get_body() for m in callback.result.get_msg_found_list()] == [b"body-1"]


def test_offsets_go_to_the_broker(make_topic, send, new_pull_consumer, wait_until) -> None:
    topic = make_topic("PullOffsetTopic", 2)
    send(topic, 4)
    consumer = new_pull_consumer()
    group = consumer.get_consumer_group()
    mq0, mq1 = _queues(consumer, topic)
    # a 4.9.x broker answers 0 (not QUERY_NOT_FOUND) while the queue's first message is in memory
    assert consumer.fetch_consume_offset(mq0, True) == 0
    consumer.update_consume_offset(mq0, 2)
    assert consumer.fetch_consume_offset(mq0, False) == 2
    peer = new_pull_consumer(group=group)  # same group, another client instance
    assert peer.fetch_consume_offset(mq0, True) == 0, "only in memory until persisted"
    consumer.persist(mq0)  # a one-way UPDATE_CONSUMER_OFFSET
    wait_until(lambda: peer.fetch_consume_offset(mq0, True) == 2, 10, "the persisted offset at the broker")
    consumer.update_consume_offset(mq1, 1)
    consumer.shutdown()  # persists the queues in balance only (none here), as Java
    again = new_pull_consumer(group=group)
    assert again.fetch_consume_offset(mq0, True) == 2
    assert again.fetch_consume_offset(mq1, True) == 0
    other = new_pull_consumer(group=group + "_other")
    assert other.fetch_consume_offset(mq0, True) == 0, "offsets are per group"
    # as Java, reading from the store overwrites the offset in memory
    again.update_consume_offset(mq0, 3)
    assert again.fetch_consume_offset(mq0, True) == 2
    assert again.fetch_consume_offset(mq0, False) == 2
    assert again.max_offset(mq0) + again.max_offset(mq1) == 4
    assert again.min_offset(mq0) == 0
    assert again.search_offset(mq0, 0) == 0
    assert again.earliest_msg_store_time(mq0) > 0


def test_message_queue_listener_and_queues_in_balance(make_topic, new_pull_consumer, wait_until) -> None:
    topic = make_topic("PullBalanceTopic", 4)
    changes = []
    consumer = new_pull_consumer(start=False)
    consumer.register_message_queue_listener(topic, lambda t, mq_all, mq_divided: changes.append((t, mq_all,
                                                                                                  mq_divided)))
    assert consumer.get_register_topics() == {topic}
    consumer.start()
    wait_until(lambda: changes, 15, "the first rebalance")
    t, mq_all, mq_divided = changes[0]
    assert t == topic and len(mq_all) == 4 and mq_divided == mq_all
    assert consumer.fetch_message_queues_in_balance(topic) == mq_all
    heartbeat_subs = consumer.get_default_mq_pull_consumer_impl().subscriptions()
    assert [(s.topic, s.sub_string, s.sub_version) for s in heartbeat_subs] == [(topic, "*", 0)]
    info = consumer.get_default_mq_pull_consumer_impl().consumer_running_info()
    assert info.get_properties()["consumerGroup"] == consumer.get_consumer_group()
    with pytest.raises(ValueError, match="topic is null"):
        consumer.get_default_mq_pull_consumer_impl().fetch_message_queues_in_balance(None)  # type: ignore


def test_send_message_back(make_topic, send, new_pull_consumer, wait_until) -> None:
    topic = make_topic("PullSendBackTopic", 1)
    send(topic, 1)
    consumer = new_pull_consumer()
    mq = _queues(consumer, topic)[0]
    msg = consumer.pull(mq, "*", 0, 1).get_msg_found_list()[0]
    consumer.send_message_back(msg, 1, mq.get_broker_name())
    retry_mq = MessageQueue(MixAll.get_retry_topic(consumer.get_consumer_group()), mq.get_broker_name(), 0)
    retried = []

    def arrived() -> bool:
        try:
            result = consumer.pull(retry_mq, "*", 0, 1)
        except MQClientException:
            return False  # the retry topic is created with the send back
        retried.extend(result.get_msg_found_list() or [])
        return bool(retried)

    wait_until(arrived, 20, "the message on the retry topic after delay level 1")
    back = retried[0]
    assert back.get_body() == b"body-0"
    assert back.get_reconsume_times() == 1
    assert back.get_property(MessageConst.PROPERTY_RETRY_TOPIC) == topic
    assert back.get_property(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID) == msg.get_offset_msg_id()  # set by the broker


def test_send_message_back_falls_back_to_the_retry_topic(make_topic, send, new_pull_consumer) -> None:
    topic = make_topic("PullSendBackFallbackTopic", 1)
    send(topic, 1)
    consumer = new_pull_consumer()
    mq = _queues(consumer, topic)[0]
    msg = consumer.pull(mq, "*", 0, 1).get_msg_found_list()[0]
    schedule_mq = MessageQueue("SCHEDULE_TOPIC_XXXX", mq.get_broker_name(), 2)  # delay level 3 = 3 + reconsumeTimes
    try:
        before = consumer.max_offset(schedule_mq)
    except MQClientException:
        before = 0
    # The consumer's first scheduled heartbeat (1 s after start) creates the retry topic with 1 queue on the broker,
    # and the broker registers it with the NameServer one way. Made here first: a producer that looked the topic up
    # before then falls back to TBW102's 4 queues, and after the heartbeat its queues 1-3 are illegal (Java too).
    make_topic(MixAll.get_retry_topic(consumer.get_consumer_group()), 1)
    # an unknown broker name: CONSUMER_SEND_MSG_BACK cannot be delivered, the inner producer resends
    consumer.send_message_back(msg, 1, "no-such-broker")
    assert consumer.max_offset(schedule_mq) == before + 1
    assert msg.get_topic() == topic


def test_consumers_create_topics_with_attributes(embedded_cluster, new_pull_consumer, new_consumer,
                                                push_topic) -> None:
    """5.3.3's ``createTopic(key, topic, queueNum, topicSysFlag, attributes)`` of the pull and push consumers: the
    attribute changes reach the broker (Java 5.3.3 drops them; see DefaultMQPushConsumer.create_topic)."""
    table = embedded_cluster.broker_controller.get_topic_config_manager().get_topic_config_table()
    new_pull_consumer().create_topic("DefaultCluster", "PullAttrTopic", 2, attributes={"+message.type": "FIFO"})
    push = new_consumer(None, lambda msgs, context: "CONSUME_SUCCESS", topic=push_topic)
    push.create_topic("DefaultCluster", "PushAttrTopic", 2, 0, {"+message.type": "DELAY"})
    assert table["PullAttrTopic"].get_attributes() == {"message.type": "FIFO"}
    assert table["PushAttrTopic"].get_attributes() == {"message.type": "DELAY"}
    assert table["PushAttrTopic"].get_write_queue_nums() == 2


def test_namespace_is_wrapped_and_removed(make_topic, send, new_pull_consumer, wait_until) -> None:
    make_topic("ns1%PullNsTopic", 1)
    send("ns1%PullNsTopic", 2)
    consumer = new_pull_consumer(group="PULL_NS_GROUP", namespace="ns1")
    assert consumer.get_consumer_group() == "ns1%PULL_NS_GROUP"
    mqs = _queues(consumer, "PullNsTopic")
    assert [mq.get_topic() for mq in mqs] == ["PullNsTopic"]
    result = consumer.pull(mqs[0], "*", 0, 32)
    assert [m.get_topic() for m in result.get_msg_found_list()] == ["PullNsTopic", "PullNsTopic"]
    impl = consumer.get_default_mq_pull_consumer_impl()
    assert "ns1%PullNsTopic" in impl.get_rebalance_impl().get_subscription_inner()
    consumer.update_consume_offset(mqs[0], 1)
    consumer.persist(mqs[0])
    wait_until(lambda: consumer.fetch_consume_offset(mqs[0], True) == 1, 10, "the persisted offset")
    assert consumer.max_offset(mqs[0]) == 2


def test_consume_message_hooks_see_each_pull(make_topic, send, new_pull_consumer) -> None:
    topic = make_topic("PullHookTopic", 1)
    send(topic, 3)
    seen = []

    class Hook(ConsumeMessageHook):
        def hook_name(self) -> str:
            return "test"

        def consume_message_before(self, context) -> None:
            seen.append(("before", context.get_consumer_group(), len(context.get_msg_list()), context.is_success()))

        def consume_message_after(self, context) -> None:
            seen.append(("after", context.get_status(), context.is_success()))

    consumer = new_pull_consumer(start=False)
    consumer.get_default_mq_pull_consumer_impl().register_consume_message_hook(Hook())
    consumer.start()
    mq = _queues(consumer, topic)[0]
    consumer.pull(mq, "*", 0, 32)
    assert seen == [("before", consumer.get_consumer_group(), 3, False), ("after", "CONSUME_SUCCESS", True)]


def test_context_manager_ends_the_client_instance(embedded_cluster, make_topic) -> None:
    make_topic("PullCtxTopic", 1)
    consumer = DefaultMQPullConsumer("PULL_CTX_GROUP")
    consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    consumer.set_instance_name("pull-ctx")
    with consumer as entered:
        assert entered is consumer
        client_id = consumer.get_default_mq_pull_consumer_impl().get_mq_client_factory().get_client_id()
        assert client_id in MQClientManager.get_instance().get_factory_table()
        assert len(consumer.fetch_subscribe_message_queues("PullCtxTopic")) == 1
    assert client_id not in MQClientManager.get_instance().get_factory_table()
    assert consumer.get_default_mq_pull_consumer_impl().get_service_state() is ServiceState.SHUTDOWN_ALREADY
