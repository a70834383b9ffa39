"""Java ``org.apache.rocketmq.filter.expression.BinaryExpression``."""
from __future__ import annotations

from rocketmq_filter.expression.expression import Expression

__all__ = ["BinaryExpression"]


class BinaryExpression(Expression):
    """An operation on two expressions (``left``, ``right``)."""

    def __init__(self, left: Expression, right: Expression) -> None:
        self.left = left
        self.right = right

    def get_left(self) -> Expression:
        return self.left

    def get_right(self) -> Expression:
        return self.right

    def set_left(self, expression: Expression) -> None:
        self.left = expression

    def set_right(self, expression: Expression) -> None:
        self.right = expression

    def get_expression_symbol(self) -> str:
        """Java ``getExpressionSymbol``: the operator, e.g. ``>``."""
        raise NotImplementedError

    def __str__(self) -> str:
        return "(%s %s %s)" % (self.left, self.get_expression_symbol(), self.right)

    def __eq__(self, other: object) -> bool:
        return other is not None and type(other) is type(self) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))
