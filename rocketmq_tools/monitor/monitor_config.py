"""Java ``org.apache.rocketmq.tools.monitor.MonitorConfig``."""
from __future__ import annotations

import os

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MonitorConfig"]


class MonitorConfig(Bean):
    """The name server (default ``$NAMESRV_ADDR``) and the interval between monitor rounds (Java: 60 s);
    ``first_round_delay`` is Java's fixed 20 s before the first round."""

    namesrv_addr = Prop(str)
    round_interval = Prop(int, 1000 * 60)
    first_round_delay = Prop(int, 1000 * 20)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        if self.namesrv_addr is None:
            self.namesrv_addr = os.environ.get(MixAll.NAMESRV_ADDR_ENV)
