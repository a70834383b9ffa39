"""Java ``org.apache.rocketmq.filter.expression.BooleanExpression``."""
from __future__ import annotations

from rocketmq_filter.expression.evaluation_context import EvaluationContext
from rocketmq_filter.expression.expression import Expression

__all__ = ["BooleanExpression"]


class BooleanExpression(Expression):
    """An expression whose value is True, False or None (unknown)."""

    def matches(self, context: EvaluationContext) -> bool:
        """Java ``matches``: True only when the expression evaluates to True."""
        return self.evaluate(context) is True
