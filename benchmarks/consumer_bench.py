"""DefaultMQPushConsumer throughput and memory over real sockets, the name server and broker in their own process.

A child process runs ``EmbeddedCluster`` (a name server and broker-a, async flush, store in a temporary directory,
topic ``PushBenchTopic`` with 8 queues) and, on request, produces messages into it with its own producer, so this
process only consumes. Phases (1 KiB bodies, a no-op concurrent listener, default consumer settings):

* ``push``: ``--messages`` (20,000) pre-produced messages consumed by a new group from the first offset; the rate
  counts from ``start()`` to the last message (start-up and first rebalance included) and from the first message;
* ``memory``: ``--pending`` (200,000) pre-produced messages consumed by a new group; the peak RSS of this process
  (``VmHWM``) above its RSS before the consumer started, and the largest number of messages cached by the process
  queues (sampled every 20 ms), which the flow-control thresholds bound (``pull_threshold_for_queue`` 1000 per queue
  by default, so 8,000 + one pull batch per queue).

    python benchmarks/consumer_bench.py [--messages 20000] [--pending 200000] [--body 1024]
                                        [--threads 20] [--profile] [--py-spy FILE]
                                        [--skip-memory]

``--profile`` runs cProfile in every thread started during the push phase (``threading.Thread.run`` wrapped) and
prints the top functions of the merged profiles (wall-clock times: a thread waiting for a lock or the GIL inside a
function is charged to it, so lock convoys look much worse than without the profiler); ``--py-spy FILE`` records
this process with py-spy (samples of the thread holding the GIL, raw collapsed stacks). The machine's other load
moves the rates a lot: compare the client CPU per message. Target (issue 6): push >= 15,000 msgs/s.
"""
from __future__ import annotations

import argparse
import cProfile
import itertools
import multiprocessing
import os
import pstats
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any, List, Optional

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer  # noqa: E402
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus  # noqa: E402
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere  # noqa: E402

TOPIC = "PushBenchTopic"
_groups = itertools.count()


def produce(namesrv_addr: str, count: int, body_size: int) -> None:
    """Async sends of ``count`` messages (at most 2,000 in flight), waiting for every callback."""
    from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
    from rocketmq_client.producer.send_callback import SendCallback
    from rocketmq_common.message.message import Message

    slots = threading.Semaphore(2000)
    done = threading.Event()
    counter = {"n": 0, "errors": 0}
    lock = threading.Lock()

    class Callback(SendCallback):
        def _count(self, ok: bool) -> None:
            with lock:
                counter["n"] += 1
                if not ok:
                    counter["errors"] += 1
                finished = counter["n"] >= count
            slots.release()
            if finished:
                done.set()

        def on_success(self, send_result: Any) -> None:
            self._count(True)

        def on_exception(self, e: BaseException) -> None:
            self._count(False)

    producer = DefaultMQProducer("PushBenchProducer")
    producer.set_namesrv_addr(namesrv_addr)
    producer.start()
    try:
        body = b"x" * body_size
        callback = Callback()
        for _ in range(count):
            slots.acquire()
            producer.send(Message(TOPIC, "TagA", body), callback)
        if not done.wait(600):
            raise RuntimeError("only %d of %d sends completed" % (counter["n"], count))
        if counter["errors"]:
            raise RuntimeError("%d sends failed" % counter["errors"])
    finally:
        producer.shutdown()


def run_cluster(store_dir: str, conn: Any) -> None:
    """Child process: name server + broker; ``("produce", n, body)`` requests produce, anything else stops."""
    import logging
    logging.basicConfig(level=logging.CRITICAL)  # the broker logs every answer to a consumer gone at shutdown
    from rocketmq_broker.embedded_cluster import EmbeddedCluster

    with EmbeddedCluster(store_dir=store_dir) as cluster:
        cluster.create_topic(TOPIC, 8)
        conn.send((cluster.namesrv_addr, os.getpid()))
        while True:
            try:
                request = conn.recv()
            except EOFError:
                break
            if not (isinstance(request, tuple) and request[0] == "produce"):
                break
            begin = time.perf_counter()
            produce(cluster.namesrv_addr, request[1], request[2])
            conn.send(time.perf_counter() - begin)
    conn.send("done")


