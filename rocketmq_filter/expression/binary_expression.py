"""Java ``org.apache.rocketmq.filter.expression.BinaryExpression``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rocketmq_filter.expression.expression import Expression
from rocketmq_remoting.common.bean import Prop, TypedBean

__all__ = ["BinaryExpression"]


class BinaryExpression(Expression, TypedBean):
    """An operation on two expressions (``left``, ``right``)."""

    left = Prop(Expression)
    right = Prop(Expression)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_left(self) -> Optional[Expression]: ...
        def set_left(self, left: Optional[Expression]) -> None: ...
        def get_right(self) -> Optional[Expression]: ...
        def set_right(self, right: Optional[Expression]) -> None: ...
    # end of generated accessors

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
