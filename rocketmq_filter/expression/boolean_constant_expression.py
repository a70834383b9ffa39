"""Java ``org.apache.rocketmq.filter.expression.BooleanConstantExpression``."""
from __future__ import annotations

from typing import Optional

from rocketmq_filter.expression.boolean_expression import BooleanExpression
from rocketmq_filter.expression.constant_expression import ConstantExpression

__all__ = ["BooleanConstantExpression"]


class BooleanConstantExpression(ConstantExpression, BooleanExpression):
    """The literals TRUE, FALSE and NULL (class attributes ``TRUE``, ``FALSE``, ``NULL``)."""

    NULL: "BooleanConstantExpression"
    TRUE: "BooleanConstantExpression"
    FALSE: "BooleanConstantExpression"

    def __init__(self, value: Optional[bool]) -> None:
        super().__init__(value)


BooleanConstantExpression.NULL = BooleanConstantExpression(None)
BooleanConstantExpression.TRUE = BooleanConstantExpression(True)
BooleanConstantExpression.FALSE = BooleanConstantExpression(False)
