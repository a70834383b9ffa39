"""Message store throughput: puts of 1 KiB messages (async and sync flush, 1 and several threads) and pulls
in batches of 32, in-process against real files.

    python benchmarks/store_bench.py [--messages 50000] [--body 1024] [--threads 4] [--dir DIR]
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import threading
import time
from typing import List, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rocketmq_broker.store.config.flush_disk_type import FlushDiskType  # noqa: E402
from rocketmq_broker.store.config.message_store_config import MessageStoreConfig  # noqa: E402
from rocketmq_broker.store.default_message_store import DefaultMessageStore  # noqa: E402
from rocketmq_common.message.message_decoder import MessageDecoder  # noqa: E402
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner  # noqa: E402

TOPIC = "BenchTopic"
QUEUES = 4


def build_messages(count: int, body_size: int) -> List[MessageExtBrokerInner]:
    """Messages as the send processor builds them (tags, unique key, WAIT, properties string)."""
    body = b"x" * body_size
    messages = []
    for i in range(count):
        msg = MessageExtBrokerInner()
        msg.topic = TOPIC
        msg.queue_id = i % QUEUES
        msg.body = body
        msg.born_host = ("127.0.0.1", 50000)
        msg.store_host = ("127.0.0.1", 10911)
        msg.born_timestamp = int(time.time() * 1000)
        msg.properties = {"TAGS": "TagA", "UNIQ_KEY": "7F00000100002A9F0000%012X" % i, "WAIT": "true"}
        msg.tags_code = MessageExtBrokerInner.tags_string2tags_code("TagA")
        msg.properties_string = MessageDecoder.message_properties2string(msg.properties)
        messages.append(msg)
    return messages


def bench_puts(root: str, flush: FlushDiskType, messages: List[MessageExtBrokerInner], threads: int
               ) -> Tuple[float, float]:
    """Puts per second, and CPU microseconds per put (the whole process: flush threads included)."""
    config = MessageStoreConfig(store_path_root_dir=root, flush_disk_type=flush)
    with DefaultMessageStore(config) as store:
        chunks = [messages[i::threads] for i in range(threads)]
        failures = []

        def run(chunk: List[MessageExtBrokerInner]) -> None:
            for msg in chunk:
                if not store.put_message(msg).is_ok():
                    failures.append(msg)

        workers = [threading.Thread(target=run, args=(c,)) for c in chunks]
        begin = time.perf_counter()
        cpu_begin = time.process_time()
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        elapsed = time.perf_counter() - begin
        cpu = time.process_time() - cpu_begin
        if failures:
            raise SystemExit("%d puts failed" % len(failures))
    return len(messages) / elapsed, cpu / len(messages) * 1e6


def bench_pulls(root: str) -> float:
    """Messages pulled per second (batches of 32, every queue from 0) from the store written before."""
    config = MessageStoreConfig(store_path_root_dir=root)
    with DefaultMessageStore(config) as store:
        total = 0
        begin = time.perf_counter()
        for queue_id in range(QUEUES):
            offset = 0
            while True:
                result = store.get_message("bench", TOPIC, queue_id, offset, 32)
                if result.get_message_count() == 0:
                    break
                total += result.get_message_count()
                b"".join(result.message_buffer_list)
                offset = result.next_begin_offset
        elapsed = time.perf_counter() - begin
    return total / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=50000)
    parser.add_argument("--body", type=int, default=1024)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--sync-messages", type=int, default=5000)
    parser.add_argument("--dir", default=None, help="parent directory of the stores (default: a temp dir)")
    args = parser.parse_args()
    parent = tempfile.mkdtemp(prefix="store_bench_", dir=args.dir)
    try:
        async_root = os.path.join(parent, "async")
        rate, cpu = bench_puts(async_root, FlushDiskType.ASYNC_FLUSH, build_messages(args.messages, args.body), 1)
        print("async flush, 1 thread : %8.0f puts/s, %5.1f us CPU/put (%d x %d B)"
              % (rate, cpu, args.messages, args.body))
        rate, cpu = bench_puts(os.path.join(parent, "async_mt"), FlushDiskType.ASYNC_FLUSH,
                               build_messages(args.messages, args.body), args.threads)
        print("async flush, %d threads: %8.0f puts/s, %5.1f us CPU/put" % (args.threads, rate, cpu))
        rate, cpu = bench_puts(os.path.join(parent, "sync"), FlushDiskType.SYNC_FLUSH,
                               build_messages(args.sync_messages, args.body), 1)
        print("sync flush, 1 thread  : %8.0f puts/s, %5.1f us CPU/put" % (rate, cpu))
        rate, cpu = bench_puts(os.path.join(parent, "sync_mt"), FlushDiskType.SYNC_FLUSH,
                               build_messages(args.sync_messages, args.body), args.threads * 4)
        print("sync flush, %d threads: %8.0f puts/s, %5.1f us CPU/put" % (args.threads * 4, rate, cpu))
        print("pull, batches of 32   : %8.0f msgs/s" % bench_pulls(async_root))
    finally:
        shutil.rmtree(parent, ignore_errors=True)


if __name__ == "__main__":
    main()
