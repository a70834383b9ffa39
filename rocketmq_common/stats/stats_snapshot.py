"""Java ``org.apache.rocketmq.common.stats.StatsSnapshot``."""
from __future__ import annotations


from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["StatsSnapshot"]


class StatsSnapshot(Bean):
    """The figures of one sampling window: the value added (``sum``), per second (``tps``), the number of
    additions (``times``) and the value per addition (``avgpt``)."""

    sum = Prop(int, 0)
    tps = Prop(float, 0.0)
    times = Prop(int, 0)
    avgpt = Prop(float, 0.0)

    def get_sum(self) -> int: return self.sum
    def set_sum(self, sum: int) -> None: self.sum = sum
    def get_tps(self) -> float: return self.tps
    def set_tps(self, tps: float) -> None: self.tps = tps
    def get_times(self) -> int: return self.times
    def set_times(self, times: int) -> None: self.times = times
    def get_avgpt(self) -> float: return self.avgpt
    def set_avgpt(self, avgpt: float) -> None: self.avgpt = avgpt

    def __init__(self, sum: int = 0, tps: float = 0.0, times: int = 0, avgpt: float = 0.0) -> None:
        self.sum = sum
        self.tps = tps
        self.times = times
        self.avgpt = avgpt

    def __repr__(self) -> str:
        return "StatsSnapshot(sum=%d, tps=%.2f, times=%d, avgpt=%.2f)" % (self.sum, self.tps, self.times,
                                                                         self.avgpt)
