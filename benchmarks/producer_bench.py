"""DefaultMQProducer throughput over real sockets, the name server and broker in their own process.

A child process runs ``EmbeddedCluster`` (a name server and broker-a, async flush, store in a temporary directory,
topic ``BenchTopic`` with 8 queues); this process runs a started DefaultMQProducer and measures, with 1 KiB bodies:

* ``sync 1``: ``producer.send(msg)`` from one thread;
* ``sync N``: the same from ``--threads`` threads;
* ``async``: ``producer.send(msg, callback)`` from one thread, until every callback ran (at most ``--window``
  sends in flight, as an application bounds its outstanding sends);
* ``futures``: ``producer.send_async(msg)`` for every message at once from one thread, then
  ``concurrent.futures.wait`` (the form of ``../shared/anchors/perf_client.py``'s async phase).

    python benchmarks/producer_bench.py [--messages 20000] [--threads 4] [--body 1024] [--window 2000]
                                        [--profile sync1|syncN|async] [--py-spy FILE.svg] [--thread-cpu] [--gc]

``--profile`` runs cProfile in this process for one phase and prints the top functions; ``--py-spy`` records the
client process (all phases, GIL-holding samples) with py-spy into an SVG (collapsed stacks for a .txt);
``--thread-cpu`` splits the client's CPU per message by thread name (Linux), e.g. the AsyncSenderExecutor threads,
the channel reader and the callback executor of the async phase. The client's user CPU is shown apart: the
Python work of the send path, without the kernel's share (socket calls, wake-ups), which is most of the rest.
Targets (issue 4): sync 1 thread >= 3,000 msgs/s, 4 threads >= 5,000 msgs/s, async >= 10,000 msgs/s.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import cProfile
import gc
import multiprocessing
import os
import pstats
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any, Callable, Dict, Optional

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rocketmq_client.producer.default_mq_producer import DefaultMQProducer  # noqa: E402
from rocketmq_remoting.common.semaphore import Semaphore  # noqa: E402
from rocketmq_client.producer.send_callback import SendCallback  # noqa: E402
from rocketmq_client.producer.send_status import SendStatus  # noqa: E402
from rocketmq_common.message.message import Message  # noqa: E402

TOPIC = "BenchTopic"


def run_cluster(store_dir: str, conn: Any) -> None:
    """Child process: name server + broker until ``conn`` receives anything (or closes)."""
    import logging
    logging.basicConfig(level=logging.ERROR)
    from rocketmq_broker.embedded_cluster import EmbeddedCluster
    from rocketmq_common.topic_config import TopicConfig

    with EmbeddedCluster(store_dir=store_dir) as cluster:
        broker = cluster.broker_controller
        broker.get_topic_config_manager().update_topic_config(TopicConfig(TOPIC, 8, 8, 6))
        broker.register_broker_all(True, False, True)
        conn.send((cluster.namesrv_addr, os.getpid()))
        try:
            conn.recv()
        except EOFError:
            pass
    conn.send("done")


def cpu_seconds(pid: int) -> Optional[float]:
    """User + system CPU time of process ``pid`` (Linux /proc; None elsewhere)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu_seconds() -> Dict[str, float]:
    """User + system CPU time of this process's live threads by name, digits replaced by ``#`` (so that the
    threads of a pool add up); empty where /proc is missing."""
    names = {t.native_id: re.sub(r"\d+", "#", t.name) for t in threading.enumerate()}
    out: Dict[str, float] = {}
    try:
        tids = os.listdir("/proc/self/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open("/proc/self/task/%s/stat" % tid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        name = names.get(int(tid), "(unnamed)")
        out[name] = out.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return out


class CountingCallback(SendCallback):
    """Counts outcomes; releases a window slot per outcome; ``done`` is set after ``expected`` outcomes."""

    def __init__(self, expected: int, window: int) -> None:
        self.expected = expected
        self.ok = 0
        self.errors = 0
        self.first_error: Optional[BaseException] = None
        self.slots = Semaphore(window)  # (threading.Semaphore's Python-level path would cost ~2 us per send here)
        self.lock = threading.Lock()
        self.done = threading.Event()

    def _count(self, ok: bool, e: Optional[BaseException] = None) -> None:
        with self.lock:
            if ok:
                self.ok += 1
            else:
                self.errors += 1
                if self.first_error is None:
                    self.first_error = e
            finished = self.ok + self.errors >= self.expected
        self.slots.release()
        if finished:
            self.done.set()

    def on_success(self, send_result: Any) -> None:
        self._count(send_result.get_send_status() is SendStatus.SEND_OK)

    def on_exception(self, e: BaseException) -> None:
        self._count(False, e)


def phase_sync(producer: DefaultMQProducer, count: int, threads: int, body: bytes) -> None:
    per_thread = count // threads
    failures: list = []

    def worker() -> None:
        send = producer.send
        for _ in range(per_thread):
            if send(Message(TOPIC, "TagA", body)).get_send_status() is not SendStatus.SEND_OK:
                failures.append(1)

    if threads == 1:
        worker()
    else:
        workers = [threading.Thread(target=worker) for _ in range(threads)]
        for t in workers:
            t.start()
        for t in workers:
            t.join()
    if failures:
        raise RuntimeError("%d sends were not SEND_OK" % len(failures))


def phase_async(producer: DefaultMQProducer, count: int, window: int, body: bytes) -> None:
    callback = CountingCallback(count, window)
    send = producer.send
    acquire = callback.slots.acquire
    for _ in range(count):
        acquire()
        send(Message(TOPIC, "TagA", body), callback)
    if not callback.done.wait(120):
        raise RuntimeError("only %d of %d callbacks ran" % (callback.ok + callback.errors, count))
    if callback.errors:
        raise RuntimeError("%d async sends failed, first: %r" % (callback.errors, callback.first_error))


def phase_futures(producer: DefaultMQProducer, count: int, body: bytes) -> None:
    futures = [producer.send_async(Message(TOPIC, "TagA", body)) for _ in range(count)]
    concurrent.futures.wait(futures, timeout=120)
    failed = sum(1 for f in futures if not f.done() or f.exception() is not None
                 or f.result().get_send_status() is not SendStatus.SEND_OK)
    if failed:
        raise RuntimeError("%d of %d send_async futures failed" % (failed, count))


class GCTimer:
    """Wall time of the cyclic collector's runs (``gc.callbacks``): in all, and of full (generation 2) ones."""

    def __init__(self) -> None:
        self.seconds = [0.0, 0.0, 0.0]
        self.counts = [0, 0, 0]
        self._start = 0.0

    def __call__(self, phase: str, info: Dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            generation = info["generation"]
            self.seconds[generation] += time.perf_counter() - self._start
            self.counts[generation] += 1


def measure(name: str, phase: Callable[[], None], count: int, broker_pid: int, profile: bool,
            thread_cpu: bool = False, gc_time: bool = False) -> float:
    gc_timer = GCTimer() if gc_time else None
    if gc_timer is not None:
        gc.callbacks.append(gc_timer)
    threads_before = thread_cpu_seconds() if thread_cpu else {}
    client_before = cpu_seconds(os.getpid())
    client_user_before = os.times().user
    broker_before = cpu_seconds(broker_pid)
    profiler = cProfile.Profile() if profile else None
    begin = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    phase()
    if profiler is not None:
        profiler.disable()
    elapsed = time.perf_counter() - begin
    if gc_timer is not None:
        gc.callbacks.remove(gc_timer)
    rate = count / elapsed
    note = ""
    client_after, broker_after = cpu_seconds(os.getpid()), cpu_seconds(broker_pid)
    client_user = os.times().user - client_user_before
    if None not in (client_before, client_after, broker_before, broker_after):
        note = " (CPU per msg: client %.0f us (user %.0f), broker %.0f us)" % (
            (client_after - client_before) / count * 1e6, client_user / count * 1e6,
            (broker_after - broker_before) / count * 1e6)
    print("%-7s: %7d msgs of 1 KiB in %6.2f s = %7.0f msgs/s%s" % (name, count, elapsed, rate, note))
    if gc_timer is not None:
        print("    garbage collector: %.1f us/msg in %d runs, of which full collections %.1f us/msg in %d"
              % (sum(gc_timer.seconds) / count * 1e6, sum(gc_timer.counts), gc_timer.seconds[2] / count * 1e6,
                 gc_timer.counts[2]))
    if thread_cpu and client_before is not None and client_after is not None:
        threads_after = thread_cpu_seconds()
        spent = {k: v - threads_before.get(k, 0.0) for k, v in threads_after.items()}
        spent["(threads that ended)"] = (client_after - client_before) - sum(spent.values())
        for thread_name, seconds in sorted(spent.items(), key=lambda item: -item[1]):
            if seconds / count >= 0.5e-6:
                print("    %-40s %6.1f us/msg" % (thread_name, seconds / count * 1e6))
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=20000)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--body", type=int, default=1024)
    parser.add_argument("--window", type=int, default=2000, help="async sends in flight at most")
    parser.add_argument("--profile", choices=("sync1", "syncN", "async"), help="cProfile one phase")
    parser.add_argument("--thread-cpu", dest="thread_cpu", action="store_true",
                        help="split the client CPU per message by thread name")
    parser.add_argument("--gc", dest="gc_time", action="store_true",
                        help="time the cyclic garbage collector's runs per message")
    parser.add_argument("--py-spy", dest="py_spy", metavar="FILE",
                        help="record this process with py-spy (GIL-holding samples) into FILE (an SVG; FILE.txt: "
                             "collapsed stacks)")
    args = parser.parse_args()

    store_dir = tempfile.mkdtemp(prefix="producer_bench_")
    ctx = multiprocessing.get_context("spawn")
    parent_conn, child_conn = ctx.Pipe()
    cluster = ctx.Process(target=run_cluster, args=(store_dir, child_conn), daemon=True)
    cluster.start()
    spy = None
    producer = None
    try:
        if not parent_conn.poll(60):
            raise RuntimeError("the cluster did not start")
        namesrv_addr, broker_pid = parent_conn.recv()
        producer = DefaultMQProducer("BenchProducerGroup")
        producer.set_namesrv_addr(namesrv_addr)
        producer.start()
        body = b"x" * args.body
        phase_sync(producer, 200, 1, body)  # warm up: route, connection, broker pools
        phase_async(producer, 200, args.window, body)
        if args.py_spy:
            spy = subprocess.Popen(["py-spy", "record", "--gil", "--nonblocking", "-r", "200", "-o", args.py_spy,
                                    *(["--format", "raw"] if args.py_spy.endswith(".txt") else []),
                                    "-p", str(os.getpid())], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)
        n = args.messages
        measure("sync 1", lambda: phase_sync(producer, n, 1, body), n, broker_pid, args.profile == "sync1",
                args.thread_cpu, args.gc_time)
        measure("sync %d" % args.threads, lambda: phase_sync(producer, n, args.threads, body), n, broker_pid,
                args.profile == "syncN", args.thread_cpu, args.gc_time)
        measure("async", lambda: phase_async(producer, n, args.window, body), n, broker_pid,
                args.profile == "async", args.thread_cpu, args.gc_time)
        measure("futures", lambda: phase_futures(producer, n, body), n, broker_pid, False, args.thread_cpu,
                args.gc_time)
    finally:
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(60)
        if producer is not None:
            producer.shutdown()
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
