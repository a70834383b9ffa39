"""CPU cost of one ``DefaultMQProducer.send(msg)`` in this process, without the network.

An ``EmbeddedCluster`` (name server and broker-a) runs in this process; a started producer sends one message for
real, which gives the route and a real SEND_MESSAGE_V2 response frame. Then the producer's ``invoke_sync`` is
replaced by a stub that encodes the request frame and decodes that response frame, so that each timed send runs
the whole client send path (``send`` -> ``send_default_impl`` -> ``send_kernel_impl`` -> ``MQClientAPIImpl
.send_message`` -> ``processSendResponse``), the request encoding and the response decoding, and nothing else.
Prints the best and median CPU time per send (``time.thread_time``: this thread only, not the embedded servers)
over ``--rounds`` rounds of ``--messages``.

    python benchmarks/send_path_bench.py [--messages 20000] [--rounds 7] [--body 1024] [--profile]
"""
from __future__ import annotations

import argparse
import cProfile
import logging
import os
import pstats
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rocketmq_broker.embedded_cluster import EmbeddedCluster  # noqa: E402
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer  # noqa: E402
from rocketmq_common.message.message import Message  # noqa: E402
from rocketmq_common.protocol.request_code import RequestCode  # noqa: E402
from rocketmq_remoting.protocol.remoting_command import RemotingCommand  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--body", type=int, default=1024)
    parser.add_argument("--profile", action="store_true", help="cProfile one round first and print the top functions")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    body = os.urandom(args.body // 2).hex().encode()[:args.body]
    with tempfile.TemporaryDirectory() as store, EmbeddedCluster(store_dir=store) as cluster:
        cluster.create_topic("BenchTopic", 8)
        producer = DefaultMQProducer("SendPathBenchGroup")
        producer.set_namesrv_addr(cluster.namesrv_addr)
        producer.start()
        try:
            remoting_client = producer.get_default_mq_producer_impl().get_mq_client_factory() \
                .get_mq_client_api_impl().get_remoting_client()
            real_invoke_sync = remoting_client.invoke_sync
            frames = []

            def capture(addr, request, timeout_millis):  # type: ignore[no-untyped-def]
                response = real_invoke_sync(addr, request, timeout_millis)
                frames.append(response.encode()[4:])
                return response

            remoting_client.invoke_sync = capture
            producer.send(Message("BenchTopic", body))
            response_frame = frames[-1]

            def stub(addr, request, timeout_millis):  # type: ignore[no-untyped-def]
                if request.code != RequestCode.SEND_MESSAGE_V2:  # the client's own route and heartbeat calls
                    return real_invoke_sync(addr, request, timeout_millis)
                request.encode()
                return RemotingCommand.decode(response_frame)

            remoting_client.invoke_sync = stub
            send = producer.send
            for _ in range(2000):  # warm-up
                send(Message("BenchTopic", body))
            if args.profile:
                profile = cProfile.Profile()
                profile.runcall(lambda: [send(Message("BenchTopic", body)) for _ in range(args.messages)])
                pstats.Stats(profile).sort_stats("tottime").print_stats(30)
            per_send = []
            for _ in range(args.rounds):
                messages = [Message("BenchTopic", body) for _ in range(args.messages)]
                begin = time.thread_time()
                for msg in messages:
                    send(msg)
                per_send.append((time.thread_time() - begin) / args.messages * 1e6)
            remoting_client.invoke_sync = real_invoke_sync
        finally:
            producer.shutdown()
    print("send path CPU per send: best %.2f us, median %.2f us (%d rounds of %d, body %d bytes)"
          % (min(per_send), statistics.median(per_send), args.rounds, args.messages, args.body))


if __name__ == "__main__":
    main()
