"""Java ``org.apache.rocketmq.filter.expression.PropertyExpression``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rocketmq_filter.expression.evaluation_context import EvaluationContext
from rocketmq_filter.expression.expression import Expression
from rocketmq_remoting.common.bean import Prop, TypedBean

__all__ = ["PropertyExpression"]


class PropertyExpression(Expression, TypedBean):
    """A variable: the context's value of ``name`` (a message property, ``TAGS`` included)."""

    name = Prop(str, required=True)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_name(self) -> str: ...
        def set_name(self, name: str) -> None: ...
    # end of generated accessors

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