def cpu_seconds(pid: int) -> Optional[float]:
    """User + system CPU time of process ``pid`` (Linux /proc; None elsewhere)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(field: str) -> Optional[int]:
    """``VmRSS`` / ``VmHWM`` of this process in KiB (Linux /proc; None elsewhere)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def reset_peak_rss() -> None:
    """Reset ``VmHWM`` to the current RSS (Linux >= 4.0: write 5 to clear_refs); best effort."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


class _ThreadProfiles:
    """cProfile in this thread and in every thread started while enabled (``threading.Thread.run`` wrapped)."""

    def __init__(self) -> None:
        self.profiles: List[cProfile.Profile] = []
        self._lock = threading.Lock()
        self._original_run = threading.Thread.run

    def _new_profile(self) -> cProfile.Profile:
        profile = cProfile.Profile()
        with self._lock:
            self.profiles.append(profile)
        return profile

    def enable(self) -> None:
        original_run = self._original_run
        new_profile = self._new_profile

        def run(thread: threading.Thread) -> None:
            profile = new_profile()
            profile.enable()
            try:
                original_run(thread)
            finally:
                profile.disable()

        threading.Thread.run = run  # type: ignore[assignment]
        new_profile().enable()

    def disable(self) -> None:
        threading.Thread.run = self._original_run  # type: ignore[assignment]
        self.profiles[0].disable()

    def print_stats(self, top: int) -> None:
        stats = pstats.Stats(self.profiles[0])
        for profile in self.profiles[1:]:
            try:
                stats.add(profile)
            except TypeError:  # a thread still running: no stats yet
                pass
        stats.sort_stats("tottime").print_stats(top)


class Counter:
    """The no-op listener: counts messages without a lock (``itertools.count`` is atomic in CPython), records the
    time of the first, sets ``done`` at ``expected``."""

    def __init__(self, expected: int) -> None:
        self.expected = expected
        self._counter = itertools.count(1)
        self.count = 0
        self.first: Optional[float] = None
        self.done = threading.Event()

    def __call__(self, msgs: List[Any], context: Any) -> ConsumeConcurrentlyStatus:
        if self.first is None:
            self.first = time.perf_counter()
        for _ in msgs:
            n = next(self._counter)
            if n >= self.expected:
                self.done.set()
        self.count = n
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS


def new_consumer(namesrv_addr: str, listener: Counter, threads: int) -> DefaultMQPushConsumer:
    consumer = DefaultMQPushConsumer("PushBenchGroup_%d_%d" % (os.getpid(), next(_groups)))
    consumer.set_namesrv_addr(namesrv_addr)
    consumer.set_consume_thread_min(threads)
    consumer.set_consume_thread_max(threads)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(TOPIC, "*")
    consumer.register_message_listener(listener)
    return consumer


def cached_messages(consumer: DefaultMQPushConsumer) -> int:
    table = consumer.get_default_mq_push_consumer_impl().get_rebalance_impl().get_process_queue_table()
    return sum(pq.get_msg_count().get() for pq in list(table.values()))


def consume(namesrv_addr: str, broker_pid: int, count: int, threads: int, profile: bool, sample: bool) -> None:
    listener = Counter(count)
    consumer = new_consumer(namesrv_addr, listener, threads)
    max_cached = 0
    profiler = _ThreadProfiles() if profile else None
    rss_before = rss_kib("VmRSS")
    reset_peak_rss()
    cpu_before = time.process_time()
    broker_before = cpu_seconds(broker_pid)
    begin = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    consumer.start()
    try:
        pause = threading.Event()
        while not listener.done.is_set():
            if sample:
                max_cached = max(max_cached, cached_messages(consumer))
            if time.perf_counter() - begin > 600:
                raise RuntimeError("only %d of %d messages consumed" % (listener.count, count))
            pause.wait(0.02)
        end = time.perf_counter()
    finally:
        if profiler is not None:
            profiler.disable()
        consumer.shutdown()
    cpu = time.process_time() - cpu_before
    broker_after = cpu_seconds(broker_pid)
    broker_note = "" if broker_before is None or broker_after is None else \
        ", broker CPU %.0f us/msg" % ((broker_after - broker_before) / count * 1e6)
    elapsed = end - begin
    steady = end - (listener.first or begin)
    name = "memory" if sample else "push"
    print("%-6s: %7d msgs of 1 KiB in %6.2f s = %7.0f msgs/s (from the first message: %7.0f msgs/s; "
          "client CPU %.0f us/msg%s)" % (name, count, elapsed, count / elapsed, count / steady, cpu / count * 1e6,
                                         broker_note))
    if sample:
        peak = rss_kib("VmHWM")
        if rss_before is not None and peak is not None:
            print("        peak RSS %.1f MiB (%.1f MiB above the %.1f MiB before start); at most %d messages cached "
                  "(thresholds: %d per queue x 8 queues)" % (peak / 1024, (peak - rss_before) / 1024,
                                                             rss_before / 1024, max_cached,
                                                             consumer.get_pull_threshold_for_queue()))
    if profiler is not None:
        profiler.print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=20000)
    parser.add_argument("--pending", type=int, default=200000)
    parser.add_argument("--body", type=int, default=1024)
    parser.add_argument("--threads", type=int, default=20, help="consume_thread_min/max (Java's default 20)")
    parser.add_argument("--profile", action="store_true", help="cProfile the push phase")
    parser.add_argument("--py-spy", dest="py_spy", metavar="FILE", help="record this process with py-spy")
    parser.add_argument("--skip-memory", action="store_true", help="skip the memory phase")
    args = parser.parse_args()

    store_dir = tempfile.mkdtemp(prefix="consumer_bench_")
    ctx = multiprocessing.get_context("spawn")
    parent_conn, child_conn = ctx.Pipe()
    cluster = ctx.Process(target=run_cluster, args=(store_dir, child_conn), daemon=True)
    cluster.start()
    spy = None
    try:
        if not parent_conn.poll(60):
            raise RuntimeError("the cluster did not start")
        namesrv_addr, broker_pid = parent_conn.recv()
        parent_conn.send(("produce", args.messages, args.body))
        print("produced %d messages in %.1f s" % (args.messages, parent_conn.recv()))
        if args.py_spy:
            spy = subprocess.Popen(["py-spy", "record", "--gil", "-r", "200", "-f", "raw", "-o", args.py_spy,
                                    "-p", str(os.getpid())], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)
        consume(namesrv_addr, broker_pid, args.messages, args.threads, args.profile, False)
        if not args.skip_memory:
            parent_conn.send(("produce", args.pending - args.messages, args.body))
            print("produced %d more messages in %.1f s" % (args.pending - args.messages, parent_conn.recv()))
            consume(namesrv_addr, broker_pid, args.pending, args.threads, False, True)
    finally:
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(60)
        try:
            parent_conn.send("stop")
            parent_conn.poll(60)
        except (OSError, EOFError):
            pass
        cluster.join(60)
        if cluster.is_alive():
            cluster.terminate()
        shutil.rmtree(store_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
