"""Java ``org.apache.rocketmq.filter.expression.UnaryExpression``: negation, NOT, IN and the boolean cast of a
property."""
from __future__ import annotations

from typing import Any, List, Optional

from rocketmq_filter.constant.unary_type import UnaryType
from rocketmq_filter.expression.boolean_expression import BooleanExpression
from rocketmq_filter.expression.evaluation_context import EvaluationContext
from rocketmq_filter.expression.expression import Expression
from rocketmq_filter.expression.java_values import DOUBLE, INTEGER, LONG, Long, java_class
from rocketmq_filter.expression.logic_expression import boolean_cast
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["UnaryExpression"]


def _wrap(value: int, bits: int) -> int:
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def _negate(value: Any) -> Any:
    # Java UnaryExpression.negate: same boxed type, Java overflow
    cls = java_class(value)
    if cls == INTEGER:
        return _wrap(-value, 32)
    if cls == LONG:
        return Long(_wrap(-value, 64))
    if cls == DOUBLE:
        return -value
    raise RuntimeError("Don't know how to negate: %s" % value)


class UnaryExpression(Expression, Bean):
    """An operation on one expression (held in ``right``, as in Java)."""

    right = Prop(Expression)
    unary_type = Prop(UnaryType)

    def get_right(self) -> Expression: return self.right
    def set_right(self, right: Optional[Expression]) -> None: self.right = right
    def get_unary_type(self) -> UnaryType: return self.unary_type
    def set_unary_type(self, unary_type: Optional[UnaryType]) -> None: self.unary_type = unary_type

    def __init__(self, left: Expression, unary_type: Optional[UnaryType] = None) -> None:
        self.right = left
        self.unary_type = unary_type

    @staticmethod
    def create_negate(left: Expression) -> Expression:
        """Java ``createNegate``: ``-x`` of a number, None for anything else."""
        return _Negate(left, UnaryType.NEGATE)

    @staticmethod
    def create_in_expression(right: Expression, elements: List[Any], not_: bool) -> BooleanExpression:
        """Java ``createInExpression``: whether a string property is (not) one of ``elements``; None when the
        property is missing or not a string."""
        from rocketmq_filter.expression.unary_in_expression import UnaryInExpression
        if not elements:
            in_list: Any = None
        elif len(elements) < 5:
            in_list = list(elements)
        else:
            in_list = set(elements)
        return UnaryInExpression(right, UnaryType.IN, in_list, not_)

    @staticmethod
    def create_not(left: BooleanExpression) -> BooleanExpression:
        """Java ``createNOT``: None stays None."""
        return _Not(left, UnaryType.NOT)

    @staticmethod
    def create_boolean_cast(left: Expression) -> BooleanExpression:
        """Java ``createBooleanCast``: a property used as a condition; True only when its value is the boolean
        True (message properties are strings, so False whenever present), None when missing."""
        return _BooleanCast(left, UnaryType.BOOLEANCAST)

    def get_expression_symbol(self) -> str:
        """Java ``getExpressionSymbol``."""
        raise NotImplementedError

    def __str__(self) -> str:
        return "(%s %s)" % (self.get_expression_symbol(), self.right)

    def __eq__(self, other: object) -> bool:
        return other is not None and type(other) is type(self) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


class BooleanUnaryExpression(UnaryExpression, BooleanExpression):
    """Java ``UnaryExpression.BooleanUnaryExpression``: a unary expression with a boolean value."""


class _Negate(UnaryExpression):

    def evaluate(self, context: EvaluationContext) -> Any:
        rvalue = self.right.evaluate(context)
        if rvalue is None:
            return None
        if java_class(rvalue) in (INTEGER, LONG, DOUBLE):
            return _negate(rvalue)
        return None

    def get_expression_symbol(self) -> str:
        return "-"


class _Not(BooleanUnaryExpression):

    def evaluate(self, context: EvaluationContext) -> Optional[bool]:
        lvalue = boolean_cast(self.right.evaluate(context))
        if lvalue is None:
            return None
        return not lvalue

    def get_expression_symbol(self) -> str:
        return "NOT"


class _BooleanCast(BooleanUnaryExpression):

    def evaluate(self, context: EvaluationContext) -> Optional[bool]:
        rvalue = self.right.evaluate(context)
        if rvalue is None:
            return None
        if type(rvalue) is not bool:
            return False
        return rvalue

    def __str__(self) -> str:
        return str(self.right)

    def get_expression_symbol(self) -> str:
        return ""
