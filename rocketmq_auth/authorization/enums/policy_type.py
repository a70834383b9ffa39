"""Java ``org.apache.rocketmq.auth.authorization.enums.PolicyType`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.coded_enum import CodedEnum

__all__ = ["PolicyType"]


class PolicyType(CodedEnum):
    """The policies of an ACL: the ones an operator writes (Custom) and the defaults."""

    CUSTOM = (1, "Custom")
    DEFAULT = (2, "Default")
