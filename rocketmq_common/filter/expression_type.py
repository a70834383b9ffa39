"""Java ``org.apache.rocketmq.common.filter.ExpressionType``."""
from __future__ import annotations

from typing import Optional

__all__ = ["ExpressionType"]


class ExpressionType:
    """Subscription expression languages (plain strings on the wire, e.g. PullMessageRequestHeader.expressionType).

    ``TAG``: ``"tag1 || tag2"``, ``*``/empty for all. ``SQL92``: a property filter such as
    ``(a > 10 AND a < 100) OR (b IS NOT NULL AND b=TRUE)`` (needs broker ``enablePropertyFilter=true``).
    """

    SQL92 = "SQL92"
    TAG = "TAG"

    @staticmethod
    def is_tag_type(type_: Optional[str]) -> bool:
        """Java ``isTagType``: None, empty and ``TAG`` are tag expressions."""
        return type_ is None or type_ == "" or type_ == ExpressionType.TAG
