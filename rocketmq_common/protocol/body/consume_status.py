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

    def get_pull_rt(self) -> float: return self.pull_rt
    def set_pull_rt(self, pull_rt: float) -> None: self.pull_rt = pull_rt
    def get_pull_tps(self) -> float: return self.pull_tps
    def set_pull_tps(self, pull_tps: float) -> None: self.pull_tps = pull_tps
    def get_consume_rt(self) -> float: return self.consume_rt
    def set_consume_rt(self, consume_rt: float) -> None: self.consume_rt = consume_rt
    def get_consume_ok_tps(self) -> float: return self.consume_ok_tps
    def set_consume_ok_tps(self, consume_ok_tps: float) -> None: self.consume_ok_tps = consume_ok_tps
    def get_consume_failed_tps(self) -> float: return self.consume_failed_tps
    def set_consume_failed_tps(self, consume_failed_tps: float) -> None: self.consume_failed_tps = consume_failed_tps
    def get_consume_failed_msgs(self) -> int: return self.consume_failed_msgs
    def set_consume_failed_msgs(self, consume_failed_msgs: int) -> None: self.consume_failed_msgs = consume_failed_msgs
