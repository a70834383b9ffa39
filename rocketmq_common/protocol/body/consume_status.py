"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeStatus``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["ConsumeStatus"]


class ConsumeStatus(Bean):
    """Pull/consume response times and rates of one topic in a consumer (ConsumerRunningInfo.statusTable)."""

    pull_rt = Prop(float, 0.0, wire="pullRT")
    pull_tps = Prop(float, 0.0, wire="pullTPS")
    consume_rt = Prop(float, 0.0, wire="consumeRT")
    consume_ok_tps = Prop(float, 0.0, wire="consumeOKTPS")
    consume_failed_tps = Prop(float, 0.0, wire="consumeFailedTPS")
    consume_failed_msgs = Prop(int, 0)
