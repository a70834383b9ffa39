"""Java ``org.apache.rocketmq.filter.expression.BinaryExpression``."""
from __future__ import annotations

from typing import Optional

from rocketmq_filter.expression.expression import Expression
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["BinaryExpression"]


class BinaryExpression(Expression, Bean):
    """An operation on two expressions (``left``, ``right``)."""

    left = Prop(Expression)
    right = Prop(Expression)

    def get_left(self) -> Expression: return self.left
    def set_left(self, left: Optional[Expression]) -> None: self.left = left
    def get_right(self) -> Expression: return self.right
    def set_right(self, right: Optional[Expression]) -> None: self.right = right

    def __init__(self, left: Expression, right: Expression) -> None:
        self.left = left
        self.right = right

    def get_expression_symbol(self) -> str:
        """Java ``getExpressionSymbol``: the operator, e.g. ``>``."""
        raise NotImplementedError

    def __str__(self) -> str:
        return "(%s %s %s)" % (self.left, self.get_expression_symbol(), self.right)

    def __eq__(self, other: object) -> bool:
        return other is not None and type(other) is type(self) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))
