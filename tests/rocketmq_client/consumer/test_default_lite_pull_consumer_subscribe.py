"""DefaultLitePullConsumer: settings, subscribe mode, auto commit, topic change listener, life cycle."""
from __future__ import annotations

import threading
from typing import Dict, List, Set

import pytest

from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.consumer.store.offset_serialize_wrapper import (
    OffsetSerializeWrapper,
)
from rocketmq_client.exception import IllegalStateException, MQClientException
from rocketmq_client.impl.consumer import default_lite_pull_consumer_impl
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.service_state import ServiceState
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_common.util_all import UtilAll

FIRST = ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET


def poll_until(consumer: DefaultLitePullConsumer, count: int, wait_until, timeout: float = 20) -> List[MessageExt]:
    """Poll (200 ms at a time) until ``count`` messages came."""
    got: List[MessageExt] = []

    def enough() -> bool:
        got.extend(consumer.poll(200))
        return len(got) >= count

    wait_until(enough, timeout, "%d polled messages" % count)
    return got


def test_defaults_and_setting_rules() -> None:
    consumer = DefaultLitePullConsumer()
    assert consumer.get_consumer_group() == MixAll.DEFAULT_CONSUMER_GROUP
    expected = dict(pull_batch_size=10, pull_thread_nums=20, auto_commit=True, auto_commit_interval_millis=5000,
                    pull_threshold_for_all=10000, pull_threshold_for_queue=1000, pull_threshold_size_for_queue=100,
                    consume_max_span=2000, poll_timeout_millis=5000, topic_metadata_check_interval_millis=30000,
                    consumer_pull_timeout_millis=10000, broker_suspend_max_time_millis=20000,
                    consumer_timeout_millis_when_suspend=30000, pull_time_delay_mills_when_exception=1000,
                    consume_from_where=ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, message_model=MessageModel.CLUSTERING,
                    unit_mode=False, enable_msg_trace=False, message_queue_listener=None, offset_store=None)
    assert {name: getattr(consumer, "get_" + name)() if not isinstance(value, bool) else
            getattr(consumer, "is_" + name)() for name, value in expected.items()} == expected
    assert type(consumer.get_allocate_message_queue_strategy()).__name__ == "AllocateMessageQueueAveragely"
    assert len(consumer.get_consume_timestamp()) == 14
    assert UtilAll.parse_date(consumer.get_consume_timestamp(), UtilAll.YYYYMMDDHHMMSS) is not None
    assert consumer.is_enable_stream_request_type() is True
    consumer.set_auto_commit_interval_millis(999)
    assert consumer.get_auto_commit_interval_millis() == 5000, "below the 1000 ms minimum: ignored, as Java"
    consumer.set_auto_commit_interval_millis(1000)
    assert consumer.get_auto_commit_interval_millis() == 1000
    with pytest.raises(RuntimeError, match="Invalid ConsumeFromWhere Value"):
        consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_MAX_OFFSET)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_TIMESTAMP)
    impl = consumer.get_default_lite_pull_consumer_impl()
    assert impl.consume_type() is ConsumeType.CONSUME_ACTIVELY
    assert impl.consume_from_where() is ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET
    assert consumer.is_running() is False
    with pytest.raises(IllegalStateException, match="The consumer not running, please start it first."):
        consumer.poll(10)
    with pytest.raises(RuntimeError, match="once the consumer is started"):
        consumer.is_connect_broker_by_user()
    with pytest.raises(TypeError):
        DefaultLitePullConsumer("g", "not a hook")  # type: ignore[arg-type]


def test_check_config_and_state(new_lite_consumer) -> None:
    with pytest.raises(MQClientException, match="consumerGroup can not equal DEFAULT_CONSUMER"):
        new_lite_consumer(group=MixAll.DEFAULT_CONSUMER_GROUP, start=True)
    with pytest.raises(MQClientException, match="consumerTimeoutMillisWhenSuspend must greater than"):
        new_lite_consumer(broker_suspend_max_time_millis=40000, start=True)
    consumer = new_lite_consumer(start=True)
    assert consumer.is_running()
    with pytest.raises(MQClientException, match="The PullConsumer service state not OK, maybe started once, RUNNING"):
        consumer.start()
    with pytest.raises(ValueError, match="Timeout must not be negative"):
        consumer.poll(-1)
    assert consumer.poll(0) == []


def test_subscribe_and_assign_exclude_each_other(new_lite_consumer) -> None:
    subscribed = new_lite_consumer()
    subscribed.subscribe("LiteExclusiveTopic", "*")
    with pytest.raises(IllegalStateException, match="Subscribe and assign are mutually exclusive."):
        subscribed.assign([MessageQueue("LiteExclusiveTopic", "broker-a", 0)])
    with pytest.raises(IllegalStateException, match="Subscribe and assign are mutually exclusive."):
        subscribed.set_sub_expression_for_assign("LiteExclusiveTopic", "TagA")
    assigned = new_lite_consumer()
    assigned.assign([MessageQueue("LiteExclusiveTopic", "broker-a", 0)])
    with pytest.raises(MQClientException, match="subscribe exception") as info:
        assigned.subscribe("LiteExclusiveTopic", "*")
    assert isinstance(info.value.__cause__, IllegalStateException)
    with pytest.raises(ValueError, match="Message queues can not be null or empty."):
        assigned.assign([])
    with pytest.raises(MQClientException, match="subscribe exception"):
        new_lite_consumer().subscribe("", "*")


