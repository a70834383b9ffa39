"""Java ``org.apache.rocketmq.auth.authentication.enums.SubjectType`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.coded_enum import CodedEnum

__all__ = ["SubjectType"]


class SubjectType(CodedEnum):
    """Who an ACL is for: the part before the colon of ``User:alice`` (users are the only subjects)."""

    USER = (1, "User")
