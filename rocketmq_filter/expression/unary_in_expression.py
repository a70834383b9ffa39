"""Java ``org.apache.rocketmq.filter.expression.UnaryInExpression``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_filter.constant.unary_type import UnaryType
from rocketmq_filter.expression.boolean_expression import BooleanExpression
from rocketmq_filter.expression.evaluation_context import EvaluationContext
from rocketmq_filter.expression.expression import Expression
from rocketmq_filter.expression.unary_expression import UnaryExpression
from rocketmq_remoting.common.bean import Prop

__all__ = ["UnaryInExpression"]


class UnaryInExpression(UnaryExpression, BooleanExpression):
    """``x IN ('a', 'b')`` / ``x NOT IN (...)`` over a string property; built by
    :meth:`UnaryExpression.create_in_expression`."""

    #: Java's ``Collection``: the set of strings to match
    in_list: Prop[Any] = Prop(object)

    def get_in_list(self) -> Any: return self.in_list
    def set_in_list(self, in_list: Any) -> None: self.in_list = in_list

    def __init__(self, left: Expression, unary_type: UnaryType, in_list: Any, not_: bool) -> None:
        super().__init__(left, unary_type)
        self.in_list = in_list
        self.not_ = not_

    def evaluate(self, context: EvaluationContext) -> Optional[bool]:
        rvalue = self.right.evaluate(context)
        if rvalue is None or type(rvalue) is not str:
            return None
        return (self.in_list is not None and rvalue in self.in_list) != self.not_

    def is_not(self) -> bool:
        return self.not_

    def set_not(self, not_: bool) -> None:
        self.not_ = not_

    def get_expression_symbol(self) -> str:
        return "NOT IN" if self.not_ else "IN"

    def __str__(self) -> str:
        return "%s %s ( %s )" % (self.right, self.get_expression_symbol(), ", ".join(self.in_list or ()))
