"""Java ``org.apache.rocketmq.filter.expression.ComparisonExpression``: ``= <> > >= < <=``, BETWEEN, IN and
IS [NOT] NULL, with Java's operand checks at compile time and Java's type conversions at evaluation.

At evaluation a missing operand gives None (so the filter does not match); ``>``-like comparisons of two strings
compare them as doubles; mixed types are converted as Java's ``__compare`` does (Integer -> Long -> Double, a
string to the other side's type when ``convert_string_expressions``, which every parsed expression has); a string
that does not convert raises RuntimeError (NumberFormatException), and the broker then treats the message as not
matching, as Java does.
"""
from __future__ import annotations

import threading
from typing import Any, List, Optional

from rocketmq_filter.expression.binary_expression import BinaryExpression
from rocketmq_filter.expression.boolean_constant_expression import BooleanConstantExpression
from rocketmq_filter.expression.boolean_expression import BooleanExpression
from rocketmq_filter.expression.constant_expression import ConstantExpression
from rocketmq_filter.expression.evaluation_context import EvaluationContext
from rocketmq_filter.expression.expression import Expression
from rocketmq_filter.expression.java_values import (
    BOOLEAN, DOUBLE, INTEGER, LONG, STRING, Long, boolean_value_of, compare_to, double_value_of, integer_value_of,
    java_class, java_equals, long_value_of, to_java_string)
from rocketmq_filter.expression.logic_expression import LogicExpression
from rocketmq_filter.expression.property_expression import PropertyExpression
from rocketmq_filter.expression.unary_expression import UnaryExpression

__all__ = ["ComparisonExpression"]


def _is_number(value: Any) -> bool:
    return java_class(value) in (INTEGER, LONG, DOUBLE)


