"""Python bytecode instructions executed per operation: a count, not a time, so two trees compare exactly on a
noisy machine where timed figures of the same code differ by tens of per cent between processes.

    python benchmarks/opcode_count.py broker-send [--window 1] [--tree DIR]    # the broker process, over sockets
    python benchmarks/opcode_count.py broker-in-process [--tree DIR]           # the send processor and store only
    python benchmarks/opcode_count.py remoting-async [--tree DIR]              # the client of 1,000 async requests
    python benchmarks/opcode_count.py producer-sync|producer-async [--tree DIR]  # a DefaultMQProducer's process
    python benchmarks/opcode_count.py producer-future [--tree DIR]             # the same, send_async's futures
    python benchmarks/opcode_count.py producer-auto-batch [--tree DIR]         # the same, async, auto batching on
    python benchmarks/opcode_count.py decode [--tree DIR]                      # a heartbeat's and a pull's decode
    python benchmarks/opcode_count.py consumer-pull|consumer-pop [--tree DIR]   # a DefaultMQPushConsumer's process

``broker-send``: an ``EmbeddedCluster`` in this process, traced in all its threads, answers SEND_MESSAGE_V2
requests (broker_bench.py's frames, 1 KiB bodies) that a child process sends on one connection with ``--window``
requests in flight. ``broker-in-process``: the same requests straight to the send processor. ``remoting-async``:
a RemotingClient in this process sends to remoting_bench.py's server (another process) with 1,000 in flight, and
every client thread is traced. ``producer-sync`` / ``producer-async``: a DefaultMQProducer in this process
(every thread traced) sends producer_bench.py's 1 KiB messages to its name server and broker (another process),
``send(msg)`` one after the other or ``send(msg, callback)`` with 1,000 in flight; ``producer-future``:
``send_async(msg)`` for all ``--operations`` at once, then ``concurrent.futures.wait`` (producer_bench.py's
``phase_futures``). ``producer-auto-batch``: the
async phase with ``set_auto_batch(True)`` (5.3.3's ProduceAccumulator), counted per message sent.

``consumer-pull`` / ``consumer-pop``: a DefaultMQPushConsumer in this process (every thread traced) consumes
``--operations`` messages of consumer_bench.py (1 KiB bodies, pre-produced into its 8-queue topic by its cluster in
another process, the broker embedded) with a no-op concurrent listener, counted from ``start()`` (the first
rebalance included) to the last message, per message consumed: PULL mode (the client rebalance, Java's default) or
POP mode (``client_rebalance`` False, the group set to POP by ``set_message_request_mode`` before the start, each
message acked). Both count a new group, so each run produces the messages again.

``decode``: the broker's decoding of the Java client's golden frames (tests/golden_data), frame and body of a
consumer HEART_BEAT, frame and custom header of a PULL_MESSAGE; and of the C++ client's heartbeat
(tests/golden_data/cpp, enums as ordinals: the lenient path), where the tree has it.

``--tree`` runs another checkout's code with this script (its benchmarks/ give the frames, the server and the
cluster), e.g. an older main in a temporary directory.

Each prints the instructions per operation and the functions that execute most of them. The count leaves out time
spent in C (system calls, ``ujson``, ``zlib``): compare those with the timed benchmarks.
"""
from __future__ import annotations

import argparse
import collections
import logging
import os
import subprocess
import sys
import tempfile
import threading
from typing import Any, Callable, Counter, Optional

HERE = os.path.dirname(os.path.abspath(__file__))

_SENDER = """
import sys
sys.path[:0] = [sys.argv[5] + '/benchmarks', sys.argv[5]]
import broker_bench as bb
port, n, warm, window = map(int, sys.argv[1:5])
body = b'x' * 1024
result = [None]
bb.send_connection(port, bb.build_send_frames(warm, 0, body, 0), 1, result, 0)
print('warm', flush=True)
sys.stdin.readline()
bb.send_connection(port, bb.build_send_frames(n, 1, body, 0), window, result, 0)
print('done', flush=True)
"""


class OpcodeCounter:
    """A trace function counting the instructions of every traced frame by function while ``counting`` is set."""

    def __init__(self) -> None:
        self.counts: Counter[str] = collections.Counter()
        self.counting = False

    def trace(self, frame: Any, event: str, arg: Any) -> Optional[Callable[..., Any]]:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        code = frame.f_code
        key = "%s:%s" % (os.path.basename(code.co_filename), code.co_name)
        counts = self.counts

        def local(frame: Any, event: str, arg: Any) -> Callable[..., Any]:
            if event == "opcode" and self.counting:
                counts[key] += 1
            return local

        return local

    def install(self) -> None:
        threading.settrace(self.trace)
        sys.settrace(self.trace)

    def remove(self) -> None:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]  # None removes it

    def report(self, title: str, operations: int, top: int) -> None:
        print("%s: %.0f instructions per operation" % (title, sum(self.counts.values()) / operations))
        for key, count in self.counts.most_common(top):
            print("  %7.1f  %s" % (count / operations, key))


