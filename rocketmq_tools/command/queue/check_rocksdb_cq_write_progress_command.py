"""Java ``org.apache.rocketmq.tools.command.queue.CheckRocksdbCqWriteProgressCommand`` (5.3.3):
``checkRocksdbCqWriteProgress``."""
from __future__ import annotations

import argparse
import time

from rocketmq_common.check_rocksdb_cq_write_result import CheckStatus
from rocketmq_common.mix_all import MixAll
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["CheckRocksdbCqWriteProgressCommand"]

#: Java's default of ``-cf``: 30 days ago
_DEFAULT_CHECK_SPAN_MILLIS = 30 * 24 * 3600 * 1000


class CheckRocksdbCqWriteProgressCommand(SubCommand):
    """Ask every master to compare its RocksDB consume queues with its file ones (topic ``-t``, all without it,
    from store time ``-cf`` millis, 30 days ago by default): the brokers check in the background and log the
    result. As Java's, ``-c`` must name a known cluster ("clusterAddrTable is empty" otherwise, exit code 1) and
    then every broker the name server knows is asked, the cluster's or not."""

    def command_name(self) -> str:
        return "checkRocksdbCqWriteProgress"

    def command_desc(self) -> str:
        return "check if rocksdb cq is same as file cq"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-c", "--cluster", required=True, help="cluster name")
        parser.add_argument("-t", "--topic", help="topic name")
        parser.add_argument("-cf", "--checkFrom", type=int, help="check from time")

    def execute(self, args: argparse.Namespace) -> int:
        cluster_name = args.cluster.strip()
        topic = args.topic.strip() if args.topic else ""
        check_store_time = args.checkFrom if args.checkFrom is not None else \
            int(time.time() * 1000) - _DEFAULT_CHECK_SPAN_MILLIS
        with new_admin(args.namesrv_addr) as admin:
            cluster_info = admin.examine_broker_cluster_info()
            if (cluster_info.cluster_addr_table or {}).get(cluster_name) is None:
                print("clusterAddrTable is empty", end="")
                return 1
            for broker_name, broker_data in sorted((cluster_info.broker_addr_table or {}).items()):
                broker_addr = (broker_data.broker_addrs or {}).get(MixAll.MASTER_ID)
                if broker_addr is None:  # a broker name without its master now
                    continue
                result = admin.check_rocksdb_cq_write_progress(broker_addr, topic, check_store_time)
                if result.check_status == CheckStatus.CHECK_ERROR.get_value():
                    print(broker_name + " check error, please check log... errInfo: " + str(result.check_result),
                          end="")
                else:
                    print(broker_name + " check doing, please wait and get the result from log... ")
        return 0
