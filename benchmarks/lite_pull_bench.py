"""DefaultLitePullConsumer poll-loop throughput over real sockets, the name server and broker in their own process.

A child process runs ``EmbeddedCluster`` (a name server and broker-a, async flush, store in a temporary directory,
topic ``LitePullBenchTopic`` with 8 queues) and produces ``--messages`` (20,000) messages of ``--body`` (1 KiB)
bytes into it with its own producer, so this process only consumes. Phases (each a new group reading from the first
offset, ``poll()`` in a loop on one thread until every message came, default consumer settings unless given):

* ``subscribe``: ``subscribe(topic, "*")``, queues from the rebalance;
* ``assign``: ``assign(all 8 queues)``.

Each prints the rate from ``start()`` to the last message (start-up and, for subscribe, the first rebalance
included) and from the first message to the last one.

    python benchmarks/lite_pull_bench.py [--messages 20000] [--body 1024] [--batch 10] [--threads 20]
                                         [--phase subscribe|assign|all] [--profile] [--py-spy FILE.svg]

``--profile`` runs cProfile in the polling thread during the first phase and prints the top functions;
``--py-spy FILE`` records this process with py-spy (samples of the thread holding the GIL, raw collapsed stacks).
Target (issue 6): lite pull poll loop >= 20,000 msgs/s. Keep ``--threads`` at least the number of queues: as in
Java, a pull task blocks its thread while the broker holds its pull (long polling, up to 20 s) on a drained queue.
"""
from __future__ import annotations

import argparse
import cProfile
import itertools
import logging
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
from typing import Any, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer  # noqa: E402
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere  # noqa: E402
from rocketmq_common.message.message_queue import MessageQueue  # noqa: E402

TOPIC = "LitePullBenchTopic"
QUEUES = 8
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
                counter["errors"] += 0 if ok else 1
                finished = counter["n"] >= count
            slots.release()
            if finished:
                done.set()

        def on_success(self, send_result: Any) -> None:
            self._count(True)

        def on_exception(self, e: BaseException) -> None:
            self._count(False)

    producer = DefaultMQProducer("LitePullBenchProducer")
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


def run_cluster(store_dir: str, count: int, body_size: int, conn: Any) -> None:
    """Child process: name server + broker with ``count`` messages produced; runs until ``conn`` gets anything."""
    import logging
    logging.basicConfig(level=logging.ERROR)
    from rocketmq_broker.embedded_cluster import EmbeddedCluster

    with EmbeddedCluster(store_dir=store_dir) as cluster:
        cluster.create_topic(TOPIC, QUEUES)
        begin = time.perf_counter()
        produce(cluster.namesrv_addr, count, body_size)
        conn.send((cluster.namesrv_addr, os.getpid(), time.perf_counter() - begin))
        try:
            conn.recv()
        except EOFError:
            pass
    conn.send("done")


def new_consumer(namesrv_addr: str, args: argparse.Namespace) -> DefaultLitePullConsumer:
    consumer = DefaultLitePullConsumer("LitePullBenchGroup%d" % next(_groups))
    consumer.set_namesrv_addr(namesrv_addr)
    consumer.set_instance_name("lite-pull-bench-%d" % os.getpid())
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.set_pull_batch_size(args.batch)
    consumer.set_pull_thread_nums(args.threads)
    return consumer


def poll_all(consumer: DefaultLitePullConsumer, count: int) -> Tuple[float, float, int]:
    """Start the consumer and poll until ``count`` messages came: (seconds from start, seconds from the first
    message, polls)."""
    begin = time.perf_counter()
    consumer.start()
    received = 0
    polls = 0
    first = None
    deadline = begin + 300
    while received < count:
        msgs = consumer.poll(1000)
        polls += 1
        if msgs:
            if first is None:
                first = time.perf_counter()
            received += len(msgs)
        elif time.perf_counter() > deadline:
            raise RuntimeError("only %d of %d messages polled" % (received, count))
    end = time.perf_counter()
    return end - begin, end - (first or begin), polls


def run_phase(name: str, namesrv_addr: str, args: argparse.Namespace, profile: bool) -> None:
    consumer = new_consumer(namesrv_addr, args)
    if name == "subscribe":
        consumer.subscribe(TOPIC, "*")
    else:
        consumer.assign([MessageQueue(TOPIC, "broker-a", i) for i in range(QUEUES)])
    profiler = cProfile.Profile() if profile else None
    if profiler is not None:
        profiler.enable()
    cpu_before = time.process_time()
    try:
        total, steady, polls = poll_all(consumer, args.messages)
        cpu = time.process_time() - cpu_before
    finally:
        if profiler is not None:
            profiler.disable()
        consumer.shutdown()
    print("%-9s %6d msgs (batch %d, %d pull threads): %8.0f msgs/s from start() (%.2f s), %8.0f msgs/s from the "
          "first message, %.1f msgs/poll, client CPU %.0f us/msg" % (
              name, args.messages, args.batch, args.threads, args.messages / total, total, args.messages / steady,
              args.messages / polls, cpu / args.messages * 1e6), flush=True)
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--messages", type=int, default=20000)
    parser.add_argument("--body", type=int, default=1024)
    parser.add_argument("--batch", type=int, default=10, help="pull_batch_size (Java default 10)")
    parser.add_argument("--threads", type=int, default=20, help="pull_thread_nums (Java default 20)")
    parser.add_argument("--phase", choices=("subscribe", "assign", "all"), default="all")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--py-spy", dest="py_spy", default=None)
    args = parser.parse_args()
    # the consumer logs an error per queue at the first automatic commit (no offset consumed yet), as Java does
    logging.basicConfig(level=logging.CRITICAL)

    store_dir = tempfile.mkdtemp(prefix="lite-pull-bench-")
    ctx = multiprocessing.get_context("spawn")
    parent_conn, child_conn = ctx.Pipe()
    cluster = ctx.Process(target=run_cluster, args=(store_dir, args.messages, args.body, child_conn), daemon=True)
    cluster.start()
    spy = None
    try:
        if not parent_conn.poll(900):
            raise RuntimeError("the cluster process did not start and produce within 900 s")
        namesrv_addr, _pid, produce_seconds = parent_conn.recv()
        print("produced %d messages of %d bytes in %.1f s (broker process)" % (args.messages, args.body,
                                                                              produce_seconds), flush=True)
        if args.py_spy:
            spy = subprocess.Popen(["py-spy", "record", "--gil", "-r", "200", "-f", "raw", "-o", args.py_spy, "-p",
                                    str(os.getpid())], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        phases = ("subscribe", "assign") if args.phase == "all" else (args.phase,)
        for i, phase in enumerate(phases):
            run_phase(phase, namesrv_addr, args, args.profile and i == 0)
    finally:
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(30)
        parent_conn.send("stop")
        try:
            parent_conn.recv()
        except EOFError:
            pass
        cluster.join(30)
        shutil.rmtree(store_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
