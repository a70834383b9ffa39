"""Java ``org.apache.rocketmq.tools.command.cluster.ClusterListSubCommand``: ``clusterList``."""
from __future__ import annotations

import argparse
import logging
import time
from typing import Dict, Iterator, Optional, Tuple

from rocketmq_client.exception import MQBrokerException
from rocketmq_remoting.exception import RemotingException
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import java_bool, new_admin, parse_bool

__all__ = ["ClusterListSubCommand"]

log = logging.getLogger(__name__)

BASE_FORMAT = "%-16s  %-22s  %-4s  %-22s %-16s %19s %19s %10s %5s %6s"
#: 5.3.3's header and rows
BASE5_HEADER = "%-22s  %-22s  %-4s  %-22s %-16s  %16s  %30s  %-22s  %-11s  %-12s  %-8s  %-10s"
BASE5_FORMAT = "%-22s  %-22s  %-4s  %-22s %-16s  %16s  %30s  %-22s  %11s  %-12s  %-8s  %10s"
MORE_FORMAT = "%-16s  %-32s %14s %14s %14s %14s"


def _brokers(admin: DefaultMQAdminExt, only_cluster: Optional[str]) -> Iterator[Tuple[str, str, int, str]]:
    """(cluster, broker name, broker id, address) of every broker (of ``only_cluster`` when given), clusters and
    names sorted."""
    info = admin.examine_broker_cluster_info()
    for cluster_name in [only_cluster] if only_cluster else sorted(info.cluster_addr_table or {}):
        for broker_name in sorted((info.cluster_addr_table or {}).get(cluster_name) or ()):
            broker_data = (info.broker_addr_table or {}).get(broker_name)
            if broker_data is not None:
                for broker_id, addr in sorted((broker_data.broker_addrs or {}).items()):
                    yield cluster_name, broker_name, broker_id, addr


def _runtime_stats(admin: DefaultMQAdminExt, addr: str) -> Dict[str, str]:
    try:
        return dict(admin.fetch_broker_runtime_stats(addr).table or {})
    except (MQBrokerException, RemotingException):
        log.warning("fetchBrokerRuntimeStats of %s failed", addr, exc_info=True)
        return {}


def _value(table: Dict[str, str], key: str) -> str:
    """Java's ``%s`` of ``kvTable.get(key)``: ``null`` when missing, empty when the stats could not be read."""
    return table.get(key, "null") if table else ""


def _timer(table: Dict[str, str]) -> str:
    """5.3.3's ``#Timer(Progress)``: read and offset lag, congestion (in 10 000s), enqueue and dequeue TPS; the
    values Java parsed before one is missing (or not a number) count, the rest stay 0."""
    values = [0, 0, 0, 0.0, 0.0]
    try:
        for i, key in enumerate(("timerReadBehind", "timerOffsetBehind", "timerCongestNum")):
            values[i] = int(table[key])
        for i, key in ((3, "timerEnqueueTps"), (4, "timerDequeueTps")):
            values[i] = float(table[key])
    except (KeyError, ValueError):
        pass
    return "%d-%d(%.1fw, %.1f, %.1f)" % (values[0], values[1], values[2] / 10000.0, values[3], values[4])


def _first_float(text: str) -> float:
    parts = text.split(" ")
    try:
        return float(parts[0])
    except ValueError:
        return 0.0


