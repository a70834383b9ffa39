"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeStatsList``."""
from __future__ import annotations

from typing import Dict, List, Optional

from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_remoting.common.bean import ListOf, MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ConsumeStatsList"]


class ConsumeStatsList(RemotingSerializable):
    """Body of the ``GET_BROKER_CONSUME_STATS`` response: per subscription group, its ConsumeStats list."""

    consume_stats_list = Prop(ListOf(MapOf(str, ListOf(ConsumeStats))), [])
    broker_addr = Prop(str)
    total_diff = Prop(int, 0)

    def get_consume_stats_list(self) -> List[Dict[str, List[ConsumeStats]]]: return self.consume_stats_list
    def set_consume_stats_list(self, consume_stats_list: List[Dict[str, List[ConsumeStats]]]) -> None:
        self.consume_stats_list = consume_stats_list
    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
    def get_total_diff(self) -> int: return self.total_diff
    def set_total_diff(self, total_diff: int) -> None: self.total_diff = total_diff
