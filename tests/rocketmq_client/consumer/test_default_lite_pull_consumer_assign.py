"""DefaultLitePullConsumer in assign mode: seek, pause / resume, commits, tag filter, flow control."""
from __future__ import annotations

from typing import List

import pytest

from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.exception import IllegalStateException, MQClientException
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue

FIRST = ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET


def poll_until(consumer: DefaultLitePullConsumer, count: int, wait_until, timeout: float = 20) -> List[MessageExt]:
    got: List[MessageExt] = []

    def enough() -> bool:
        got.extend(consumer.poll(200))
        return len(got) >= count

    wait_until(enough, timeout, "%d polled messages" % count)
    return got


def offsets(msgs: List[MessageExt]) -> List[int]:
    return [m.get_queue_offset() for m in msgs]


def test_assign_seek_and_commit(make_topic, send, new_lite_consumer, new_pull_consumer, wait_until) -> None:
    topic = make_topic("LiteAssignTopic", 2)
    send(topic, 20)  # 10 per queue
    mq0 = MessageQueue(topic, "broker-a", 0)
    mq1 = MessageQueue(topic, "broker-a", 1)
    consumer = new_lite_consumer(consume_from_where=FIRST, auto_commit=False)
    consumer.assign([mq0])
    consumer.start()
    first = poll_until(consumer, 10, wait_until)
    assert offsets(first) == list(range(10)) and {m.get_queue_id() for m in first} == {0}
    assert consumer.assignment() == {mq0}
    consumer.commit_sync()
    assert consumer.committed(mq0) == 10
    # seek back: the next messages start there
    consumer.seek(mq0, 4)
    assert offsets(poll_until(consumer, 6, wait_until)) == list(range(4, 10))
    consumer.seek_to_begin(mq0)
    assert offsets(poll_until(consumer, 10, wait_until)) == list(range(10))
    consumer.seek_to_end(mq0)
    assert consumer.poll(300) == []
    send(topic, 2, start=20)  # round robin: one more on each queue
    assert offsets(poll_until(consumer, 1, wait_until)) == [10]
    with pytest.raises(MQClientException,
                       match="Seek offset illegal, seek offset = 99, min offset = 0, max offset = 11"):
        consumer.seek(mq0, 99)
    with pytest.raises(MQClientException, match="The message queue is not in assigned list, message queue: "):
        consumer.seek(mq1, 0)
    # re-assign: both queues; mq1 starts from its (first) offset
    consumer.assign([mq0, mq1])
    assert consumer.assignment() == {mq0, mq1}
    more = poll_until(consumer, 11, wait_until)
    assert sorted(offsets([m for m in more if m.get_queue_id() == 1])) == list(range(11))
    # explicit offsets, persisted at once: another client of the group reads them from the broker
    consumer.commit_sync({mq0: 7, mq1: 3}, True)
    assert consumer.committed(mq0) == 7
    reader = new_pull_consumer(group=consumer.get_consumer_group())
    wait_until(lambda: reader.fetch_consume_offset(mq1, True) == 3, 10, "the persisted offset of mq1")
    assert reader.fetch_consume_offset(mq0, True) == 7
    consumer.commit({mq0}, False)
    assert consumer.committed(mq0) == 11, "commit(queues) takes the consumed offset"


def test_pause_and_resume(make_topic, send, new_lite_consumer, wait_until) -> None:
    topic = make_topic("LitePauseTopic", 1)
    mq = MessageQueue(topic, "broker-a", 0)
    send(topic, 3)
    consumer = new_lite_consumer(consume_from_where=FIRST, auto_commit=False)
    consumer.assign([mq])
    consumer.start()
    assert offsets(poll_until(consumer, 3, wait_until)) == [0, 1, 2]
    consumer.pause([mq])
    impl = consumer.get_default_lite_pull_consumer_impl()
    assert impl.get_assigned_message_queue().is_paused(mq)
    # a pull parked at the broker before the pause still answers; the message sent now wakes it (if any)
    send(topic, 1, start=3)
    drained = offsets(consumer.poll(1500))
    assert drained in ([], [3])
    send(topic, 2, start=4)
    assert consumer.poll(1500) == [], "a paused queue is not pulled"
    consumer.resume([mq])
    assert not impl.get_assigned_message_queue().is_paused(mq)
    rest = [3, 4, 5][len(drained):]
    assert offsets(poll_until(consumer, len(rest), wait_until)) == rest


