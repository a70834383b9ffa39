"""Java ``org.apache.rocketmq.tools.command.export.ExportMetricsCommand``: ``exportMetrics``."""
from __future__ import annotations

import argparse
import os
from typing import Any, Dict, Mapping, Optional

from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.broker_stats_data import BrokerStatsData
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.export.export_metadata_command import (EXPORT_TIMEOUT_MILLIS, default_export_dir,
                                                                   write_json)
from rocketmq_tools.command.stats.stats_all_sub_command import TOPIC_PUT_NUMS, compute24_hour_sum
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import new_admin

__all__ = ["ExportMetricsCommand"]


def _first_float(value: Optional[str]) -> float:
    # Java: the first of the space-separated figures of ``putTps`` / ``getTransferedTps``
    try:
        return float((value or "0").split(" ")[0])
    except ValueError:
        return 0.0


def _int(table: Mapping[str, str], key: str) -> int:
    try:
        return int(table.get(key) or 0)
    except ValueError:
        return 0


class ExportMetricsCommand(SubCommand):
    """Each broker's environment, quotas (disk ratios, TPS, the last day's counts, topic and group numbers) and
    client versions, with the cluster's totals, as ``metrics.json`` under ``-f``."""

    def command_name(self) -> str:
        return "exportMetrics"

    def command_desc(self) -> str:
        return "export metrics"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-c", "--clusterName", required=True, help="choose a cluster to export")
        parser.add_argument("-f", "--filePath", help="export metrics.json path | default /tmp/rocketmq/export")

    def execute(self, args: argparse.Namespace) -> int:
        file_path = args.filePath.strip() if args.filePath else default_export_dir()
        cluster_name = args.clusterName.strip()
        report: Dict[str, Any] = {}
        total_tps = {"totalNormalInTps": 0.0, "totalNormalOutTps": 0.0, "totalTransInTps": 0.0,
                     "totalScheduleInTps": 0.0}
        total_one_day = {"normalOneDayInNum": 0, "normalOneDayOutNum": 0, "transOneDayInNum": 0,
                         "scheduleOneDayInNum": 0}
        with new_admin(args.namesrv_addr) as admin:
            info = admin.examine_broker_cluster_info()
            broker_names = (info.cluster_addr_table or {}).get(cluster_name)
            if broker_names is None:
                raise SubCommandException("cluster [%s] not exist" % cluster_name)
            for broker_name in sorted(broker_names):
                broker_data = (info.broker_addr_table or {}).get(broker_name)
                if broker_data is None:
                    continue
                addr = (broker_data.broker_addrs or {}).get(0)
                if addr is None:  # no master: nothing to export
                    continue
                table = admin.fetch_broker_runtime_stats(addr).table or {}
                properties = admin.get_broker_config(addr) or {}
                groups = admin.get_user_subscription_group(addr, EXPORT_TIMEOUT_MILLIS)
                report[broker_name] = {
                    "runtimeEnv": {"cpuNum": properties.get("clientCallbackExecutorThreads"),
                                   "totalMemKBytes": table.get("totalMemKBytes")},
                    "runtimeQuota": self._runtime_quota(admin, addr, table, groups, total_tps, total_one_day),
                    "runtimeVersion": self._runtime_version(admin, groups)}
        path = os.path.join(file_path, "metrics.json")
        write_json({"evaluateReport": report, "totalData": {"totalTps": total_tps, "totalOneDayNum": total_one_day}},
                   path)
        print("export %s success" % path)
        return 0

    @staticmethod
    def _stats(admin: DefaultMQAdminExt, addr: str, topic: str) -> Optional[BrokerStatsData]:
        try:
            return admin.view_broker_stats_data(addr, TOPIC_PUT_NUMS, topic)
        except Exception:  # noqa: BLE001 - no statistics: 0, as in Java
            return None

    @staticmethod
    def _runtime_quota(admin: DefaultMQAdminExt, addr: str, table: Mapping[str, str], groups: Any,
                       total_tps: Dict[str, float], total_one_day: Dict[str, int]) -> Dict[str, Any]:
        """Java ``getRuntimeQuota``."""
        topics = admin.get_user_topic_config(addr, False, EXPORT_TIMEOUT_MILLIS)
        trans = ExportMetricsCommand._stats(admin, addr, TopicValidator.RMQ_SYS_TRANS_HALF_TOPIC)
        schedule = ExportMetricsCommand._stats(admin, addr, TopicValidator.RMQ_SYS_SCHEDULE_TOPIC)
        tps = {"normalInTps": _first_float(table.get("putTps")),
               "normalOutTps": _first_float(table.get("getTransferedTps")),
               "transInTps": trans.stats_minute.tps if trans is not None else 0.0,
               "scheduleInTps": schedule.stats_minute.tps if schedule is not None else 0.0}
        one_day = {"normalOneDayInNum": _int(table, "msgPutTotalTodayMorning")
                   - _int(table, "msgPutTotalYesterdayMorning"),
                   "normalOneDayOutNum": _int(table, "msgGetTotalTodayMorning")
                   - _int(table, "msgGetTotalYesterdayMorning"),
                   "transOneDayInNum": compute24_hour_sum(trans) if trans is not None else 0,
                   "scheduleOneDayInNum": compute24_hour_sum(schedule) if schedule is not None else 0}
        for key, total_key in (("normalInTps", "totalNormalInTps"), ("normalOutTps", "totalNormalOutTps"),
                               ("transInTps", "totalTransInTps"), ("scheduleInTps", "totalScheduleInTps")):
            total_tps[total_key] += tps[key]
        for key in one_day:
            total_one_day[key] += one_day[key]
        return {"diskRatio": {"commitLogDiskRatio": table.get("commitLogDiskRatio"),
                              "consumeQueueDiskRatio": table.get("consumeQueueDiskRatio")},
                "tps": tps, "oneDayNum": one_day, "messageAverageSize": table.get("putMessageAverageSize"),
                "topicSize": len(topics.topic_config_table or {}),
                "groupSize": len(groups.subscription_group_table or {})}

    @staticmethod
    def _runtime_version(admin: DefaultMQAdminExt, groups: Any) -> Dict[str, Any]:
        """Java ``getRuntimeVersion``: this tool's version and the language%version of the online clients."""
        client_info = set()
        for config in (groups.subscription_group_table or {}).values():
            try:
                connection = admin.examine_consumer_connection_info(config.group_name)
            except Exception:  # noqa: BLE001 - an offline group has no clients, as in Java
                continue
            for conn in connection.connection_set or ():
                client_info.add("%s%%%s" % (conn.language.name, MQVersion.get_version_desc(conn.version)))
        return {"rocketmqVersion": MQVersion.get_version_desc(MQVersion.CURRENT_VERSION),
                "clientInfo": sorted(client_info)}
