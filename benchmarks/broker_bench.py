"""Broker send and pull throughput over real sockets, the broker in its own process.

A child process runs a ``BrokerController`` (async flush, store in a temporary directory) on an ephemeral
loopback port; this process opens ``--connections`` connections and

* sends ``--messages`` 1 KiB SEND_MESSAGE_V2 requests (JSON headers, as the Java producer writes them), each
  connection to its own queue, pipelined up to ``--window`` requests in flight per connection (the frames are
  encoded before the clock starts, so the figure is the broker's);
* pulls them all back, each connection its own queue, PULL_MESSAGE after PULL_MESSAGE with ``maxMsgNums``
  ``--batch``.

    python benchmarks/broker_bench.py [--messages 40000] [--connections 4] [--body 1024] [--batch 32]
                                      [--profile FILE]   # cProfile of the broker process, written at exit

Targets (issue 3): >= 10,000 sends/s from 4 connections, >= 30,000 msgs/s pulled in batches of 32.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import socket
import struct
import sys
import tempfile
import threading
import time
from typing import List, Optional, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader  # noqa: E402
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeaderV2  # noqa: E402
from rocketmq_common.protocol.request_code import RequestCode  # noqa: E402
from rocketmq_remoting.protocol.remoting_command import RemotingCommand  # noqa: E402

TOPIC = "BenchTopic"
_INT = struct.Struct(">i")


# ---------------------------------------------------------------------------------------------- broker process


def run_broker(store_dir: str, conn, profile: Optional[str]) -> None:
    """Child process: a broker until ``conn`` receives anything (or closes)."""
    import logging
    logging.basicConfig(level=logging.ERROR)
    from rocketmq_broker.broker_config import BrokerConfig
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
    from rocketmq_common.topic_config import TopicConfig
    from rocketmq_remoting.netty.netty_server_config import NettyServerConfig

    profiler = None
    if profile:
        import cProfile
        profiler = cProfile.Profile()
        profiler.enable()
        threading.setprofile(_thread_profiler(profiler))
    broker = BrokerController(BrokerConfig(namesrv_addr=None, send_message_thread_pool_nums=int(os.environ.get("SENDT", "2"))),
                              NettyServerConfig(listen_port=0, bind_address="127.0.0.1"), None,
                              MessageStoreConfig(store_path_root_dir=store_dir))
    with broker:
        if os.environ.get("INLINE"):
            class Inline:
                def execute(self, fn, *args):
                    fn(*args)
            server = broker.get_remoting_server()
            for code in (10, 310, 320, 11):
                pair = server.processor_table[code]
                server.register_processor(code, pair.object1, Inline())
        broker.get_topic_config_manager().update_topic_config(TopicConfig(TOPIC, 8, 8, 6))
        conn.send(broker.get_remoting_server().local_listen_port())
        try:
            conn.recv()
        except EOFError:
            pass
    if profiler is not None:
        threading.setprofile(None)
        profiler.disable()
        profiler.dump_stats(profile)
    conn.send("done")


def _thread_profiler(profiler):
    """``threading.setprofile`` hook that profiles every new thread into ``profiler`` too (cProfile only sees
    the thread that enabled it; sharing one profiler across threads is good enough for a hot-spot listing)."""
    def hook(frame, event, arg):
        sys.setprofile(None)
        profiler.enable()
    return hook


# ---------------------------------------------------------------------------------------------- client side


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    chunks = []
    while n:
        chunk = sock.recv(max(n, 65536) if n > 65536 else n)
        if not chunk:
            raise ConnectionError("broker closed the connection")
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


class FrameReader:
    """Cuts frames out of a socket with large reads."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buf = bytearray()

    def next_frame(self) -> bytes:
        buf = self.buf
        while True:
            if len(buf) >= 4:
                (length,) = _INT.unpack_from(buf, 0)
                if len(buf) >= 4 + length:
                    frame = bytes(buf[4:4 + length])
                    del buf[:4 + length]
                    return frame
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("broker closed the connection")
            buf += chunk


def build_send_frames(count: int, queue_id: int, body: bytes) -> List[bytes]:
    frames = []
    for i in range(count):
        properties = "UNIQ_KEY\x017F0000010000%04X%016X\x02WAIT\x01true\x02TAGS\x01TagA" % (queue_id, i)
        header = SendMessageRequestHeaderV2(a="BenchPG", b=TOPIC, c="TBW102", d=4, e=queue_id, f=0,
                                            g=int(time.time() * 1000), h=0, i=properties, j=0, k=False, m=False,
                                            n="broker-a")
        frames.append(RemotingCommand.create_request_command(RequestCode.SEND_MESSAGE_V2, header, body).encode())
    return frames