def _cluster(store_dir: str) -> Any:
    from rocketmq_broker.embedded_cluster import EmbeddedCluster
    from rocketmq_common.topic_config import TopicConfig
    import broker_bench
    cluster = EmbeddedCluster(store_dir=store_dir)
    cluster.start()
    cluster.broker_controller.get_topic_config_manager().update_topic_config(TopicConfig(broker_bench.TOPIC, 8, 8, 6))
    return cluster


def broker_send(args: argparse.Namespace, counter: OpcodeCounter) -> None:
    counter.install()
    cluster = _cluster(tempfile.mkdtemp(prefix="opcode_count_"))
    try:
        port = cluster.broker_controller.get_remoting_server().local_listen_port()
        sender = subprocess.Popen([sys.executable, "-c", _SENDER, str(port), str(args.operations), "300",
                                   str(args.window), args.tree], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  universal_newlines=True)
        assert sender.stdin is not None and sender.stdout is not None
        if sender.stdout.readline().strip() != "warm":
            raise RuntimeError("the sender failed")
        counter.counting = True
        sender.stdin.write("go\n")
        sender.stdin.flush()
        if sender.stdout.readline().strip() != "done":
            raise RuntimeError("the sender failed")
        counter.counting = False
        sender.wait(60)
    finally:
        cluster.shutdown()
        counter.remove()
    counter.report("broker, sends over one connection, window %d" % args.window, args.operations, args.top)


def broker_in_process(args: argparse.Namespace, counter: OpcodeCounter) -> None:
    import broker_bench
    from rocketmq_common.protocol.request_code import RequestCode
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand
    cluster = _cluster(tempfile.mkdtemp(prefix="opcode_count_"))
    try:
        processor = cluster.broker_controller.get_remoting_server().get_processor_pair(
            RequestCode.SEND_MESSAGE_V2).object1
        ctx = broker_bench._Context()
        requests = [RemotingCommand.decode(frame[4:]) for frame in
                    broker_bench.build_send_frames(300 + args.operations, 0, b"x" * 1024, 0)]
        for request in requests[:300]:
            processor.process_request(ctx, request)
        counter.install()
        counter.counting = True
        for request in requests[300:]:
            processor.process_request(ctx, request)
        counter.counting = False
        counter.remove()
    finally:
        cluster.shutdown()
    counter.report("send processor and store, in process", args.operations, args.top)


