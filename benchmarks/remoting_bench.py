"""Remoting layer throughput: frame codec, and NettyRemotingClient round trips to a NettyRemotingServer in another
process.

Figures printed (each also with the CPU time both processes spent per request, which is steadier than
wall-clock rates on a shared machine):

1. encode + decode of a SEND_MESSAGE_V2 request (``SendMessageRequestHeaderV2``, 1 KiB body), per serialization
   (JSON, ROCKETMQ); ``+header`` also builds the header object and decodes it back from extFields, as a producer
   and a broker do per message;
2. sync round trips from one caller thread, to a processor registered ``inline_when_idle`` (run on the
   server's event loop while its executor is idle, as the broker registers sends and pulls) and to one on the
   public executor (Java's way: a thread hand-off per request);
   Printed after a reference: round trips over a plain Python socket to a plain echo loop in the server process,
   the best any Python client can do on this machine at this moment (on small virtual machines it swings with the
   host's state: waking an idle vCPU can cost 100 us);
3. async requests with 1,000 in flight (the client's async permits are set to 1,000 and the caller issues
   requests back to back, so the permits are the window), to the ``inline_when_idle`` processor (pipelined
   requests run on the event loop too, their responses sent together).

The server (``--serve``, started by the benchmark in a child process on an ephemeral loopback port) answers with a
small response and a 64-byte body.

    python benchmarks/remoting_bench.py [--seconds 3] [--pin] [--profile FILE]

Results and their history are in benchmarks/README.md. ``--pin`` runs both
processes on CPU 0 (Linux): a ping-pong on one CPU avoids cross-CPU wake-ups, which dominate sync latency on small
virtual machines. ``--profile`` writes a cProfile of the client process.
Targets: codec >= 50,000 ops/s per serialization; sync >= 8,000/s; async (1,000 in flight) >= 25,000/s.
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import threading
import time
from typing import Callable, Optional, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeaderV2  # noqa: E402
from rocketmq_remoting.invoke_callback import InvokeCallback  # noqa: E402
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig  # noqa: E402
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor  # noqa: E402
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig  # noqa: E402
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, SerializeType  # noqa: E402
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient  # noqa: E402
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer  # noqa: E402

SEND_MESSAGE_V2 = 310
ON_EXECUTOR = 311  # the same processor, never run inline
PROPERTIES = "UNIQ_KEY\x01C0A8000100002A9F0000000000000001\x02WAIT\x01true\x02TAGS\x01TagA\x02"
BODY = bytes(range(256)) * 4  # 1 KiB
WINDOW = 1000


def make_header() -> SendMessageRequestHeaderV2:
    return SendMessageRequestHeaderV2(a="BenchProducerGroup", b="BenchTopic", c="TBW102", d=4, e=1, f=0,
                                      g=1700000000000, h=0, i=PROPERTIES, j=0, k=False, m=False, n="broker-a")


def make_request(serialize_type: SerializeType = SerializeType.JSON, body: bytes = BODY) -> RemotingCommand:
    cmd = RemotingCommand.create_request_command(SEND_MESSAGE_V2, make_header(), body)
    cmd.serialize_type = serialize_type
    return cmd


# ---------------------------------------------------------------------------------------------- server process

class _Responder(NettyRequestProcessor):
    def process_request(self, ctx, request):
        response = RemotingCommand.create_response_command(0, None)
        response.ext_fields = {"msgId": "C0A8000100002A9F0000000000000001", "queueId": "1", "queueOffset": "42"}
        response.body = BODY[:64]
        return response


def _raw_echo(listener: socket.socket) -> None:
    """The reference: one connection answered with plain blocking socket calls, 100 bytes per read."""
    conn, _ = listener.accept()
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    with conn:
        while conn.recv(65536):
            conn.sendall(b"x" * 100)


def serve() -> None:
    server = NettyRemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1"))
    server.register_processor(SEND_MESSAGE_V2, _Responder(), inline_when_idle=True)
    server.register_processor(ON_EXECUTOR, _Responder())
    server.start()
    listener = socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=_raw_echo, args=(listener,), daemon=True).start()
    print(server.local_listen_port(), listener.getsockname()[1], flush=True)
    sys.stdin.read()  # until the parent closes our stdin
    server.shutdown()
    listener.close()


# ---------------------------------------------------------------------------------------------- measurements

def _cpu_seconds(pid: int) -> float:
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _timed(run: Callable[[], int], server_pid: Optional[int] = None) -> Tuple[float, str]:
    """Run ``run`` (returns its operation count); the rate and a CPU note."""
    cpu_pid = os.getpid()
    c0 = _cpu_seconds(cpu_pid) if os.path.exists("/proc/%d/stat" % cpu_pid) else None
    s0 = _cpu_seconds(server_pid) if server_pid and c0 is not None else None
    begin = time.perf_counter()
    ops = run()
    elapsed = time.perf_counter() - begin
    note = ""
    if c0 is not None:
        note = "client %.0f us" % ((_cpu_seconds(cpu_pid) - c0) / ops * 1e6)
        if s0 is not None:
            note += ", server %.0f us" % ((_cpu_seconds(server_pid) - s0) / ops * 1e6)  # type: ignore[arg-type]
        note = " (CPU per op: %s)" % note
    return ops / elapsed, note


def bench_codec(serialize_type: SerializeType, seconds: float, with_header: bool) -> float:
    decode = RemotingCommand.decode

    def run() -> int:
        deadline = time.perf_counter() + seconds
        ops = 0
        if with_header:
            while time.perf_counter() < deadline:
                for _ in range(500):
                    data = make_request(serialize_type).encode()
                    decode(memoryview(data)[4:]).decode_command_custom_header(SendMessageRequestHeaderV2)
                ops += 500
        else:
            cmd = make_request(serialize_type)
            while time.perf_counter() < deadline:
                for _ in range(500):
                    decode(memoryview(cmd.encode())[4:])
                ops += 500
        return ops

    return _timed(run)[0]


def bench_raw(port: int, seconds: float, server_pid: int) -> Tuple[float, str]:
    """Round trips of 300 bytes out, 100 back over a plain socket: what this machine allows Python at best."""
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        request = b"y" * 300

        def run() -> int:
            deadline = time.perf_counter() + seconds
            ops = 0
            while time.perf_counter() < deadline:
                for _ in range(100):
                    conn.sendall(request)
                    conn.recv(65536)
                ops += 100
            return ops

        return _timed(run, server_pid)


def bench_sync(client: NettyRemotingClient, addr: str, seconds: float, server_pid: int,
               code: int = SEND_MESSAGE_V2) -> Tuple[float, str]:
    def run() -> int:
        deadline = time.perf_counter() + seconds
        ops = 0
        while time.perf_counter() < deadline:
            for _ in range(100):
                client.invoke_sync(addr, RemotingCommand.create_request_command(code, None, b"ping"), 3000)
            ops += 100
        return ops

    return _timed(run, server_pid)


class _Counter(InvokeCallback):
    def __init__(self) -> None:
        self.done = 0
        self.failed = 0
        self.cond = threading.Condition()

    def operation_complete(self, response_future) -> None:
        with self.cond:
            if response_future.get_response_command() is None:
                self.failed += 1
            self.done += 1
            self.cond.notify()

    def wait(self, n: int) -> None:
        with self.cond:
            if not self.cond.wait_for(lambda: self.done >= n, 60):
                raise RuntimeError("only %d of %d async requests completed" % (self.done, n))


def bench_async(client: NettyRemotingClient, addr: str, seconds: float, server_pid: int) -> Tuple[float, str]:
    counter = _Counter()

    def run() -> int:
        deadline = time.perf_counter() + seconds
        ops = 0
        while time.perf_counter() < deadline:
            for _ in range(1000):
                client.invoke_async(addr, RemotingCommand.create_request_command(SEND_MESSAGE_V2, None, b"ping"),
                                    10000, counter)
            ops += 1000
        counter.wait(ops)
        if counter.failed:
            raise RuntimeError("%d async requests failed" % counter.failed)
        return ops

    return _timed(run, server_pid)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=3.0, help="duration of each measurement")
    parser.add_argument("--pin", action="store_true", help="run client and server on CPU 0")
    parser.add_argument("--profile", help="write a cProfile of the client to this file")
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    if args.pin:
        os.sched_setaffinity(0, {0})
    for serialize_type in (SerializeType.JSON, SerializeType.ROCKETMQ):
        print("codec %-8s encode+decode          %9.0f ops/s" % (
            serialize_type.name, bench_codec(serialize_type, args.seconds / 2, False)), flush=True)
        print("codec %-8s build+encode+decode+header %6.0f ops/s" % (
            serialize_type.name, bench_codec(serialize_type, args.seconds / 2, True)), flush=True)
    child = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    profiler = None
    try:
        port, raw_port = map(int, child.stdout.readline().split())  # type: ignore[union-attr]
        addr = "127.0.0.1:%d" % port
        config = NettyClientConfig(client_async_semaphore_value=WINDOW)
        with NettyRemotingClient(config) as client:
            client.invoke_sync(addr, make_request(), 3000)  # connect
            bench_sync(client, addr, 1.0, child.pid)  # warm up: the first second after start-up is always slower
            if args.profile:
                import cProfile
                profiler = cProfile.Profile()
                profiler.enable()
            rate, note = bench_raw(raw_port, args.seconds, child.pid)
            print("reference: plain socket round trips      %9.0f /s%s" % (rate, note), flush=True)
            rate, note = bench_sync(client, addr, args.seconds, child.pid)
            print("sync round trips, 1 caller, inline when idle %6.0f /s%s" % (rate, note), flush=True)
            rate, note = bench_sync(client, addr, args.seconds, child.pid, ON_EXECUTOR)
            print("sync round trips, 1 caller, on the executor  %6.0f /s%s" % (rate, note), flush=True)
            rate, note = bench_async(client, addr, args.seconds, child.pid)
            print("async, %d in flight                   %9.0f /s%s" % (WINDOW, rate, note), flush=True)
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
        child.stdin.close()  # type: ignore[union-attr]
        child.wait(30)


if __name__ == "__main__":
    main()