def send_connection(port: int, frames: List[bytes], window: int, result: list, index: int) -> None:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    in_flight = threading.Semaphore(window)
    responses: List[bytes] = []

    def reader() -> None:
        frame_reader = FrameReader(sock)
        for _ in range(len(frames)):
            responses.append(frame_reader.next_frame())
            in_flight.release()

    reader_thread = threading.Thread(target=reader, daemon=True)
    reader_thread.start()
    for frame in frames:
        in_flight.acquire()
        sock.sendall(frame)
    reader_thread.join()
    sock.close()
    result[index] = responses


def pull_connection(port: int, queue_id: int, max_offset: int, batch: int, result: list, index: int) -> None:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    frame_reader = FrameReader(sock)
    offset = 0
    pulled = 0
    pulls = 0
    while offset < max_offset:
        header = PullMessageRequestHeader(consumer_group="BenchCG", topic=TOPIC, queue_id=queue_id,
                                          queue_offset=offset, max_msg_nums=batch, sys_flag=4, commit_offset=0,
                                          suspend_timeout_millis=0, subscription="*", sub_version=0,
                                          expression_type="TAG")
        sock.sendall(RemotingCommand.create_request_command(RequestCode.PULL_MESSAGE, header).encode())
        response = RemotingCommand.decode(frame_reader.next_frame())
        if response.code != 0:
            raise RuntimeError("pull failed: %s" % response)
        next_offset = int(response.ext_fields["nextBeginOffset"])
        pulled += next_offset - offset
        offset = next_offset
        pulls += 1
    sock.close()
    result[index] = (pulled, pulls)


def run(args: argparse.Namespace) -> Tuple[float, float]:
    store_dir = args.store or tempfile.mkdtemp(prefix="broker_bench_")
    ctx = multiprocessing.get_context("spawn")
    parent_conn, child_conn = ctx.Pipe()
    broker = ctx.Process(target=run_broker, args=(store_dir, child_conn, args.profile), daemon=True)
    broker.start()
    try:
        if not parent_conn.poll(60):
            raise RuntimeError("the broker did not start")
        port = parent_conn.recv()
        per_connection = args.messages // args.connections
        body = b"x" * args.body
        frames = [build_send_frames(per_connection, q, body) for q in range(args.connections)]

        # ---- sends
        results: list = [None] * args.connections
        threads = [threading.Thread(target=send_connection, args=(port, frames[q], args.window, results, q))
                   for q in range(args.connections)]
        begin = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        send_elapsed = time.perf_counter() - begin
        sent = sum(len(r) for r in results)
        failures = [cmd for cmd in (RemotingCommand.decode(f) for r in results for f in r) if cmd.code != 0]
        if failures:
            raise RuntimeError("%d sends failed, first: %s" % (len(failures), failures[0]))
        send_rate = sent / send_elapsed
        print("send : %8d msgs of %d B from %d connections in %.2f s = %8.0f msgs/s"
              % (sent, args.body, args.connections, send_elapsed, send_rate))

        # ---- pulls
        pull_results: list = [None] * args.connections
        threads = [threading.Thread(target=pull_connection,
                                    args=(port, q, per_connection, args.batch, pull_results, q))
                   for q in range(args.connections)]
        begin = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        pull_elapsed = time.perf_counter() - begin
        pulled = sum(r[0] for r in pull_results)
        pulls = sum(r[1] for r in pull_results)
        pull_rate = pulled / pull_elapsed
        print("pull : %8d msgs in %d pulls (batch %d) in %.2f s = %8.0f msgs/s"
              % (pulled, pulls, args.batch, pull_elapsed, pull_rate))
        return send_rate, pull_rate
    finally:
        try:
            parent_conn.send("stop")
            parent_conn.poll(60)
        except (OSError, EOFError):
            pass
        broker.join(60)
        if broker.is_alive():
            broker.terminate()
        if args.store is None:
            shutil.rmtree(store_dir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=40000)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--body", type=int, default=1024)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--window", type=int, default=128, help="requests in flight per connection")
    parser.add_argument("--store", help="store directory (default: a temporary one)")
    parser.add_argument("--profile", help="write a cProfile of the broker process to this file")
    args = parser.parse_args()
    run(args)


if __name__ == "__main__":
    main()
