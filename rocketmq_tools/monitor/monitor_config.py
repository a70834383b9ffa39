"""Java ``org.apache.rocketmq.tools.monitor.MonitorConfig``."""
from __future__ import annotations

import os
from typing import Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MonitorConfig"]


class MonitorConfig(Bean):
    """The name server (default ``$NAMESRV_ADDR``) and the interval between monitor rounds (Java: 60 s);
    ``first_round_delay`` is Java's fixed 20 s before the first round."""

    namesrv_addr = Prop(str)
    round_interval = Prop(int, 1000 * 60)
    first_round_delay = Prop(int, 1000 * 20)

    def get_namesrv_addr(self) -> str: return self.namesrv_addr
    def set_namesrv_addr(self, namesrv_addr: Optional[str]) -> None: self.namesrv_addr = namesrv_addr
    def get_round_interval(self) -> int: return self.round_interval
    def set_round_interval(self, round_interval: int) -> None: self.round_interval = round_interval
    def get_first_round_delay(self) -> int: return self.first_round_delay
    def set_first_round_delay(self, first_round_delay: int) -> None: self.first_round_delay = first_round_delay

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        if self.namesrv_addr is None:
            self.namesrv_addr = os.environ.get(MixAll.NAMESRV_ADDR_ENV)