class ClusterListSubCommand(SubCommand):
    """Every broker of every cluster (``-c``: of one, 5.3.3) with its version and load; ``-m`` message totals;
    ``-i`` repeat."""

    def command_name(self) -> str:
        return "clusterList"

    def command_desc(self) -> str:
        return "List all of clusters"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-m", "--moreStats", action="store_true", help="Print more stats")
        parser.add_argument("-c", "--clusterName", help="which cluster")
        parser.add_argument("-i", "--interval", type=int, help="specify intervals numbers, it is in seconds")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            first = True
            while first or args.interval is not None:
                if not first:
                    time.sleep(max(args.interval, 1))
                first = False
                cluster_name = args.clusterName.strip() if args.clusterName else None
                if args.moreStats:
                    self.print_cluster_more_stats(admin, cluster_name)
                else:
                    self.print_cluster_base_info(admin, cluster_name)
        return 0

    @staticmethod
    def print_cluster_more_stats(admin: DefaultMQAdminExt, cluster_name: Optional[str] = None) -> None:
        """Java ``printClusterMoreStats``: messages in and out yesterday and today."""
        print(MORE_FORMAT % ("#Cluster Name", "#Broker Name", "#InTotalYest", "#OutTotalYest", "#InTotalToday",
                             "#OutTotalToday"))
        for cluster, broker_name, _, addr in _brokers(admin, cluster_name):
            table = _runtime_stats(admin, addr)
            try:
                put = [int(table[k]) for k in ("msgPutTotalYesterdayMorning", "msgPutTotalTodayMorning",
                                                "msgPutTotalTodayNow")]
                get = [int(table[k]) for k in ("msgGetTotalYesterdayMorning", "msgGetTotalTodayMorning",
                                                "msgGetTotalTodayNow")]
                totals = (put[1] - put[0], get[1] - get[0], put[2] - put[1], get[2] - get[1])
            except (KeyError, ValueError):
                totals = (0, 0, 0, 0)
            print(MORE_FORMAT % ((cluster, broker_name) + tuple("%d" % t for t in totals)))

    @staticmethod
    def print_cluster_base_info(admin: DefaultMQAdminExt, cluster_name: Optional[str] = None) -> None:
        """Java ``printClusterBaseInfo``: 5.3.3's columns (the pull column with the ack queue, the timer's
        progress, whether the broker is active) when a broker is 5.x (it reports ``brokerActive``), else
        4.9.7's."""
        brokers = [(cluster, broker_name, broker_id, addr, _runtime_stats(admin, addr))
                   for cluster, broker_name, broker_id, addr in _brokers(admin, cluster_name)]
        is_5 = any("brokerActive" in table for *_, table in brokers)
        if is_5:
            print(BASE5_HEADER % ("#Cluster Name", "#Broker Name", "#BID", "#Addr", "#Version", "#InTPS(LOAD)",
                                  "#OutTPS(LOAD)", "#Timer(Progress)", "#PCWait(ms)", "#Hour", "#SPACE",
                                  "#ACTIVATED"))
        else:
            print(BASE_FORMAT % ("#Cluster Name", "#Broker Name", "#BID", "#Addr", "#Version", "#InTPS(LOAD)",
                                 "#OutTPS(LOAD)", "#PCWait(ms)", "#Hour", "#SPACE"))
        for cluster, broker_name, broker_id, addr, table in brokers:
            in_tps = _first_float(table.get("putTps", "0"))
            hour = 0.0
            earliest = table.get("earliestMessageTimeStamp")
            if earliest:
                hour = (time.time() * 1000 - int(earliest)) / 1000.0 / 60.0 / 60.0
            space = float(table.get("commitLogDiskRatio") or 0.0)
            in_column = "%9.2f(%s,%sms)" % (in_tps, _value(table, "sendThreadPoolQueueSize"),
                                            _value(table, "sendThreadPoolQueueHeadWaitTimeMills"))
            pull = (_value(table, "pullThreadPoolQueueSize"), _value(table, "pullThreadPoolQueueHeadWaitTimeMills"))
            if not is_5:
                out_tps = _first_float(table.get("getTransferedTps", "0"))
                print(BASE_FORMAT % (cluster, broker_name, broker_id, addr, _value(table, "brokerVersionDesc"),
                                     in_column, "%9.2f(%s,%sms)" % ((out_tps,) + pull),
                                     _value(table, "pageCacheLockTimeMills"), "%2.2f" % hour, "%.4f" % space))
                continue
            out_tps = _first_float(table.get("getTransferredTps", "0"))
            ack = (table.get("ackThreadPoolQueueSize", "N"), table.get("ackThreadPoolQueueHeadWaitTimeMills", "N"))
            print(BASE5_FORMAT % (cluster, broker_name, broker_id, addr, _value(table, "brokerVersionDesc"),
                                  in_column, "%9.2f(%s,%sms|%s,%sms)" % ((out_tps,) + pull + ack), _timer(table),
                                  _value(table, "pageCacheLockTimeMills"), "%2.2f" % hour, "%.4f" % space,
                                  java_bool(parse_bool(table.get("brokerActive", "")))))
