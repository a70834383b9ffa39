"""Java ``org.apache.rocketmq.filter.expression.NowExpression``."""
from __future__ import annotations

import time

from rocketmq_filter.expression.constant_expression import ConstantExpression
from rocketmq_filter.expression.evaluation_context import EvaluationContext
from rocketmq_filter.expression.java_values import Long

__all__ = ["NowExpression"]


class NowExpression(ConstantExpression):
    """The current time in ms (a Long), read at every evaluation."""

    def __init__(self) -> None:
        super().__init__("now")

    def evaluate(self, context: EvaluationContext) -> Long:
        return Long(int(time.time() * 1000))

    def get_value(self) -> Long:
        return Long(int(time.time() * 1000))
