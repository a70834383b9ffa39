"""Java ``org.apache.rocketmq.filter.expression.Expression``."""
from __future__ import annotations

from typing import Any

from rocketmq_filter.expression.evaluation_context import EvaluationContext

__all__ = ["Expression"]


class Expression:
    """A node of a compiled filter expression."""

    def evaluate(self, context: EvaluationContext) -> Any:
        """Java ``evaluate``: the value of this expression in ``context`` (may raise, like Java)."""
        raise NotImplementedError
