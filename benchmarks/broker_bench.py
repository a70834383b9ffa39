"""Broker send and pull throughput over real sockets, the broker in its own process.

A child process runs a name server and a broker (``EmbeddedCluster``: async flush, store in a temporary
directory) on ephemeral loopback ports; this process opens ``--connections`` connections and

* sends ``--messages`` 1 KiB SEND_MESSAGE_V2 requests (JSON headers, as the Java producer writes them), each
  connection to its own queue, pipelined up to ``--window`` requests in flight per connection (the frames are
  encoded before the clock starts, so the figure is the broker's); with ``--send-batch N``, SEND_BATCH_MESSAGE
  requests of N messages each instead;
* pulls them all back, each connection its own queue, PULL_MESSAGE after PULL_MESSAGE with ``maxMsgNums``
  ``--batch``.

    python benchmarks/broker_bench.py [--messages 40000] [--connections 4] [--body 1024] [--batch 32]
                                      [--window 128] [--send-batch 0] [--executors] [--selector-threads 1]
                                      [--transient-store-pool]
                                      [--py-spy FILE.svg]   # broker flame graph (FILE.txt: collapsed stacks)
    python benchmarks/broker_bench.py --in-process [--profile FILE.prof] ...

Each figure comes with the broker's CPU time (and its system part) and voluntary context switches per message
(steadier than the rate on a shared machine). ``--connections 1 --window 1`` is the sync, one-caller case;
``--executors`` runs sends and pulls on the broker's executors as Java does (``inline_send_and_pull_when_idle``
false), instead of on the event loop reading the connections while those executors are idle (to measure the
hand-offs); ``--selector-threads`` sets the number of event loops; ``--transient-store-pool`` buffers the commit
log's appends in memory (Java ``transientStorePoolEnable``) instead of copying them into the memory-mapped segment
(the default; neither makes a system call per append, but a broker crash loses what is still buffered).

``--in-process`` leaves the sockets out: the broker runs in this process and the same requests (decoded before
the clock starts) go straight to its send and pull processors, one after the other, so the figures are the CPU per
message of the processors and the store alone (``--profile FILE`` writes a cProfile of the sends).

Targets (issue 3): >= 10,000 sends/s from 4 connections, >= 30,000 msgs/s pulled in batches of 32.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from typing import List, Optional, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rocketmq_common.message.message import Message  # noqa: E402
from rocketmq_common.message.message_decoder import MessageDecoder  # noqa: E402
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader  # noqa: E402
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeaderV2  # noqa: E402
from rocketmq_common.protocol.request_code import RequestCode  # noqa: E402
from rocketmq_remoting.protocol.remoting_command import RemotingCommand  # noqa: E402

TOPIC = "BenchTopic"
_INT = struct.Struct(">i")


# ---------------------------------------------------------------------------------------------- broker process


def run_broker(store_dir: str, conn, executors: bool = False, selector_threads: int = 1,
               transient_store_pool: bool = False) -> None:
    """Child process: a name server and a broker (``EmbeddedCluster``, async flush) until ``conn`` receives
    anything (or closes); ``executors``: sends and pulls always on the broker's executors."""
    import logging
    logging.basicConfig(level=logging.ERROR)
    from rocketmq_broker.embedded_cluster import EmbeddedCluster
    from rocketmq_common.topic_config import TopicConfig

    with EmbeddedCluster(store_dir=store_dir,
                         broker_config={"inline_send_and_pull_when_idle": not executors},
                         message_store_config={"transient_store_pool_enable": transient_store_pool},
                         netty_server_config={"server_selector_threads": selector_threads}) as cluster:
        broker = cluster.broker_controller
        broker.get_topic_config_manager().update_topic_config(TopicConfig(TOPIC, 8, 8, 6))
        conn.send(broker.get_remoting_server().local_listen_port())
        try:
            conn.recv()
        except EOFError:
            pass
    conn.send("done")


