"""Java ``org.apache.rocketmq.common.action.Action`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.coded_enum import CodedEnum

__all__ = ["Action"]


class Action(CodedEnum):
    """What an ACL 2.0 policy entry allows or denies on a resource (``Pub``, ``Sub``...; ``All`` is every one)."""

    UNKNOWN = (0, "Unknown")
    ALL = (1, "All")
    ANY = (2, "Any")
    PUB = (3, "Pub")
    SUB = (4, "Sub")
    CREATE = (5, "Create")
    UPDATE = (6, "Update")
    DELETE = (7, "Delete")
    GET = (8, "Get")
    LIST = (9, "List")
