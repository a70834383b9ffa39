"""Java ``org.apache.rocketmq.auth.authorization.enums.Decision`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.coded_enum import CodedEnum

__all__ = ["Decision"]


class Decision(CodedEnum):
    """What a matching policy entry decides."""

    ALLOW = (1, "Allow")
    DENY = (2, "Deny")