def broker_cpu_seconds(pid: int) -> Optional[Tuple[float, float]]:
    """User and system CPU time of process ``pid`` (Linux /proc; None elsewhere)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / ticks, int(fields[12]) / ticks


# ---------------------------------------------------------------------------------------------- client side


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


def build_send_frames(count: int, queue_id: int, body: bytes, send_batch: int = 0) -> List[bytes]:
    """``count`` messages to ``queue_id`` as SEND_MESSAGE_V2 frames, or (``send_batch`` > 0) SEND_BATCH_MESSAGE
    frames of ``send_batch`` messages each (fewer in the last)."""
    frames = []
    if send_batch <= 0:
        for i in range(count):
            properties = "UNIQ_KEY\x017F0000010000%04X%016X\x02WAIT\x01true\x02TAGS\x01TagA" % (queue_id, i)
            header = SendMessageRequestHeaderV2(a="BenchPG", b=TOPIC, c="TBW102", d=4, e=queue_id, f=0,
                                                g=int(time.time() * 1000), h=0, i=properties, j=0, k=False, m=False,
                                                n="broker-a")
            frames.append(RemotingCommand.create_request_command(RequestCode.SEND_MESSAGE_V2, header, body).encode())
        return frames
    for first in range(0, count, send_batch):
        messages = []
        for i in range(first, min(first + send_batch, count)):
            msg = Message(TOPIC, body)
            msg.properties = {"UNIQ_KEY": "7F0000010000%04X%016X" % (queue_id, i), "TAGS": "TagA"}
            messages.append(msg)
        header = SendMessageRequestHeaderV2(a="BenchPG", b=TOPIC, c="TBW102", d=4, e=queue_id, f=0,
                                            g=int(time.time() * 1000), h=0, i="WAIT\x01true", j=0, k=False, m=True,
                                            n="broker-a")
        frames.append(RemotingCommand.create_request_command(RequestCode.SEND_BATCH_MESSAGE, header,
                                                             MessageDecoder.encode_messages(messages)).encode())
    return frames


def build_pull_request(queue_id: int, offset: int, batch: int) -> RemotingCommand:
    header = PullMessageRequestHeader(consumer_group="BenchCG", topic=TOPIC, queue_id=queue_id, queue_offset=offset,
                                      max_msg_nums=batch, sys_flag=4, commit_offset=0, suspend_timeout_millis=0,
                                      subscription="*", sub_version=0, expression_type="TAG")
    return RemotingCommand.create_request_command(RequestCode.PULL_MESSAGE, header)


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
        sock.sendall(build_pull_request(queue_id, offset, batch).encode())
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
    broker = ctx.Process(target=run_broker, args=(store_dir, child_conn, args.executors, args.selector_threads,
                                                        args.transient_store_pool),
                         daemon=True)
    broker.start()
    spy = None
    try:
        if not parent_conn.poll(60):
            raise RuntimeError("the broker did not start")
        port = parent_conn.recv()
        if args.py_spy:
            spy = subprocess.Popen(["py-spy", "record", "--gil", "--nonblocking", "-r", "200", "-o", args.py_spy,
                                    *(["--format", "raw"] if args.py_spy.endswith(".txt") else []),
                                    "-p", str(broker.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)  # let py-spy attach before the clock starts
        per_connection = args.messages // args.connections
        body = b"x" * args.body
        frames = [build_send_frames(per_connection, q, body, args.send_batch) for q in range(args.connections)]

        # ---- sends
        results: list = [None] * args.connections
        threads = [threading.Thread(target=send_connection, args=(port, frames[q], args.window, results, q))
                   for q in range(args.connections)]
        cpu_before = broker_cpu_seconds(broker.pid)
        switches_before = broker_context_switches(broker.pid)
        begin = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        send_elapsed = time.perf_counter() - begin
        send_cpu = _cpu_delta(broker.pid, cpu_before)
        send_switches = _switches_delta(broker.pid, switches_before)
        sent = per_connection * args.connections
        failures = [cmd for cmd in (RemotingCommand.decode(f) for r in results for f in r) if cmd.code != 0]
        if failures:
            raise RuntimeError("%d sends failed, first: %s" % (len(failures), failures[0]))
        send_rate = sent / send_elapsed
        print("send : %8d msgs of %d B from %d connections in %.2f s = %8.0f msgs/s%s"
              % (sent, args.body, args.connections, send_elapsed, send_rate, _cpu_note(send_cpu, sent, send_switches)))

        # ---- pulls
        pull_results: list = [None] * args.connections
        threads = [threading.Thread(target=pull_connection,
                                    args=(port, q, per_connection, args.batch, pull_results, q))
                   for q in range(args.connections)]
        cpu_before = broker_cpu_seconds(broker.pid)
        switches_before = broker_context_switches(broker.pid)
        begin = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        pull_elapsed = time.perf_counter() - begin
        pull_cpu = _cpu_delta(broker.pid, cpu_before)
        pull_switches = _switches_delta(broker.pid, switches_before)
        pulled = sum(r[0] for r in pull_results)
        pulls = sum(r[1] for r in pull_results)
        pull_rate = pulled / pull_elapsed
        print("pull : %8d msgs in %d pulls (batch %d) in %.2f s = %8.0f msgs/s%s"
              % (pulled, pulls, args.batch, pull_elapsed, pull_rate, _cpu_note(pull_cpu, pulled, pull_switches)))
        return send_rate, pull_rate
    finally:
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(60)
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


# ---------------------------------------------------------------------------------------------- in process


class _LoopbackChannel:
    """What the send and pull processors read from a channel: the peer address."""

    def remote_address(self) -> Tuple[str, int]:
        return "127.0.0.1", 50000

    def get_remote_addr(self) -> str:
        return "127.0.0.1:50000"


class _Context:
    """A ChannelHandlerContext stand-in: the processors' responses are returned, not written."""

    _channel = _LoopbackChannel()

    def channel(self) -> _LoopbackChannel:
        return self._channel