def test_subscribe_mode_polls_every_message_once(make_topic, send, new_lite_consumer, wait_until, thread_snapshot,
                                                 client_threads_left) -> None:
    topic = make_topic("LiteSubscribeTopic", 4)
    send(topic, 40)
    before = thread_snapshot()
    assignments: List[Set[MessageQueue]] = []
    consumer = new_lite_consumer(consume_from_where=FIRST, pull_thread_nums=4)
    consumer.subscribe(topic, "*", lambda t, mq_all, mq_divided: assignments.append(set(mq_divided)))
    consumer.start()
    got = poll_until(consumer, 40, wait_until)
    assert len(got) == 40 and len({m.get_msg_id() for m in got}) == 40
    assert sorted(m.get_body() for m in got) == sorted(b"body-%d" % i for i in range(40))
    assert consumer.poll(300) == [], "nothing is delivered twice"
    per_queue: Dict[int, List[int]] = {}
    for m in got:
        per_queue.setdefault(m.get_queue_id(), []).append(m.get_queue_offset())
    assert all(offsets == sorted(offsets) for offsets in per_queue.values()), "order kept within a queue"
    assert assignments and len(assignments[-1]) == 4
    assert consumer.assignment() == assignments[-1]
    threads = {t.name for t in threading.enumerate()}
    assert threads & {"PullMsgThread-%s%d" % (consumer.get_consumer_group(), i) for i in range(1, 5)}
    assert "MonitorMessageQueueChangeThread" in threads
    impl = consumer.get_default_lite_pull_consumer_impl()
    assert len(impl.task_table) == 4
    # one more message is polled at once (long polling wakes the parked pull)
    send(topic, 1, start=40)
    late = poll_until(consumer, 1, wait_until, 10)
    assert [m.get_body() for m in late] == [b"body-40"]
    consumer.shutdown()
    assert consumer.is_running() is False
    wait_until(lambda: not client_threads_left(before), 10, "every client thread to end")


def test_auto_commit_persists_offsets_for_the_next_consumer(make_topic, send, new_lite_consumer, wait_until) -> None:
    topic = make_topic("LiteAutoCommitTopic", 2)
    send(topic, 20)
    first = new_lite_consumer(consume_from_where=FIRST, auto_commit_interval_millis=1000)
    group = first.get_consumer_group()
    first.subscribe(topic, MessageSelector.by_tag("*"))
    first.start()
    got = poll_until(first, 20, wait_until)
    assert len(got) == 20
    mqs = sorted(first.assignment())
    max_offsets = {mq: first.get_default_lite_pull_consumer_impl()._max_offset(mq) for mq in mqs}
    assert sum(max_offsets.values()) == 20

    def all_committed() -> bool:
        first.poll(100)  # the commit happens in poll once the interval has passed
        return all(first.committed(mq) == max_offsets[mq] for mq in mqs)

    wait_until(all_committed, 10, "the automatic commit of every polled message")
    first.shutdown()  # persists the committed offsets to the broker
    send(topic, 6, start=20)
    second = new_lite_consumer(group=group, consume_from_where=FIRST)
    second.subscribe(topic, "*")
    second.start()
    rest = poll_until(second, 6, wait_until)
    assert sorted(m.get_body() for m in rest) == sorted(b"body-%d" % i for i in range(20, 26))
    assert second.poll(300) == []


def test_commit_sync_without_auto_commit(make_topic, send, new_lite_consumer, wait_until) -> None:
    topic = make_topic("LiteCommitSyncTopic", 1)
    send(topic, 5)
    consumer = new_lite_consumer(consume_from_where=FIRST, auto_commit=False)
    consumer.subscribe(topic)
    consumer.start()
    poll_until(consumer, 5, wait_until)
    (mq,) = consumer.assignment()
    assert consumer.committed(mq) == 0, "nothing committed without auto commit"
    consumer.commit_sync()
    assert consumer.committed(mq) == 5


