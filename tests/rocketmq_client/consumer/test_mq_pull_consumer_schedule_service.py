"""MQPullConsumerScheduleService and the ScheduledThreadPoolExecutor under it."""
from __future__ import annotations

import threading
import time
from typing import Dict, List

import pytest

from rocketmq_client.consumer.mq_pull_consumer_schedule_service import (
    MQPullConsumerScheduleService,
)
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.consumer.pull_task_callback import (
    PullTaskCallback,
    as_pull_task_callback,
)
from rocketmq_client.consumer.pull_task_context import PullTaskContext
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_remoting.common.scheduled_thread_pool_executor import (
    ScheduledThreadPoolExecutor,
)
from rocketmq_remoting.common.thread_pool import (
    RejectedExecutionException,
    ThreadFactoryImpl,
)


def test_scheduled_pool_runs_delayed_tasks_in_order_on_named_threads() -> None:
    pool = ScheduledThreadPoolExecutor(3, ThreadFactoryImpl("TestPool-"))
    ran: List[str] = []
    names = set()
    done = threading.Event()
    lock = threading.Lock()

    def task(label: str) -> None:
        with lock:
            ran.append(label)
            names.add(threading.current_thread().name)
            if len(ran) == 3:
                done.set()

    start = time.monotonic()
    pool.schedule(lambda: task("late"), 300)
    pool.schedule(lambda: task("early"), 0)
    pool.schedule(lambda: task("middle"), 100)
    assert done.wait(5)
    assert ran == ["early", "middle", "late"]
    assert time.monotonic() - start >= 0.3
    assert names <= {"TestPool-1", "TestPool-2", "TestPool-3"}
    assert pool.get_pool_size() == 3, "a thread per scheduled task up to the core size, like Java"
    pool.schedule(lambda: task("dropped"), 60000)
    pool.shutdown()
    assert pool.await_termination(5)
    assert "dropped" not in ran and pool.get_pool_size() == 0
    with pytest.raises(RejectedExecutionException):
        pool.schedule(lambda: None, 0)


def test_scheduled_pool_survives_a_failing_task() -> None:
    pool = ScheduledThreadPoolExecutor(1, ThreadFactoryImpl("TestFail-"))
    after = threading.Event()

    def boom() -> None:
        raise RuntimeError("boom")

    pool.execute(boom)
    pool.schedule(after.set, 10)
    assert after.wait(5)
    pool.shutdown()
    assert pool.await_termination(5)


def test_a_task_rescheduling_itself_stays_on_its_thread() -> None:
    pool = ScheduledThreadPoolExecutor(4, ThreadFactoryImpl("TestSelf-"))
    names: List[str] = []
    done = threading.Event()

    def again() -> None:
        names.append(threading.current_thread().name)
        if len(names) < 50:
            pool.schedule(again, 0)
        else:
            done.set()

    pool.schedule(again, 0)
    assert done.wait(5)
    assert set(names) == {"TestSelf-1"}, "no hand-off to another thread for a task rescheduled without delay"
    pool.shutdown()
    assert pool.await_termination(5)


def test_callables_are_accepted_as_pull_task_callbacks() -> None:
    calls = []
    callback = as_pull_task_callback(lambda mq, context: calls.append((mq, context)))
    mq = MessageQueue("T", "b", 0)
    callback.do_pull_task(mq, PullTaskContext())
    assert calls and calls[0][0] is mq
    assert as_pull_task_callback(callback) is callback
    with pytest.raises(TypeError):
        as_pull_task_callback(42)  # type: ignore[arg-type]


def test_pull_task_context_defaults() -> None:
    context = PullTaskContext()
    assert context.get_pull_next_delay_time_millis() == 200
    assert context.get_pull_consumer() is None


def test_schedule_service_pulls_every_queue(embedded_cluster, make_topic, send, wait_until, thread_snapshot,
                                            client_threads_left) -> None:
    topic = make_topic("ScheduleServiceTopic", 4)
    send(topic, 20)
    before = thread_snapshot()
    offsets: Dict[MessageQueue, int] = {}
    bodies: List[bytes] = []
    thread_names = set()
    lock = threading.Lock()

    class Callback(PullTaskCallback):
        def do_pull_task(self, mq: MessageQueue, context: PullTaskContext) -> None:
            consumer = context.get_pull_consumer()
            offset = offsets.get(mq, 0)
            result = consumer.pull(mq, "*", offset, 32)
            with lock:
                thread_names.add(threading.current_thread().name)
                if result.get_pull_status() is PullStatus.FOUND:
                    bodies.extend(m.get_body() for m in result.get_msg_found_list())
                offsets[mq] = result.get_next_begin_offset()
            consumer.update_consume_offset(mq, result.get_next_begin_offset())
            context.set_pull_next_delay_time_millis(50)

    service = MQPullConsumerScheduleService("SCHEDULE_SERVICE_GROUP")
    assert service.get_message_model() is MessageModel.CLUSTERING
    assert service.get_pull_thread_nums() == 20
    service.set_pull_thread_nums(4)
    consumer = service.get_default_mq_pull_consumer()
    consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    consumer.set_instance_name("schedule-service")
    service.register_pull_task_callback(topic, Callback())
    assert consumer.get_register_topics() == {topic}
    with service:
        wait_until(lambda: len(bodies) == 20, 20, "every message through the pull tasks")
        assert sorted(bodies) == sorted(b"body-%d" % i for i in range(20))
        assert len(service.task_table) == 4
        assert thread_names <= {"PullMsgThread-SCHEDULE_SERVICE_GROUP%d" % i for i in range(1, 5)}
        assert consumer.fetch_message_queues_in_balance(topic) == set(service.task_table)
    wait_until(lambda: not client_threads_left(before), 10, "every client thread to end")