def run_in_process(args: argparse.Namespace) -> None:
    """``--in-process``: the broker in this process, its send and pull processors called directly."""
    import logging
    logging.basicConfig(level=logging.ERROR)
    from rocketmq_broker.embedded_cluster import EmbeddedCluster
    from rocketmq_common.topic_config import TopicConfig

    per_queue = args.messages // args.connections
    body = b"x" * args.body
    with EmbeddedCluster(store_dir=args.store,
                         message_store_config={"transient_store_pool_enable": args.transient_store_pool}) as cluster:
        broker = cluster.broker_controller
        broker.get_topic_config_manager().update_topic_config(TopicConfig(TOPIC, 8, 8, 6))
        server = broker.get_remoting_server()
        send_processor = server.get_processor_pair(RequestCode.SEND_MESSAGE_V2).object1
        pull_processor = server.get_processor_pair(RequestCode.PULL_MESSAGE).object1
        ctx = _Context()
        pid = os.getpid()

        requests = [RemotingCommand.decode(frame[4:]) for q in range(args.connections)
                    for frame in build_send_frames(per_queue, q, body, args.send_batch)]
        profile = None
        if args.profile:
            import cProfile
            profile = cProfile.Profile()
        cpu_before = broker_cpu_seconds(pid)
        switches_before = broker_context_switches(pid)
        begin = time.perf_counter()
        if profile is not None:
            profile.enable()
        responses = [send_processor.process_request(ctx, request) for request in requests]
        if profile is not None:
            profile.disable()
        elapsed = time.perf_counter() - begin
        send_cpu = _cpu_delta(pid, cpu_before)
        send_switches = _switches_delta(pid, switches_before)
        failures = [r for r in responses if r.code != 0]
        if failures:
            raise RuntimeError("%d sends failed, first: %s" % (len(failures), failures[0]))
        if profile is not None:
            profile.dump_stats(args.profile)
        sent = per_queue * args.connections
        print("send : %8d msgs of %d B in process in %.2f s = %8.0f msgs/s%s"
              % (sent, args.body, elapsed, sent / elapsed, _cpu_note(send_cpu, sent, send_switches)))

        offsets = [offset for _ in range(args.connections) for offset in range(0, per_queue, args.batch)]
        requests = [RemotingCommand.decode(build_pull_request(q, offset, args.batch).encode()[4:])
                    for q in range(args.connections) for offset in range(0, per_queue, args.batch)]
        cpu_before = broker_cpu_seconds(pid)
        switches_before = broker_context_switches(pid)
        begin = time.perf_counter()
        responses = [pull_processor.process_request(ctx, request) for request in requests]
        elapsed = time.perf_counter() - begin
        pull_cpu = _cpu_delta(pid, cpu_before)
        pull_switches = _switches_delta(pid, switches_before)
        if any(r.code != 0 for r in responses):
            raise RuntimeError("pull failed: %s" % next(r for r in responses if r.code != 0))
        pulled = sum(r.read_custom_header().next_begin_offset - offset for offset, r in zip(offsets, responses))
        print("pull : %8d msgs in %d pulls (batch %d) in process in %.2f s = %8.0f msgs/s%s"
              % (pulled, len(requests), args.batch, elapsed, pulled / elapsed,
                 _cpu_note(pull_cpu, pulled, pull_switches)))


