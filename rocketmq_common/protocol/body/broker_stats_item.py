"""Java ``org.apache.rocketmq.common.protocol.body.BrokerStatsItem``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["BrokerStatsItem"]


class BrokerStatsItem(Bean):
    """One broker statistics window: sum, TPS and average per time unit."""

    sum = Prop(int, 0)
    tps = Prop(float, 0.0)
    avgpt = Prop(float, 0.0)
