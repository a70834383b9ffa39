"""Java ``org.apache.rocketmq.common.resource.ResourcePattern`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.coded_enum import CodedEnum

__all__ = ["ResourcePattern"]


class ResourcePattern(CodedEnum):
    """How an ACL 2.0 resource name matches: every name (``Topic:*``), the name itself, or a prefix (``Topic:a*``)."""

    ANY = (1, "ANY")
    LITERAL = (2, "LITERAL")
    PREFIXED = (3, "PREFIXED")