def broker_context_switches(pid: int) -> Optional[int]:
    """Voluntary context switches of every thread of process ``pid`` so far (Linux /proc; None elsewhere): a
    thread blocking (a hand-off to another thread, a wait for the GIL, an idle socket) counts one."""
    total = 0
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            try:
                with open("/proc/%d/task/%s/status" % (pid, task)) as f:
                    for line in f:
                        if line.startswith("voluntary_ctxt_switches"):
                            total += int(line.split()[1])
            except OSError:
                pass  # the thread ended meanwhile
    except OSError:
        return None
    return total


def _cpu_delta(pid: int, before: Optional[Tuple[float, float]]) -> Optional[Tuple[float, float]]:
    after = broker_cpu_seconds(pid)
    return None if before is None or after is None else (after[0] - before[0], after[1] - before[1])


def _switches_delta(pid: int, before: Optional[int]) -> Optional[int]:
    after = broker_context_switches(pid)
    return None if before is None or after is None else after - before


def _cpu_note(cpu: Optional[Tuple[float, float]], count: int, switches: Optional[int] = None) -> str:
    if cpu is None or not count:
        return ""
    total = cpu[0] + cpu[1]
    note = " (broker CPU %.2f s, %.0f us/msg of which %.0f system" % (total, total / count * 1e6,
                                                                       cpu[1] / count * 1e6)
    if switches is not None:
        note += ", %.1f context switches/msg" % (switches / count)
    return note + ")"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=40000)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--body", type=int, default=1024)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--window", type=int, default=128, help="requests in flight per connection")
    parser.add_argument("--executors", action="store_true",
                        help="run sends and pulls on the broker's executors (Java), never on the event loop")
    parser.add_argument("--selector-threads", type=int, default=1, help="the broker's event loops")
    parser.add_argument("--transient-store-pool", action="store_true",
                        help="buffer commit-log appends in memory (Java transientStorePoolEnable)")
    parser.add_argument("--store", help="store directory (default: a temporary one)")
    parser.add_argument("--send-batch", type=int, default=0, metavar="N",
                        help="send SEND_BATCH_MESSAGE requests of N messages (default 0: SEND_MESSAGE_V2)")
    parser.add_argument("--py-spy", dest="py_spy", metavar="FILE",
                        help="record the broker process with py-spy (GIL-holding samples) into FILE (an SVG; "
                             "FILE.txt: collapsed stacks)")
    parser.add_argument("--in-process", action="store_true",
                        help="no sockets: call the broker's send and pull processors in this process")
    parser.add_argument("--profile", metavar="FILE", help="with --in-process: cProfile of the sends into FILE")
    args = parser.parse_args()
    if args.in_process:
        run_in_process(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
