"""Java ``org.apache.rocketmq.auth.authentication.enums.UserType`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.coded_enum import CodedEnum

__all__ = ["UserType"]


class UserType(CodedEnum):
    """A super user may do everything (and alone create or change super users); a normal one what its ACL allows."""

    SUPER = (1, "Super")
    NORMAL = (2, "Normal")
