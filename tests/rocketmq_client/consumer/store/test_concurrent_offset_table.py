"""ConcurrentOffsetTable (the offset stores' table): increase-only updates from many threads never go backwards
and end at the maximum, writers never wait for a lock holder, readers see every update that returned."""
from __future__ import annotations

import threading
from typing import List

from rocketmq_client.consumer.store.concurrent_offset_table import ConcurrentOffsetTable
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_common.message.message_queue import MessageQueue

MQS = [MessageQueue("T", "broker-a", i) for i in range(4)]


def test_increase_only_updates_from_threads_end_at_the_maximum() -> None:
    table = ConcurrentOffsetTable()
    threads_count, per_thread = 8, 3000
    seen_backwards: List[int] = []
    start = threading.Barrier(threads_count + 1)

    def writer(k: int) -> None:
        start.wait()
        for i in range(per_thread):
            table.update(MQS[i % 4], i * threads_count + k, True)

    def reader() -> None:
        start.wait()
        last = [-1] * 4
        for _ in range(per_thread):
            for q, mq in enumerate(MQS):
                value = table.get(mq)
                if value is not None:
                    if value < last[q]:
                        seen_backwards.append(value)
                    last[q] = value

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(threads_count)]
    threads.append(threading.Thread(target=reader))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not seen_backwards
    expected = {mq: max(i * threads_count + k for i in range(per_thread) if i % 4 == q for k in range(threads_count))
                for q, mq in enumerate(MQS)}
    assert table.to_dict() == expected
    table.update(MQS[0], 1, True)  # not an increase: ignored
    assert table.get(MQS[0]) == expected[MQS[0]]
    table.update(MQS[0], 1, False)  # a plain set goes backwards
    assert table.get(MQS[0]) == 1 and len(table) == 4 and MQS[1] in table


def test_writers_do_not_wait_for_the_lock_holder_and_readers_catch_up() -> None:
    store = RemoteBrokerOffsetStore(None, "G")  # type: ignore[arg-type]
    table = store.offset_table
    table._lock.acquire()  # a holder switched out in the middle of applying updates
    try:
        done = threading.Event()

        def writer() -> None:
            for offset in range(1, 101):
                store.update_offset(MQS[0], offset, True)
            store.update_offset(MQS[1], 7, False)
            done.set()

        thread = threading.Thread(target=writer)
        thread.start()
        assert done.wait(10), "update_offset waited for the lock holder"
        thread.join(10)
    finally:
        table._lock.release()
    # every update that returned is visible to a read started afterwards
    assert store.read_offset(MQS[0], ReadOffsetType.READ_FROM_MEMORY) == 100
    assert store.clone_offset_table("T") == {MQS[0]: 100, MQS[1]: 7}
    store.remove_offset(MQS[1])
    assert store.read_offset(MQS[1], ReadOffsetType.READ_FROM_MEMORY) == -1
