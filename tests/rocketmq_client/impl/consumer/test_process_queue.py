"""ProcessQueue: counters, spans, commit offsets, orderly take/commit/rollback, expiry, running-info snapshot."""
from __future__ import annotations

import threading
import time
from typing import List

from rocketmq_client.impl.consumer.message_queue_lock import MessageQueueLock
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_client.impl.consumer.pull_request import PullRequest
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.process_queue_info import ProcessQueueInfo


def msg(offset: int, size: int = 10) -> MessageExt:
    m = MessageExt()
    m.set_topic("T")
    m.set_queue_offset(offset)
    m.set_body(b"x" * size)
    return m


def msgs(*offsets: int, size: int = 10) -> List[MessageExt]:
    return [msg(o, size) for o in offsets]


def test_put_message_counts_and_dispatch_flag():
    pq = ProcessQueue()
    assert pq.put_message(msgs(0, 1, 2)) is True   # first batch: dispatch a consume request
    assert pq.put_message(msgs(3, 4)) is False      # someone is already consuming
    assert pq.get_msg_count().get() == 5
    assert pq.get_msg_size().get() == 50
    # a duplicate offset replaces the message but is not counted twice
    assert pq.put_message(msgs(4, size=99)) is False
    assert pq.get_msg_count().get() == 5
    assert pq.get_msg_size().get() == 50
    assert pq.get_msg_tree_map().keys() == [0, 1, 2, 3, 4]
    assert pq.get_max_span() == 4
    assert pq.has_temp_message()
    # out-of-order arrival keeps the tree sorted
    pq.put_message(msgs(10, 7))
    assert pq.get_msg_tree_map().keys() == [0, 1, 2, 3, 4, 7, 10]
    assert pq.get_msg_tree_map().first_key() == 0 and pq.get_msg_tree_map().last_key() == 10
    assert pq.get_max_span() == 10


def test_put_message_with_max_offset_property_sets_acc_count():
    pq = ProcessQueue()
    batch = msgs(5, 6)
    batch[-1].put_property(MessageConst.PROPERTY_MAX_OFFSET, "106")
    pq.put_message(batch)
    assert pq.get_msg_acc_cnt() == 100
    last = msg(200)
    last.put_property(MessageConst.PROPERTY_MAX_OFFSET, "200")  # not positive: unchanged
    pq.put_message([last])
    assert pq.get_msg_acc_cnt() == 100
    assert pq.put_message([]) is False


def test_remove_message_returns_the_offset_to_commit():
    pq = ProcessQueue()
    assert pq.remove_message(msgs(1)) == -1  # nothing cached
    pq.put_message(msgs(10, 11, 12, 13))
    assert pq.remove_message(msgs(11, 12)) == 10  # the smallest offset still cached
    assert pq.get_msg_count().get() == 2
    assert pq.get_msg_size().get() == 20
    assert pq.remove_message(msgs(10)) == 13
    assert pq.remove_message(msgs(99)) == 13  # unknown offsets change nothing
    assert pq.remove_message(msgs(13)) == 14  # empty now: highest offset ever cached + 1
    assert pq.get_msg_count().get() == 0 and pq.get_msg_size().get() == 0
    assert pq.get_max_span() == 0
    assert not pq.has_temp_message()


def test_orderly_take_commit_rollback_and_consume_again():
    pq = ProcessQueue()
    pq.put_message(msgs(0, 1, 2, 3, 4))
    taken = pq.take_messages(2)
    assert [m.get_queue_offset() for m in taken] == [0, 1]
    assert pq.get_msg_tree_map().keys() == [2, 3, 4]
    assert pq.get_msg_count().get() == 5  # still counted until commit
    assert pq.commit() == 2
    assert pq.get_msg_count().get() == 3 and pq.get_msg_size().get() == 30

    taken = pq.take_messages(2)
    pq.rollback()
    assert pq.get_msg_tree_map().keys() == [2, 3, 4]
    assert pq.commit() == -1  # nothing being consumed

    taken = pq.take_messages(3)
    assert [m.get_queue_offset() for m in taken] == [2, 3, 4]
    pq.make_message_to_consume_again(taken[1:])
    assert pq.get_msg_tree_map().keys() == [3, 4]
    assert pq.commit() == 3  # only offset 2 was committed
    assert pq.get_msg_count().get() == 2

    assert [m.get_queue_offset() for m in pq.take_messages(10)] == [3, 4]
    assert pq.commit() == 5
    assert pq.is_consuming()
    assert pq.take_messages(1) == []  # empty: consuming ends, the next put dispatches again
    assert not pq.is_consuming()
    assert pq.put_message(msgs(5)) is True


