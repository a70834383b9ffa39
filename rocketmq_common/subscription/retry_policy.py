"""Java ``org.apache.rocketmq.remoting.protocol.subscription.RetryPolicy`` (5.3.3)."""
from __future__ import annotations

__all__ = ["RetryPolicy"]


class RetryPolicy:
    """How long a consumer group waits before a message it failed to consume is delivered again."""

    def next_delay_duration(self, reconsume_times: int) -> int:
        """Java ``nextDelayDuration``: the delay in milliseconds before the next delivery of a message already
        consumed ``reconsume_times`` times."""
        raise NotImplementedError
