"""Java ``org.apache.rocketmq.broker.coldctr.ColdDataCgCtrService`` (5.3.3): the consumer groups' cold read
thresholds.

A 5.3.3 broker counts, per consumer group, the bytes its pulls read from disk rather than from the page cache
("cold" data) and throttles a group over its threshold (``coldDataFlowControlEnable``). This broker's store does
not tell cold reads from warm ones, so nothing is ever counted: the runtime table stays empty, the global count 0,
and no group is throttled. The administrator's part is kept as Java keeps it: the per-group thresholds that
UPDATE_COLD_DATA_FLOW_CTR_CONFIG sets and REMOVE_COLD_DATA_FLOW_CTR_CONFIG removes (in memory, as Java's), and
GET_COLD_DATA_FLOW_CTR_INFO's JSON, key for key a Java broker's.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Dict

from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_remoting.protocol import fastjson

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["ColdDataCgCtrService"]


def _java_order(table: Dict[str, Any]) -> Dict[str, Any]:
    """``table`` in the iteration order of a Java ``HashMap`` (fastjson's ``JSONObject``) of the same keys."""
    return {key: table[key] for key in java_hash_map_order(dict.fromkeys(table, ""))}


class ColdDataCgCtrService:
    """See the module docstring."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_config = broker_controller.get_broker_config()
        #: Java ``cgColdThresholdMapConfig``: consumer group -> its cold read threshold (bytes)
        self._cg_cold_threshold_map_config: Dict[str, int] = {}
        self._lock = threading.Lock()

    def get_cold_data_flow_ctr_info(self) -> str:
        """Java ``getColdDataFlowCtrInfo``: the JSON of the runtime table (empty here), the configured thresholds,
        the broker's default and global thresholds and the global count (0), in a Java ``JSONObject``'s order."""
        with self._lock:
            config_table = _java_order(dict(self._cg_cold_threshold_map_config))
        result = _java_order({
            "runtimeTable": {},
            "configTable": config_table,
            "cgColdReadThreshold": self.broker_config.cg_cold_read_threshold,
            "globalColdReadThreshold": self.broker_config.global_cold_read_threshold,
            "globalAcc": 0,
        })
        return fastjson.dumps(result)

    def add_or_update_group_config(self, consumer_group: str, threshold: int) -> None:
        """Java ``addOrUpdateGroupConfig``."""
        with self._lock:
            self._cg_cold_threshold_map_config[consumer_group] = threshold

    def remove_group_config(self, consumer_group: str) -> None:
        """Java ``removeGroupConfig``."""
        with self._lock:
            self._cg_cold_threshold_map_config.pop(consumer_group, None)
