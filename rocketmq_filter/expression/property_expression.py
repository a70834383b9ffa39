"""Java ``org.apache.rocketmq.filter.expression.PropertyExpression``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_filter.expression.evaluation_context import EvaluationContext
from rocketmq_filter.expression.expression import Expression
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["PropertyExpression"]


class PropertyExpression(Expression, Bean):
    """A variable: the context's value of ``name`` (a message property, ``TAGS`` included)."""

    name = Prop(str, required=True)

    def get_name(self) -> str: return self.name
    def set_name(self, name: Optional[str]) -> None: self.name = name

    def __init__(self, name: str) -> None:
        self.name = name

    def evaluate(self, context: EvaluationContext) -> Any:
        return context.get(self.name)

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:
        return other is not None and type(other) is type(self) and self.name == other.name  # type: ignore

    def __hash__(self) -> int:
        return hash(self.name)
