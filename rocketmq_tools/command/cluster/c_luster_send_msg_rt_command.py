"""Java ``org.apache.rocketmq.tools.command.cluster.CLusterSendMsgRTCommand``: ``clusterRT``."""
from __future__ import annotations

import argparse
import datetime
import threading
import time
from typing import Iterable, Optional

from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import acl_rpc_hook, new_admin, parse_bool, unique_instance_name

__all__ = ["CLusterSendMsgRTCommand"]

_GMT8 = datetime.timezone(datetime.timedelta(hours=8))


class CLusterSendMsgRTCommand(SubCommand):
    """Every ``-i`` seconds, send ``-a`` messages to each broker of the clusters (to the topic named as the
    broker, as Java does) and print the average RT and the success and failure counts; runs until Ctrl-C
    (``--rounds`` stops after that many rounds)."""

    def __init__(self) -> None:
        self.stop = threading.Event()

    def command_name(self) -> str:
        return "clusterRT"

    def command_desc(self) -> str:
        return "List All clusters Message Send RT"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-a", "--amount", type=int, default=100, help="message amount | default 100")
        parser.add_argument("-s", "--size", type=int, default=128, help="message size | default 128 Byte")
        parser.add_argument("-c", "--cluster", help="cluster name | default display all cluster")
        parser.add_argument("-p", "--printLog", help="print as tlog | default false")
        parser.add_argument("-m", "--machineRoom", default="noname", help="machine room name | default noname")
        parser.add_argument("-i", "--interval", type=int, default=10, help="print interval | default 10 seconds")
        parser.add_argument("--rounds", type=int, help="stop after this many rounds (default: until Ctrl-C)")

    def execute(self, args: argparse.Namespace) -> int:
        if args.amount < 1 or args.interval < 0:
            raise SubCommandException("the amount must be at least 1 and the interval not negative", 2)
        print_as_tlog = args.printLog is not None and parse_bool(args.printLog)
        producer = DefaultMQProducer(str(int(time.time() * 1000)), acl_rpc_hook())
        producer.set_namesrv_addr(args.namesrv_addr)
        producer.set_instance_name(unique_instance_name())
        with new_admin(args.namesrv_addr) as admin, producer:
            cluster_addr = admin.examine_broker_cluster_info().cluster_addr_table or {}
            cluster_names: Iterable[str] = [args.cluster.strip()] if args.cluster else sorted(cluster_addr)
            if not print_as_tlog:
                print("%-24s  %-24s  %-4s  %-8s  %-8s" % ("#Cluster Name", "#Broker Name", "#RT", "#successCount",
                                                          "#failCount"), flush=True)
            rounds = 0
            while args.rounds is None or rounds < args.rounds:
                if rounds:
                    self.stop.wait(args.interval)
                rounds += 1
                for cluster_name in cluster_names:
                    broker_names: Optional[Iterable[str]] = cluster_addr.get(cluster_name)
                    if broker_names is None:
                        print("cluster [%s] not exist" % cluster_name, flush=True)
                        break
                    for broker_name in sorted(broker_names):
                        self._round(producer, cluster_name, broker_name, args, print_as_tlog)
        return 0

    @staticmethod
    def _round(producer: DefaultMQProducer, cluster_name: str, broker_name: str, args: argparse.Namespace,
               print_as_tlog: bool) -> None:
        msg = Message(broker_name, body=b"a" * args.size)
        elapsed = success_count = fail_count = 0
        for i in range(args.amount):
            start = time.time()
            try:
                producer.send(msg)
                success_count += 1
            except Exception:  # noqa: BLE001 - counted, as in Java
                fail_count += 1
            if i != 0:
                elapsed += int((time.time() - start) * 1000)
        rt = elapsed / (args.amount - 1) if args.amount > 1 else 0.0
        if print_as_tlog:
            now = datetime.datetime.now(_GMT8).strftime("%Y-%m-%d %H:%M:%S")
            print("%s|%s|%s|%s|%d" % (now, args.machineRoom, cluster_name, broker_name, int(rt + 0.5)), flush=True)
        else:
            # one message: Java divides 0 by 0 and prints NaN
            print("%-24s  %-24s  %-8s  %-16s  %-16s" % (cluster_name, broker_name,
                                                        "%.2f" % rt if args.amount > 1 else "NaN", success_count,
                                                        fail_count), flush=True)