def test_sub_expression_for_assign_filters_tags(make_topic, send, new_lite_consumer, wait_until) -> None:
    topic = make_topic("LiteAssignTagTopic", 1)
    send(topic, 3, tags="TagA")
    send(topic, 3, tags="TagB", start=3)
    consumer = new_lite_consumer(consume_from_where=FIRST)
    consumer.set_sub_expression_for_assign(topic, "TagB")
    with pytest.raises(ValueError, match="subExpression can not be null or empty."):
        consumer.set_sub_expression_for_assign(topic, " ")
    consumer.assign([MessageQueue(topic, "broker-a", 0)])
    consumer.start()
    got = poll_until(consumer, 3, wait_until)
    assert [m.get_body() for m in got] == [b"body-3", b"body-4", b"body-5"]
    assert consumer.poll(300) == []
    with pytest.raises(IllegalStateException, match="setAssignTag only can be called before start."):
        consumer.set_sub_expression_for_assign(topic, "TagA")


def test_flow_control_bounds_the_cache(make_topic, send, new_lite_consumer, wait_until) -> None:
    topic = make_topic("LiteFlowControlTopic", 1)
    mq = MessageQueue(topic, "broker-a", 0)
    send(topic, 120)
    consumer = new_lite_consumer(consume_from_where=FIRST, pull_threshold_for_queue=25, pull_batch_size=10)
    consumer.assign([mq])
    consumer.start()
    impl = consumer.get_default_lite_pull_consumer_impl()
    process_queue = impl.get_assigned_message_queue().get_process_queue(mq)
    wait_until(lambda: impl.queue_flow_control_times > 0, 10, "per-queue flow control")
    cached = process_queue.get_msg_count().get()
    assert 25 < cached <= 25 + 10, "the cache stops growing one batch above the threshold"
    assert impl.consume_request_cache.size() * 10 == cached
    got = poll_until(consumer, 120, wait_until)
    assert offsets(got) == list(range(120))
    assert process_queue.get_msg_count().get() == 0


def test_flow_control_of_all_cached_requests(make_topic, send, new_lite_consumer, wait_until) -> None:
    topic = make_topic("LiteFlowAllTopic", 2)
    send(topic, 100)
    consumer = new_lite_consumer(consume_from_where=FIRST, pull_threshold_for_all=20, pull_batch_size=5)
    consumer.assign([MessageQueue(topic, "broker-a", 0), MessageQueue(topic, "broker-a", 1)])
    consumer.start()
    impl = consumer.get_default_lite_pull_consumer_impl()
    wait_until(lambda: impl.consume_request_flow_control_times > 0, 10, "flow control of the whole cache")
    # each of the two tasks may add one request after the last check let it through
    assert impl.consume_request_cache.size() * 5 <= 20 + 2 * 5
    got = poll_until(consumer, 100, wait_until)
    assert sorted(m.get_body() for m in got) == sorted(b"body-%d" % i for i in range(100))


def test_unsubscribe_forgets_the_topic(make_topic, new_lite_consumer, wait_until) -> None:
    topic = make_topic("LiteUnsubscribeTopic", 2)
    consumer = new_lite_consumer()
    consumer.subscribe(topic, "*")
    consumer.start()
    wait_until(lambda: len(consumer.assignment()) == 2, 15, "the assignment")
    impl = consumer.get_default_lite_pull_consumer_impl()
    tasks = list(impl.task_table.values())
    consumer.unsubscribe(topic)
    assert consumer.assignment() == set() and impl.task_table == {}
    assert all(task.is_cancelled() for task in tasks)
    assert topic not in impl.get_rebalance_impl().get_subscription_inner()
