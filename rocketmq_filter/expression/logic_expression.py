"""Java ``org.apache.rocketmq.filter.expression.LogicExpression``: AND / OR with SQL's three-valued logic,
evaluated left to right and stopping at the first deciding operand, as in Java."""
from __future__ import annotations

from typing import Any, List, Optional

from rocketmq_filter.expression.binary_expression import BinaryExpression
from rocketmq_filter.expression.boolean_expression import BooleanExpression
from rocketmq_filter.expression.evaluation_context import EvaluationContext

__all__ = ["LogicExpression"]


def boolean_cast(value: Any) -> Optional[bool]:
    """Java's ``(Boolean) value`` cast: TypeError (ClassCastException) for anything but a boolean or None."""
    if value is None or type(value) is bool:
        return value
    raise TypeError("%s cannot be cast to java.lang.Boolean" % type(value).__name__)


class LogicExpression(BinaryExpression, BooleanExpression):
    """Base of AND / OR; build them with :meth:`create_and` / :meth:`create_or`."""

    def __init__(self, left: BooleanExpression, right: BooleanExpression) -> None:
        super().__init__(left, right)

    @staticmethod
    def create_or(lvalue: BooleanExpression, rvalue: BooleanExpression) -> BooleanExpression:
        """Java ``createOR``: True if either side is True, else None if either is None, else False."""
        return _Or(lvalue, rvalue)

    @staticmethod
    def create_and(lvalue: BooleanExpression, rvalue: BooleanExpression) -> BooleanExpression:
        """Java ``createAND``: False if either side is False, else None if either is None, else True."""
        return _And(lvalue, rvalue)


def _chain(expression: LogicExpression) -> List[Any]:
    # the operands of a left-deep chain of the same operator (a OR b OR c parses as ((a OR b) OR c)), in order;
    # evaluating them in a loop gives Java's result and evaluation order without a recursion per operand
    operands = []
    node: Any = expression
    while type(node) is type(expression):
        operands.append(node.right)
        node = node.left
    operands.append(node)
    operands.reverse()
    return operands


class _Or(LogicExpression):

    def evaluate(self, context: EvaluationContext) -> Optional[bool]:
        unknown = False
        for operand in _chain(self):
            value = boolean_cast(operand.evaluate(context))
            if value:
                return True
            if value is None:
                unknown = True
        return None if unknown else False

    def get_expression_symbol(self) -> str:
        return "||"


class _And(LogicExpression):

    def evaluate(self, context: EvaluationContext) -> Optional[bool]:
        unknown = False
        for operand in _chain(self):
            value = boolean_cast(operand.evaluate(context))
            if value is False:
                return False
            if value is None:
                unknown = True
        return None if unknown else True

    def get_expression_symbol(self) -> str:
        return "&&"