class ComparisonExpression(BinaryExpression, BooleanExpression):
    """Base of the comparisons; build them with the ``create_*`` methods."""

    #: Java's ``CONVERT_STRING_EXPRESSIONS`` thread local: set by the parser while it builds expressions
    CONVERT_STRING_EXPRESSIONS = threading.local()

    def __init__(self, left: Expression, right: Expression) -> None:
        super().__init__(left, right)
        self.convert_string_expressions = getattr(ComparisonExpression.CONVERT_STRING_EXPRESSIONS, "value",
                                                  None) is not None

    # ------------------------------------------------------------------ factories

    @staticmethod
    def create_between(value: Expression, left: Expression, right: Expression) -> BooleanExpression:
        """Java ``createBetween``: ``value >= left AND value <= right``; constant bounds must be non-null and
        ordered."""
        if isinstance(left, ConstantExpression) and isinstance(right, ConstantExpression):
            lv = left.get_value()
            rv = right.get_value()
            if lv is None or rv is None:
                raise RuntimeError("Illegal values of between, values can not be null!")
            if java_class(lv) is not None and java_class(rv) is not None:
                if ComparisonExpression._compare(rv, lv, True) < 0:
                    raise RuntimeError(
                        "Illegal values of between, left value(%s) must less than or equal to right value(%s)"
                        % (to_java_string(lv), to_java_string(rv)))
        return LogicExpression.create_and(ComparisonExpression.create_greater_than_equal(value, left),
                                          ComparisonExpression.create_less_than_equal(value, right))

    @staticmethod
    def create_not_between(value: Expression, left: Expression, right: Expression) -> BooleanExpression:
        """Java ``createNotBetween``: ``value < left OR value > right``."""
        return LogicExpression.create_or(ComparisonExpression.create_less_than(value, left),
                                         ComparisonExpression.create_greater_than(value, right))

    @staticmethod
    def create_in_filter(left: Expression, elements: List[Any]) -> BooleanExpression:
        """Java ``createInFilter``: the left side must be a property."""
        if not isinstance(left, PropertyExpression):
            raise RuntimeError("Expected a property for In expression, got: %s" % left)
        return UnaryExpression.create_in_expression(left, elements, False)

    @staticmethod
    def create_not_in_filter(left: Expression, elements: List[Any]) -> BooleanExpression:
        """Java ``createNotInFilter``."""
        if not isinstance(left, PropertyExpression):
            raise RuntimeError("Expected a property for In expression, got: %s" % left)
        return UnaryExpression.create_in_expression(left, elements, True)

    @staticmethod
    def create_is_null(left: Expression) -> BooleanExpression:
        """Java ``createIsNull``."""
        return _Equal(left, BooleanConstantExpression.NULL)

    @staticmethod
    def create_is_not_null(left: Expression) -> BooleanExpression:
        """Java ``createIsNotNull``."""
        return UnaryExpression.create_not(_Equal(left, BooleanConstantExpression.NULL))

    @staticmethod
    def create_not_equal(left: Expression, right: Expression) -> BooleanExpression:
        """Java ``createNotEqual``: ``NOT (left = right)``."""
        return UnaryExpression.create_not(ComparisonExpression.create_equal(left, right))

    @staticmethod
    def create_equal(left: Expression, right: Expression) -> BooleanExpression:
        """Java ``createEqual``: neither side may be the NULL literal, a boolean literal only equals a
        boolean literal when both sides are literals."""
        ComparisonExpression.check_equal_operand(left)
        ComparisonExpression.check_equal_operand(right)
        ComparisonExpression._check_equal_operand_compatability(left, right)
        return _Equal(left, right)

    @staticmethod
    def create_greater_than(left: Expression, right: Expression) -> BooleanExpression:
        """Java ``createGreaterThan``."""
        ComparisonExpression.check_less_than_operand(left)
        ComparisonExpression.check_less_than_operand(right)
        return _GreaterThan(left, right)

    @staticmethod
    def create_greater_than_equal(left: Expression, right: Expression) -> BooleanExpression:
        """Java ``createGreaterThanEqual``."""
        ComparisonExpression.check_less_than_operand(left)
        ComparisonExpression.check_less_than_operand(right)
        return _GreaterThanEqual(left, right)

    @staticmethod
    def create_less_than(left: Expression, right: Expression) -> BooleanExpression:
        """Java ``createLessThan``."""
        ComparisonExpression.check_less_than_operand(left)
        ComparisonExpression.check_less_than_operand(right)
        return _LessThan(left, right)

    @staticmethod
    def create_less_than_equal(left: Expression, right: Expression) -> BooleanExpression:
        """Java ``createLessThanEqual``."""
        ComparisonExpression.check_less_than_operand(left)
        ComparisonExpression.check_less_than_operand(right)
        return _LessThanEqual(left, right)

    @staticmethod
    def check_less_than_operand(expr: Expression) -> None:
        """Java ``checkLessThanOperand``: only numeric literals and non-boolean expressions can be ordered."""
        if isinstance(expr, ConstantExpression):
            if _is_number(expr.get_value()):
                return
            raise RuntimeError("Value '%s' cannot be compared." % expr)
        if isinstance(expr, BooleanExpression):
            raise RuntimeError("Value '%s' cannot be compared." % expr)

    @staticmethod
    def check_equal_operand(expr: Expression) -> None:
        """Java ``checkEqualOperand``: the NULL literal cannot be compared."""
        if isinstance(expr, ConstantExpression) and expr.get_value() is None:
            raise RuntimeError("'%s' cannot be compared." % expr)

    @staticmethod
    def _check_equal_operand_compatability(left: Expression, right: Expression) -> None:
        if isinstance(left, ConstantExpression) and isinstance(right, ConstantExpression):
            if isinstance(left, BooleanExpression) and not isinstance(right, BooleanExpression):
                raise RuntimeError("'%s' cannot be compared with '%s'" % (left, right))

    # ------------------------------------------------------------------ evaluation

    def evaluate(self, context: EvaluationContext) -> Optional[bool]:
        """Java ``evaluate`` of ``> >= < <=``: None when a side is missing; two strings compare as doubles."""
        lv = self.left.evaluate(context)
        if lv is None:
            return None
        rv = self.right.evaluate(context)
        if rv is None:
            return None
        if type(lv) is str and type(rv) is str:
            try:
                return self.compare(double_value_of(lv), double_value_of(rv))
            except ValueError as e:
                raise RuntimeError("It's illegal to compare string by '>=', '>', '<', '<='. lv=%s, rv=%s"
                                   % (lv, rv)) from e
        return self.compare(lv, rv)

    @staticmethod
    def _compare(lv: Any, rv: Any, convert_string_expressions: bool) -> int:
        """Java ``__compare``: convert the operands to a common type, then ``compareTo``; -1 when they have
        no common type."""
        lc = java_class(lv)
        rc = java_class(rv)
        if lc is None or rc is None:
            raise TypeError("%s cannot be cast to java.lang.Comparable" % type(lv if lc is None else rv).__name__)
        if lc != rc:
            try:
                if lc == BOOLEAN:
                    if convert_string_expressions and rc == STRING:
                        # Java casts the Boolean to String here: ClassCastException
                        raise TypeError("java.lang.Boolean cannot be cast to java.lang.String")
                    return -1
                elif lc == INTEGER:
                    if rc == LONG:
                        lv = Long(lv)
                    elif rc == DOUBLE:
                        lv = float(lv)
                    elif convert_string_expressions and rc == STRING:
                        rv = integer_value_of(rv)
                    else:
                        return -1
                elif lc == LONG:
                    if rc == INTEGER:
                        rv = Long(rv)
                    elif rc == DOUBLE:
                        lv = float(lv)
                    elif convert_string_expressions and rc == STRING:
                        rv = long_value_of(rv)
                    else:
                        return -1
                elif lc == DOUBLE:
                    if rc in (INTEGER, LONG):
                        rv = float(rv)
                    elif convert_string_expressions and rc == STRING:
                        rv = double_value_of(rv)
                    else:
                        return -1
                elif convert_string_expressions and lc == STRING:
                    if rc == BOOLEAN:
                        lv = boolean_value_of(lv)
                    elif rc == INTEGER:
                        lv = integer_value_of(lv)
                    elif rc == LONG:
                        lv = long_value_of(lv)
                    elif rc == DOUBLE:
                        lv = double_value_of(lv)
                    else:
                        return -1
                else:
                    return -1
            except ValueError as e:
                raise RuntimeError("java.lang.NumberFormatException: %s" % e) from e
        return compare_to(lv, rv)

    def compare(self, lv: Any, rv: Any) -> bool:
        """Java ``compare``: :meth:`as_boolean` of the comparison."""
        return self.as_boolean(ComparisonExpression._compare(lv, rv, self.convert_string_expressions))

    def as_boolean(self, answer: int) -> bool:
        """Java ``asBoolean``: whether the ``compareTo`` answer satisfies this operator."""
        raise NotImplementedError