def remoting_async(args: argparse.Namespace, counter: OpcodeCounter) -> None:
    import remoting_bench
    from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand
    try:
        from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient as Client
    except ImportError:  # a tree from before the transport's Java names
        from rocketmq_remoting.remoting_client import RemotingClient as Client  # type: ignore[no-redef]
    server = subprocess.Popen([sys.executable, os.path.join(args.tree, "benchmarks", "remoting_bench.py"), "--serve"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline().split()[0])
        addr = "127.0.0.1:%d" % port
        counter.install()
        with Client(NettyClientConfig(client_async_semaphore_value=1000)) as client:
            for n, counting in ((500, False), (args.operations, True)):
                done = remoting_bench._Counter()
                counter.counting = counting
                for _ in range(n):
                    client.invoke_async(addr, RemotingCommand.create_request_command(
                        remoting_bench.SEND_MESSAGE_V2, None, b"ping"), 10000, done)
                done.wait(n)
                counter.counting = False
        counter.remove()
    finally:
        if server.stdin is not None:
            server.stdin.close()
        server.wait(30)
    counter.report("client, async requests with 1,000 in flight", args.operations, args.top)


def _spawn_cluster(run_cluster: Callable[[str, Any], None]) -> "tuple[Any, Any]":
    """A benchmark's ``run_cluster`` (name server and broker, store in a temporary directory) in a spawned child
    process: our end of its pipe, and the process."""
    import multiprocessing
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    cluster = context.Process(target=run_cluster, args=(tempfile.mkdtemp(prefix="opcode_count_"), child), daemon=True)
    cluster.start()
    return parent, cluster


def producer(args: argparse.Namespace, counter: OpcodeCounter) -> None:
    import producer_bench
    from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
    parent, cluster = _spawn_cluster(producer_bench.run_cluster)
    try:
        namesrv_addr = parent.recv()[0]
        counter.install()
        client = DefaultMQProducer("OpcodeCountProducerGroup")
        client.set_namesrv_addr(namesrv_addr)
        client.set_auto_batch(args.what == "producer-auto-batch")
        client.start()
        try:
            body = b"x" * 1024
            if args.what == "producer-future":
                def phase(client: Any, count: int, extra: int, body: bytes) -> None:
                    producer_bench.phase_futures(client, count, body)
            else:
                phase = producer_bench.phase_sync if args.what == "producer-sync" else producer_bench.phase_async
            extra = 1 if args.what == "producer-sync" else 1000  # threads / window
            phase(client, 500, extra, body)
            counter.counting = True
            phase(client, args.operations, extra, body)
            counter.counting = False
        finally:
            client.shutdown()
            counter.remove()
    finally:
        parent.send("stop")
        cluster.join(30)
    counter.report("producer process, %s" % args.what[len("producer-"):], args.operations, args.top)


def consumer(args: argparse.Namespace, counter: OpcodeCounter) -> None:
    import consumer_bench
    from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
    from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
    from rocketmq_common.message.message_request_mode import MessageRequestMode
    from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
    pop = args.what == "consumer-pop"
    parent, cluster = _spawn_cluster(consumer_bench.run_cluster)
    try:
        namesrv_addr = parent.recv()[0]
        parent.send(("produce", args.operations, 1024))
        parent.recv()
        group = "OpcodeCountConsumerGroup_%d" % os.getpid()
        if pop:
            admin = DefaultMQAdminExt(namesrv_addr=namesrv_addr, instance_name="opcode_count_admin")
            admin.start()
            try:
                for broker in admin.examine_topic_route_info(consumer_bench.TOPIC).broker_datas:
                    admin.set_message_request_mode(broker.select_broker_addr(), consumer_bench.TOPIC, group,
                                                   MessageRequestMode.POP, 0, 5000)
            finally:
                admin.shutdown()
        listener = consumer_bench.Counter(args.operations)
        client = DefaultMQPushConsumer(group, namesrv_addr=namesrv_addr, client_rebalance=not pop,
                                       consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        client.subscribe(consumer_bench.TOPIC, "*")
        client.register_message_listener(listener)
        counter.install()
        counter.counting = True
        client.start()
        try:
            if not listener.done.wait(600):
                raise RuntimeError("only %d of %d messages consumed" % (listener.count, args.operations))
            counter.counting = False
        finally:
            client.shutdown()
            counter.remove()
    finally:
        parent.send("stop")
        cluster.join(30)
    counter.report("consumer process, %s mode" % ("POP" if pop else "PULL"), args.operations, args.top)


def decode(args: argparse.Namespace, counter: OpcodeCounter) -> None:
    import json
    from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader
    from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand
    golden = os.path.join(args.tree, "tests", "golden_data")

    def frame(directory: str, predicate: Callable[[Any], bool]) -> bytes:
        with open(os.path.join(directory, "index.json"), encoding="utf-8") as f:
            entry = next(e for e in json.load(f) if predicate(e))
        with open(os.path.join(directory, entry["file"]), "rb") as f:
            return f.read()[4:]

    def heartbeat(data: bytes) -> Any:
        return HeartbeatData.decode(RemotingCommand.decode(data).body)

    def pull(data: bytes) -> Any:
        return RemotingCommand.decode(data).decode_command_custom_header(PullMessageRequestHeader)

    cases = [("Java consumer HEART_BEAT", heartbeat, frame(golden, lambda e: e["request_code_name"] == "HEART_BEAT"
                                                            and "consumerDataSet" in json.dumps(e.get("body")))),
             ("Java PULL_MESSAGE (JSON header)", pull, frame(golden, lambda e: e["request_code_name"] == "PULL_MESSAGE"
                                                             and e["kind"] == "request"
                                                             and e["serialize_type"] == "JSON"))]
    if os.path.isdir(os.path.join(golden, "cpp")):
        cases.append(("C++ consumer HEART_BEAT", heartbeat, frame(os.path.join(golden, "cpp"), lambda e: (
            e["request_code_name"] == "HEART_BEAT" and e["scenario"] == "push"))))
    for title, function, data in cases:
        function(data)
        counter.counts.clear()
        counter.install()
        counter.counting = True
        for _ in range(args.operations):
            function(data)
        counter.counting = False
        counter.remove()
        counter.report(title, args.operations, args.top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("broker-send", "broker-in-process", "remoting-async", "producer-sync",
                                         "producer-async", "producer-future", "producer-auto-batch", "decode",
                                         "consumer-pull", "consumer-pop"))
    parser.add_argument("--tree", default=os.path.dirname(HERE), help="the checkout whose code runs")
    parser.add_argument("--window", type=int, default=1, help="broker-send: requests in flight")
    parser.add_argument("--operations", type=int, default=3000)
    parser.add_argument("--top", type=int, default=25, help="functions listed")
    args = parser.parse_args()
    args.tree = os.path.abspath(args.tree)
    sys.path[:0] = [os.path.join(args.tree, "benchmarks"), args.tree]
    logging.basicConfig(level=logging.ERROR)
    {"broker-send": broker_send, "broker-in-process": broker_in_process,
     "remoting-async": remoting_async, "producer-sync": producer,
     "producer-async": producer, "producer-future": producer, "producer-auto-batch": producer, "decode": decode,
     "consumer-pull": consumer, "consumer-pop": consumer}[args.what](args, OpcodeCounter())


if __name__ == "__main__":
    main()
