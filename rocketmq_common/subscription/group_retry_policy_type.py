"""Java ``org.apache.rocketmq.remoting.protocol.subscription.GroupRetryPolicyType`` (5.3.3)."""
from __future__ import annotations

import enum

__all__ = ["GroupRetryPolicyType"]


class GroupRetryPolicyType(enum.Enum):
    """Which retry policy of a :class:`GroupRetryPolicy` applies."""

    EXPONENTIAL = 0
    CUSTOMIZED = 1
