"""``benchmark producer|consumer``: the Java benchmark Producer and Consumer (their option letters), with a
``--duration`` and live per-second statistics."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import parse_bool
from rocketmq_tools.example.benchmark.consumer import Consumer
from rocketmq_tools.example.benchmark.producer import Producer

__all__ = ["BenchmarkCommand"]


def _flag(value: str) -> bool:
    return parse_bool(value)


class BenchmarkCommand(SubCommand):
    """See the module docstring."""

    def command_name(self) -> str:
        return "benchmark"

    def command_desc(self) -> str:
        return "Producer or consumer load test with per-second TPS and RT (benchmark producer|consumer)"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("role", choices=("producer", "consumer"), help="what to run")
        parser.add_argument("-t", "--topic", default="BenchmarkTest", help="Topic name, Default: BenchmarkTest")
        parser.add_argument("-w", "--threadCount", type=int,
                            help="Thread count, Default: 64 (producer), 20 (consumer)")
        parser.add_argument("--duration", type=float, help="stop after this many seconds (default: run until "
                            "the quantity is reached or Ctrl-C)")
        parser.add_argument("-q", "--messageQuantity", type=int, default=0,
                            help="messages to send / receive, Default: 0, no limit")
        producer = parser.add_argument_group("producer")
        producer.add_argument("-s", "--messageSize", type=int, default=128, help="Message Size, Default: 128")
        producer.add_argument("-k", "--keyEnable", type=_flag, default=False, help="Message Key Enable, Default: false")
        producer.add_argument("-l", "--tagCount", type=int, default=0, help="Tag count, Default: 0")
        producer.add_argument("-p", "--propertySize", type=int, default=0, help="Property size, Default: 0")
        producer.add_argument("-d", "--delayEnable", type=_flag, default=False,
                              help="Delay message Enable, Default: false")
        producer.add_argument("-e", "--delayLevel", type=int, default=1, help="Delay message level, Default: 1")
        producer.add_argument("-y", "--asyncEnable", type=_flag, default=False,
                              help="Enable async produce, Default: false")
        consumer = parser.add_argument_group("consumer")
        consumer.add_argument("-g", "--group", default="benchmark_consumer",
                              help="Consumer group name, Default: benchmark_consumer")
        consumer.add_argument("--groupSuffix", type=_flag, default=False,
                              help="Is group suffix enable (Java -p), Default: false")
        consumer.add_argument("-f", "--filterType", choices=("TAG", "SQL92"), help="TAG, SQL92")
        consumer.add_argument("--expression", help="filter expression content file path (Java -e)")
        consumer.add_argument("-r", "--failRate", type=float, default=0.0, help="consumer fail rate, default 0")
        consumer.add_argument("--from", dest="from_where", choices=("first", "last"), default="last",
                              help="where a new group starts (default last, as Java)")

    def execute(self, args: argparse.Namespace) -> int:
        if args.threadCount is not None and args.threadCount <= 0:
            raise SubCommandException("--threadCount must be positive", 2)
        if args.duration is not None and args.duration <= 0:
            raise SubCommandException("--duration must be positive", 2)
        if args.role == "producer":
            if args.messageSize <= 0:
                raise SubCommandException("--messageSize must be positive", 2)
            stats = Producer(args.namesrv_addr, args.topic, args.threadCount or 64, args.messageSize,
                             args.keyEnable, args.propertySize, args.tagCount, args.messageQuantity,
                             args.delayEnable, args.delayLevel, args.asyncEnable, args.duration).run()
            return 0 if stats.send_request_success_count or not (stats.send_request_failed_count
                                                                  or stats.receive_response_failed_count) else 1
        if not 0.0 <= args.failRate <= 1.0:
            raise SubCommandException("--failRate must be between 0 and 1", 2)
        Consumer(args.namesrv_addr, args.topic, args.threadCount or 20, args.group, args.groupSuffix,
                 args.filterType, args.expression, args.failRate, args.from_where == "first",
                 args.messageQuantity, args.duration).run()
        return 0
