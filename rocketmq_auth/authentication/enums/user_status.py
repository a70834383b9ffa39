"""Java ``org.apache.rocketmq.auth.authentication.enums.UserStatus`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.coded_enum import CodedEnum

__all__ = ["UserStatus"]


class UserStatus(CodedEnum):
    """Whether a user may log in."""

    ENABLE = (1, "enable")
    DISABLE = (2, "disable")
