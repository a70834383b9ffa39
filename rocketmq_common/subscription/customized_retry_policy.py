"""Java ``org.apache.rocketmq.remoting.protocol.subscription.CustomizedRetryPolicy`` (5.3.3)."""
from __future__ import annotations

from typing import List

from rocketmq_common.subscription.retry_policy import RetryPolicy
from rocketmq_remoting.common.bean import Bean, ListOf, Prop, java_string

__all__ = ["CustomizedRetryPolicy"]

#: 1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h (the broker's default ``messageDelayLevel``)
_DEFAULT_NEXT = [1000, 5000, 10000, 30000, 60000, 120000, 180000, 240000, 300000, 360000, 420000, 480000, 540000,
                 600000, 1200000, 1800000, 3600000, 7200000]


class CustomizedRetryPolicy(Bean, RetryPolicy):
    """Delays from a table (``next``, milliseconds), compatible with the broker's ``messageDelayLevel``."""

    next = Prop(ListOf(int), _DEFAULT_NEXT)

    def get_next(self) -> List[int]: return self.next

    def set_next(self, next_: List[int]) -> None: self.next = next_

    def next_delay_duration(self, reconsume_times: int) -> int:
        """Java ``nextDelayDuration``: ``next[reconsumeTimes + 2]`` (the old delay levels start from index 1 and
        a retry's level is ``reconsumeTimes + 3``), the last entry beyond the table."""
        index = min(max(reconsume_times, 0) + 2, len(self.next) - 1)
        return self.next[index]

    def __str__(self) -> str:
        """Java ``toString`` (Guava's ``toStringHelper``): ``CustomizedRetryPolicy{next=[1000, 5000]}``."""
        return "CustomizedRetryPolicy{next=%s}" % java_string(self.next)