def test_topic_change_listener(make_topic, new_lite_consumer, wait_until, monkeypatch) -> None:
    monkeypatch.setattr(default_lite_pull_consumer_impl, "TOPIC_METADATA_CHECK_INITIAL_DELAY_MILLIS", 100)
    topic = make_topic("LiteGrowingTopic", 2)
    changes = []
    consumer = new_lite_consumer(topic_metadata_check_interval_millis=200)
    consumer.register_topic_message_queue_change_listener(topic, lambda t, mqs: changes.append((t, set(mqs))))
    with pytest.raises(MQClientException, match="Topic or listener is null"):
        consumer.register_topic_message_queue_change_listener(topic, None)
    consumer.start()
    assert consumer.fetch_message_queues(topic) == {MessageQueue(topic, "broker-a", i) for i in range(2)}
    make_topic(topic, 6)
    wait_until(lambda: changes, 15, "the change of the topic's queues")
    assert changes[0] == (topic, {MessageQueue(topic, "broker-a", i) for i in range(6)})


def test_lite_pull_request_carries_the_lite_pull_flag(make_topic, send, new_lite_consumer, wait_until) -> None:
    topic = make_topic("LiteFlagTopic", 1)
    send(topic, 1)
    consumer = new_lite_consumer(consume_from_where=FIRST)
    consumer.subscribe(topic)
    consumer.start()
    api = consumer.get_default_lite_pull_consumer_impl().get_mq_client_factory().get_mq_client_api_impl()
    seen = []
    codes = []
    original = api.pull_message

    def recording(addr, header, timeout_millis, mode, callback=None, lite_pull_message=True):
        seen.append((header.sys_flag, header.subscription, header.max_msg_nums, header.suspend_timeout_millis,
                     timeout_millis))
        codes.append(lite_pull_message)
        return original(addr, header, timeout_millis, mode, callback, lite_pull_message)

    api.pull_message = recording
    send(topic, 1, start=1)
    poll_until(consumer, 2, wait_until)
    wait_until(lambda: seen, 10, "a recorded pull")
    sys_flag, subscription, max_nums, suspend, timeout = seen[-1]
    assert PullSysFlag.has_lite_pull_flag(sys_flag) and PullSysFlag.has_suspend_flag(sys_flag)
    assert PullSysFlag.has_subscription_flag(sys_flag) and not PullSysFlag.has_commit_offset_flag(sys_flag)
    assert (subscription, max_nums, suspend, timeout) == ("*", 10, 20000, 30000)
    # the embedded broker says it is 5.3.3: LITE_PULL_MESSAGE, as Java 5.3.3 sends to 5.x brokers (PULL_MESSAGE to 4.x)
    assert codes[-1] is True


def test_namespace_in_subscribe_mode(make_topic, send, new_lite_consumer, wait_until) -> None:
    make_topic("nsx%LiteNsTopic", 1)
    send("nsx%LiteNsTopic", 3)
    consumer = new_lite_consumer(group="LITE_NS_GROUP", namespace="nsx", consume_from_where=FIRST)
    consumer.subscribe("LiteNsTopic", "*")
    consumer.start()
    assert consumer.get_consumer_group() == "nsx%LITE_NS_GROUP"
    got = poll_until(consumer, 3, wait_until)
    assert {m.get_topic() for m in got} == {"LiteNsTopic"}
    assert consumer.fetch_message_queues("LiteNsTopic") == {MessageQueue("LiteNsTopic", "broker-a", 0)}


def test_context_manager(embedded_cluster, make_topic) -> None:
    make_topic("LiteCtxTopic", 1)
    consumer = DefaultLitePullConsumer("LITE_CTX_GROUP")
    consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    consumer.set_instance_name("lite-ctx")
    consumer.subscribe("LiteCtxTopic")
    with consumer as entered:
        assert entered is consumer and consumer.is_running()
    assert consumer.get_default_lite_pull_consumer_impl().get_service_state() is ServiceState.SHUTDOWN_ALREADY


def test_broadcasting_keeps_offsets_in_the_local_file(make_topic, send, new_lite_consumer, wait_until, tmp_path,
                                                      monkeypatch) -> None:
    monkeypatch.setenv("ROCKETMQ_CLIENT_LOCAL_OFFSET_STORE_DIR", str(tmp_path / "offsets"))
    topic = make_topic("LiteBroadcastTopic", 2)
    send(topic, 6)
    group = "LITE_BROADCAST_GROUP"
    readers = [new_lite_consumer(group=group, message_model=MessageModel.BROADCASTING, consume_from_where=FIRST,
                                 auto_commit=False) for _ in range(2)]
    for reader in readers:
        reader.subscribe(topic, "*")
        reader.start()
    for reader in readers:
        got = poll_until(reader, 6, wait_until)
        assert sorted(m.get_body() for m in got) == sorted(b"body-%d" % i for i in range(6)), "everything to each"
        assert len(reader.assignment()) == 2
    first = readers[0]
    first.commit_sync()
    client_id = first.get_default_lite_pull_consumer_impl().get_mq_client_factory().get_client_id()
    first.shutdown()
    offsets_file = tmp_path / "offsets" / client_id / group / "offsets.json"
    stored = OffsetSerializeWrapper.decode(offsets_file.read_bytes()).get_offset_table()
    assert sorted(stored.items()) == [(MessageQueue(topic, "broker-a", 0), 3), (MessageQueue(topic, "broker-a", 1), 3)]
