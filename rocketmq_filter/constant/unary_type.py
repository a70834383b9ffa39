"""Java ``org.apache.rocketmq.filter.constant.UnaryType``."""
from __future__ import annotations

import enum

__all__ = ["UnaryType"]


class UnaryType(enum.Enum):
    """Kinds of :class:`~rocketmq_filter.expression.unary_expression.UnaryExpression`."""

    NEGATE = 0
    IN = 1
    NOT = 2
    BOOLEANCAST = 3
    LIKE = 4