class _Equal(ComparisonExpression):

    def evaluate(self, context: EvaluationContext) -> Optional[bool]:
        lv = self.left.evaluate(context)
        rv = self.right.evaluate(context)
        if (lv is None) != (rv is None):
            return None if lv is None else False
        if lv is rv or java_equals(lv, rv):
            return True
        if java_class(lv) is not None and java_class(rv) is not None:
            return self.compare(lv, rv)
        return False

    def as_boolean(self, answer: int) -> bool:
        return answer == 0

    def get_expression_symbol(self) -> str:
        return "=="


class _GreaterThan(ComparisonExpression):

    def as_boolean(self, answer: int) -> bool:
        return answer > 0

    def get_expression_symbol(self) -> str:
        return ">"


class _GreaterThanEqual(ComparisonExpression):

    def as_boolean(self, answer: int) -> bool:
        return answer >= 0

    def get_expression_symbol(self) -> str:
        return ">="


class _LessThan(ComparisonExpression):

    def as_boolean(self, answer: int) -> bool:
        return answer < 0

    def get_expression_symbol(self) -> str:
        return "<"


class _LessThanEqual(ComparisonExpression):

    def as_boolean(self, answer: int) -> bool:
        return answer <= 0

    def get_expression_symbol(self) -> str:
        return "<="