def test_clear_and_fill_process_queue_info():
    pq = ProcessQueue()
    pq.put_message(msgs(3, 4, 5, 6, size=1024 * 1024))
    pq.take_messages(2)
    pq.set_locked(True)
    pq.inc_try_unlock_times()
    info = ProcessQueueInfo()
    pq.fill_process_queue_info(info)
    assert (info.get_cached_msg_min_offset(), info.get_cached_msg_max_offset(), info.get_cached_msg_count()) == \
        (5, 6, 2)
    assert info.get_cached_msg_size_in_mib() == 4
    assert (info.get_transaction_msg_min_offset(), info.get_transaction_msg_max_offset(),
            info.get_transaction_msg_count()) == (3, 4, 2)
    assert info.is_locked() and info.get_try_unlock_times() == 1 and not info.is_droped()
    assert info.get_last_pull_timestamp() == pq.get_last_pull_timestamp()
    assert info.get_last_lock_timestamp() == pq.get_last_lock_timestamp()
    assert info.get_last_consume_timestamp() == pq.get_last_consume_timestamp()
    pq.clear()
    assert pq.get_msg_count().get() == 0 and pq.get_msg_size().get() == 0
    assert pq.get_msg_tree_map().is_empty() and pq.commit() == -1
    assert pq.remove_message(msgs(3)) == -1


def test_lock_and_pull_expiry():
    pq = ProcessQueue()
    now = int(time.time() * 1000)
    assert not pq.is_lock_expired() and not pq.is_pull_expired()
    pq.set_last_lock_timestamp(now - ProcessQueue.REBALANCE_LOCK_MAX_LIVE_TIME - 1000)
    assert pq.is_lock_expired()
    pq.set_last_pull_timestamp(now - ProcessQueue.PULL_MAX_IDLE_TIME - 1000)
    assert pq.is_pull_expired()
    assert (ProcessQueue.REBALANCE_LOCK_MAX_LIVE_TIME, ProcessQueue.REBALANCE_LOCK_INTERVAL,
            ProcessQueue.PULL_MAX_IDLE_TIME) == (30000, 20000, 120000)


class _Impl:
    def __init__(self, orderly: bool) -> None:
        self.orderly = orderly

    def is_consume_orderly(self) -> bool:
        return self.orderly


class _PushConsumer:
    """What clean_expired_msg uses of DefaultMQPushConsumer."""

    def __init__(self, orderly: bool = False, fail: bool = False) -> None:
        self.impl = _Impl(orderly)
        self.sent: List[tuple] = []
        self.fail = fail

    def get_default_mq_push_consumer_impl(self) -> _Impl:
        return self.impl

    def get_consume_timeout(self) -> int:
        return 15

    def send_message_back(self, msg: MessageExt, delay_level: int) -> None:
        if self.fail:
            raise RuntimeError("broker down")
        self.sent.append((msg.get_queue_offset(), delay_level))


def _started(m: MessageExt, minutes_ago: float) -> MessageExt:
    MessageAccessor.set_consume_start_time_stamp(m, str(int((time.time() - minutes_ago * 60) * 1000)))
    return m


def test_clean_expired_msg():
    pq = ProcessQueue()
    batch = [_started(msg(o), 16) for o in range(20)] + [_started(msg(20), 1), msg(21)]
    pq.put_message(batch)
    consumer = _PushConsumer()
    pq.clean_expired_msg(consumer)
    # at most 16 per call, oldest first, delay level 3
    assert consumer.sent == [(o, 3) for o in range(16)]
    assert pq.get_msg_tree_map().first_key() == 16
    assert pq.get_msg_count().get() == 6
    pq.clean_expired_msg(consumer)
    assert [o for o, _ in consumer.sent[16:]] == [16, 17, 18, 19]  # stops at the one started 1 min ago
    assert pq.get_msg_tree_map().keys() == [20, 21]

    orderly = _PushConsumer(orderly=True)
    pq2 = ProcessQueue()
    pq2.put_message([_started(msg(0), 60)])
    pq2.clean_expired_msg(orderly)
    assert orderly.sent == [] and pq2.get_msg_count().get() == 1

    failing = _PushConsumer(fail=True)
    pq2.clean_expired_msg(failing)
    assert pq2.get_msg_count().get() == 1  # not removed when the send-back fails


def test_put_and_remove_from_threads_keep_counts_exact():
    pq = ProcessQueue()
    n = 2000
    pq.put_message(msgs(*range(n), size=3))

    def remove(start: int) -> None:
        for o in range(start, n, 4):
            pq.remove_message([msg(o, 3)])

    threads = [threading.Thread(target=remove, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert pq.get_msg_count().get() == 0 and pq.get_msg_size().get() == 0
    assert pq.get_msg_tree_map().is_empty()


def test_pull_request_identity_and_message_queue_lock():
    pq = ProcessQueue()
    mq = MessageQueue("T", "b", 1)
    a = PullRequest("G", mq, pq, 5)
    b = PullRequest("G", MessageQueue("T", "b", 1), ProcessQueue(), 99)
    assert a == b and hash(a) == hash(b)
    assert a != PullRequest("G2", mq, pq, 5)
    assert repr(a) == "PullRequest [consumerGroup=G, messageQueue=MessageQueue [topic=T, brokerName=b, " \
                      "queueId=1], nextOffset=5]"
    a.set_next_offset(7)
    a.set_previously_locked(True)
    assert a.get_next_offset() == 7 and a.is_previously_locked() and a.get_process_queue() is pq

    locks = MessageQueueLock()
    lock = locks.fetch_lock_object(mq)
    assert locks.fetch_lock_object(MessageQueue("T", "b", 1)) is lock
    assert locks.fetch_lock_object(MessageQueue("T", "b", 2)) is not lock
    with lock:
        with lock:  # reentrant like Java's synchronized
            pass
