"""Java ``org.apache.rocketmq.common.stats.StatsSnapshot``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rocketmq_remoting.common.bean import Prop, TypedBean

__all__ = ["StatsSnapshot"]


class StatsSnapshot(TypedBean):
    """The figures of one sampling window: the value added (``sum``), per second (``tps``), the number of
    additions (``times``) and the value per addition (``avgpt``)."""

    sum = Prop(int, 0)
    tps = Prop(float, 0.0)
    times = Prop(int, 0)
    avgpt = Prop(float, 0.0)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_sum(self) -> int: ...
        def set_sum(self, sum: int) -> None: ...
        def get_tps(self) -> float: ...
        def set_tps(self, tps: float) -> None: ...
        def get_times(self) -> int: ...
        def set_times(self, times: int) -> None: ...
        def get_avgpt(self) -> float: ...
        def set_avgpt(self, avgpt: float) -> None: ...
    # end of generated accessors

    def __init__(self, sum: int = 0, tps: float = 0.0, times: int = 0, avgpt: float = 0.0) -> None:
        self.sum = sum
        self.tps = tps
        self.times = times
        self.avgpt = avgpt

    def __repr__(self) -> str:
        return "StatsSnapshot(sum=%d, tps=%.2f, times=%d, avgpt=%.2f)" % (self.sum, self.tps, self.times,
                                                                         self.avgpt)
