"""Java ``org.apache.rocketmq.tools.command.broker.GetColdDataFlowCtrInfoSubCommand`` (5.3.3):
``getColdDataFlowCtrInfo``."""
from __future__ import annotations

import argparse
import time
from typing import Any, Dict

from rocketmq_remoting.protocol import fastjson
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import each_broker_of, java_json_object, new_admin, pretty_json

__all__ = ["GetColdDataFlowCtrInfoSubCommand"]


def _format(millis: Any) -> str:
    """Java's ``SimpleDateFormat("yyyy-MM-dd HH:mm:ss")`` of a millisecond time, in local time."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(int(str(millis)) / 1000.0))


class GetColdDataFlowCtrInfoSubCommand(SubCommand):
    """A broker's (``-b``) or every broker's of a cluster (``-c``) cold read flow control: the groups reading cold
    data now (``runtimeTable``, their times formatted), the thresholds set per group (``configTable``), the
    default and global thresholds and the global count, as Java's pretty JSON."""

    def command_name(self) -> str:
        return "getColdDataFlowCtrInfo"

    def command_desc(self) -> str:
        return "Get cold data flow ctr info."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="get from which broker")
        group.add_argument("-c", "--clusterName", help="get from which cluster")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for heading, addr in each_broker_of(admin, args.brokerAddr and args.brokerAddr.strip(),
                                                args.clusterName and args.clusterName.strip()):
                print(" " + heading)
                rst_str = admin.get_cold_data_flow_ctr_info(addr)
                if rst_str is None:
                    print("Broker[%s] has no cold ctr table !" % addr)
                    continue
                print(pretty_json(self._readable(fastjson.loads(rst_str))))
        return 0

    @staticmethod
    def _readable(json_object: Dict[str, Any]) -> Any:
        """Java's rewrite of each runtime entry: ``lastColdReadTimeMills`` / ``createTimeMills`` become
        ``lastColdReadTimeFormat`` / ``createTimeFormat``; every object in fastjson's ``JSONObject`` order."""
        for value in (json_object.get("runtimeTable") or {}).values():
            value["lastColdReadTimeFormat"] = _format(value.pop("lastColdReadTimeMills"))
            value["createTimeFormat"] = _format(value.pop("createTimeMills"))
        return java_json_object(json_object)
