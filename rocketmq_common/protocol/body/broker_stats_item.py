"""Java ``org.apache.rocketmq.common.protocol.body.BrokerStatsItem``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["BrokerStatsItem"]


class BrokerStatsItem(Bean):
    """One broker statistics window: sum, TPS and average per time unit."""

    sum = Prop(int, 0)
    tps = Prop(float, 0.0)
    avgpt = Prop(float, 0.0)

    def get_sum(self) -> int: return self.sum
    def set_sum(self, sum: int) -> None: self.sum = sum
    def get_tps(self) -> float: return self.tps
    def set_tps(self, tps: float) -> None: self.tps = tps
    def get_avgpt(self) -> float: return self.avgpt
    def set_avgpt(self, avgpt: float) -> None: self.avgpt = avgpt
