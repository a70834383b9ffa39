"""Java ``org.apache.rocketmq.remoting.protocol.subscription.ExponentialRetryPolicy`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.subscription.retry_policy import RetryPolicy
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["ExponentialRetryPolicy"]


class ExponentialRetryPolicy(Bean, RetryPolicy):
    """Delays growing by ``multiplier`` from ``initial`` up to ``max`` (milliseconds; 5 s, 2 h and 2 as in Java)."""

    initial = Prop(int, 5000)
    max = Prop(int, 7200000)
    multiplier = Prop(int, 2)

    def get_initial(self) -> int: return self.initial

    def set_initial(self, initial: int) -> None: self.initial = initial

    def get_max(self) -> int: return self.max

    def set_max(self, max_: int) -> None: self.max = max_

    def get_multiplier(self) -> int: return self.multiplier

    def set_multiplier(self, multiplier: int) -> None: self.multiplier = multiplier

    def next_delay_duration(self, reconsume_times: int) -> int:
        """Java ``nextDelayDuration``: ``min(max, initial * multiplier ** reconsumeTimes)``, the exponent kept in
        0..32."""
        return min(self.max, self.initial * self.multiplier ** min(max(reconsume_times, 0), 32))

    def __str__(self) -> str:
        """Java ``toString`` (Guava's ``toStringHelper``)."""
        return "ExponentialRetryPolicy{initial=%s, max=%s, multiplier=%s}" % (self.initial, self.max, self.multiplier)
