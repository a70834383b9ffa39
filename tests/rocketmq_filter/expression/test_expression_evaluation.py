"""Evaluation of compiled SQL92 selectors with Java 4.9.7's semantics: three-valued logic (None: unknown, a
missing property), Java's numeric promotion and string conversion, and errors where Java throws."""
from __future__ import annotations

import math
from typing import Any, Dict, Optional

import pytest

from rocketmq_filter.expression.boolean_constant_expression import BooleanConstantExpression
from rocketmq_filter.expression.comparison_expression import ComparisonExpression
from rocketmq_filter.expression.constant_expression import ConstantExpression
from rocketmq_filter.expression.empty_evaluation_context import EmptyEvaluationContext
from rocketmq_filter.expression.evaluation_context import EvaluationContext
from rocketmq_filter.expression.java_values import Long, double_value_of, integer_value_of, to_java_string
from rocketmq_filter.expression.property_expression import PropertyExpression
from rocketmq_filter.expression.unary_expression import UnaryExpression
from rocketmq_filter.filter_factory import FilterFactory


class DictContext(EvaluationContext):
    def __init__(self, values: Dict[str, Any]) -> None:
        self.values = values

    def get(self, name: str) -> Any:
        return self.values.get(name)

    def key_values(self) -> Optional[Dict[str, Any]]:
        return dict(self.values)


def evaluate(sql: str, **properties: Any) -> Any:
    expression = FilterFactory.INSTANCE.get("SQL92").compile(sql)  # type: ignore[union-attr]
    return expression.evaluate(DictContext(properties))


@pytest.mark.parametrize("sql, properties, expected", [
    # > >= < <= against numbers: the string property is converted to the literal's type
    ("a > 5", {"a": "10"}, True), ("a > 5", {"a": "5"}, False), ("a > 5", {"a": "-3"}, False),
    ("a > 5", {"a": "+10"}, True), ("a > 5", {"a": "05"}, False), ("a >= 5", {"a": "5"}, True),
    ("a >= 5", {"a": "4"}, False), ("a < 5", {"a": "4"}, True), ("a < 5", {"a": "5"}, False),
    ("a <= 5", {"a": "5"}, True), ("a <= 5", {"a": "6"}, False), ("a > 5", {}, None), ("a < 5", {}, None),
    ("a > 5.5", {"a": "6"}, True), ("a > 5.5", {"a": " 5.6 "}, True), ("a > 5.5", {"a": "5.5"}, False),
    ("a > 3.1E10", {"a": str(3.1415 * 10 ** 10)}, True), ("a > 3.14", {"a": "3.1415"}, True),
    ("a > 5.5", {"a": "1e1"}, True), ("a > 5.5", {"a": "NaN"}, True), ("a < 5.5", {"a": "-Infinity"}, True),
    ("a > 3000000000", {"a": "3000000001"}, True), ("a < 3000000000", {"a": "-3000000001"}, True),
    # two properties compared with > are both read as doubles
    ("a > b", {"a": "20", "b": "10"}, True), ("a > b", {"a": "10", "b": "20"}, False),
    ("a > b", {"a": "1.5", "b": "1"}, True), ("a > b", {"a": "1"}, None),
    # equality: same value, or equal after Java's conversion
    ("a = 5", {"a": "5"}, True), ("a = 5", {"a": "05"}, True), ("a = 5", {"a": "6"}, False),
    ("a = 5.0", {"a": "5"}, True), ("a = 3000000000", {"a": "3000000000"}, True), ("a = 5", {}, None),
    ("a = 'x'", {"a": "x"}, True), ("a = 'x'", {"a": "X"}, False), ("a = 'x'", {}, None),
    ("a = ''", {"a": ""}, True), ("a = 'it''s'", {"a": "it's"}, True),
    ("TAGS is not null and TAGS='''''tag'''''", {"TAGS": "''tag''"}, True),
    ("a = b", {"a": "3.14", "b": "3.14"}, True), ("a = b", {"a": "3.14", "b": "3.140"}, False),
    ("a = b", {}, True),  # NULL = NULL: Java's lv == rv
    ("a = TRUE", {"a": "true"}, True), ("a = TRUE", {"a": "TRUE"}, True), ("a = TRUE", {"a": "yes"}, False),
    ("a = FALSE", {"a": "no"}, True),  # Boolean.valueOf("no") is false
    ("a = 1.5", {"a": "NaN"}, False),
    ("a <> 'x'", {"a": "y"}, True), ("a <> 'x'", {"a": "x"}, False), ("a <> 'x'", {}, None),
    ("a <> b", {"a": "3.14", "b": "3.141"}, True), ("a <> 5", {"a": "5"}, False),
    # literals among themselves
    ("1 = 1", {}, True), ("1 = 1.0", {}, True), ("2 > 1", {}, True), ("3000000000 > 2", {}, True),
    ("2 > 3000000000", {}, False), ("1.5 > 1", {}, True), ("-5 < -4", {}, True), ("- -5 = 5", {}, True),
    ("+5 = 5", {}, True), ("1 = TRUE", {}, False), ("'x' = 'x'", {}, True), ("'x' = 'y'", {}, False),
    ("TRUE", {}, True), ("FALSE", {}, False), ("NULL", {}, None), ("TRUE = FALSE", {}, False),
    # BETWEEN / NOT BETWEEN (inclusive bounds)
    ("a BETWEEN 2 AND 10", {"a": "2"}, True), ("a BETWEEN 2 AND 10", {"a": "10"}, True),
    ("a BETWEEN 2 AND 10", {"a": "11"}, False), ("a BETWEEN 2 AND 10", {"a": "1"}, False),
    ("a BETWEEN 2 AND 10", {}, None), ("a BETWEEN 1 AND 1.5", {"a": "1"}, True),
    ("a NOT BETWEEN 2 AND 10", {"a": "11"}, True), ("a NOT BETWEEN 2 AND 10", {"a": "1"}, True),
    ("a NOT BETWEEN 2 AND 10", {"a": "5"}, False), ("a NOT BETWEEN 2 AND 10", {}, None),
    ("a BETWEEN up AND low", {"a": "3.14"}, None),
    # IN / NOT IN (strings only)
    ("a IN ('x', 'y')", {"a": "x"}, True), ("a IN ('x', 'y')", {"a": "z"}, False), ("a IN ('x')", {}, None),
    ("a IN ('1', '2', '3', '4', '5', '6')", {"a": "6"}, True),
    ("a IN ('1', '2', '3', '4', '5', '6')", {"a": "7"}, False),
    ("a NOT IN ('x', 'y')", {"a": "z"}, True), ("a NOT IN ('x', 'y')", {"a": "x"}, False),
    ("a NOT IN ('x')", {}, None), ("a IN ('1')", {"a": 1}, None),  # a non-string value: unknown
    # IS NULL / IS NOT NULL
    ("a IS NULL", {}, True), ("a IS NULL", {"a": "x"}, False), ("a IS NOT NULL", {}, False),
    ("a IS NOT NULL", {"a": ""}, True), ("NULL IS NULL", {}, True), ("5 IS NOT NULL", {}, True),
    # AND / OR / NOT with unknowns
    ("a = 'x' OR b = 'y'", {"b": "y"}, True), ("a = 'x' OR b = 'y'", {"b": "n"}, None),
    ("a = 'x' OR b = 'y'", {"a": "n", "b": "n"}, False), ("a = 'x' OR b = 'y'", {"a": "x"}, True),
    ("a = 'x' AND b = 'y'", {"a": "n"}, False), ("a = 'x' AND b = 'y'", {"a": "x"}, None),
    ("a = 'x' AND b = 'y'", {"a": "x", "b": "y"}, True), ("a = 'x' AND b = 'y'", {"b": "n"}, False),
    ("NOT (a = 'x')", {"a": "x"}, False), ("NOT (a = 'x')", {"a": "y"}, True), ("NOT (a = 'x')", {}, None),
    ("a=3 and b<>4 And c>5 AND d<=4", {"a": "3", "b": "5", "c": "6", "d": "1"}, True),
    ("a=3 and b<>4 And c>5 AND d<=4", {"a": "4", "b": "5", "c": "6", "d": "1"}, False),
    ("a=3 or b<>4 Or c>5 OR d<=4", {"a": "4", "b": "4", "c": "3", "d": "2"}, True),
    ("a=TRUE OR b=FALSE", {"a": "true", "b": "false"}, True),
    ("a=TRUE OR b=FALSE", {"a": "false", "b": "true"}, False),
    ("a is null OR a='hello'", {}, True), ("a is null OR a='hello'", {"a": "abc"}, False),
    # a property as a condition: only a boolean value is true (message properties are strings)
    ("a", {"a": "true"}, False), ("a", {"a": True}, True), ("a", {}, None), ("NOT a", {"a": "x"}, True),
    # negation of a property: strings are not numbers, so unknown
    ("-a > 1", {"a": "5"}, None), ("-a = 1", {"a": "5"}, None),
    # NOT binds tighter than =: (NOT a) = 'x' is unknown when a is missing
    ("NOT a = 'x'", {}, None),
    # typed context values (Java's tests also use numbers)
    ("a = 3", {"a": 3}, True), ("a > 2", {"a": Long(3)}, True), ("a > 2.5", {"a": 3}, True),
    ("a > 1", {"a": True}, False),
])
def test_evaluation(sql: str, properties: Dict[str, Any], expected: Any) -> None:
    assert evaluate(sql, **properties) is expected


@pytest.mark.parametrize("sql, properties", [
    ("a > 5", {"a": "abc"}),            # Integer.valueOf fails
    ("a > 5", {"a": "10.5"}),
    ("a > 5", {"a": " 10"}),            # Integer.valueOf does not trim
    ("a > 5", {"a": "3000000000"}),     # beyond Integer
    ("a > 5", {"a": ""}),
    ("a = 5", {"a": "x"}),
    ("a = 5", {"a": "5.0"}),
    ("a > 5.5", {"a": "x"}),
    ("a > 5.5", {"a": "1_0"}),
    ("a > b", {"a": "abc", "b": "1"}),  # strings compared with > must be numbers
    ("'abc' = 1", {}),
    ("TRUE = a", {"a": "true"}),        # Java casts the Boolean to String: ClassCastException
    ("a = b = c", {"a": "1", "b": "1", "c": "x"}),
    ("a BETWEEN up AND low", {"a": "3.14", "up": "up", "low": "low"}),
    ("key is not null and key between 0 and 100", {"key": "con"}),
    ("a > 5 OR b = 'x'", {"a": "abc", "b": "x"}),  # the error is not absorbed by OR, as in Java
    ("a BETWEEN 1 AND 1.5", {"a": "1.2"}),  # a >= 1 reads "1.2" as an Integer
    ("NOT a = 'x'", {"a": "x"}),  # (NOT a) = 'x' compares a Boolean with a String
    ("a = 'x'", {"a": 3}),  # an Integer value reads the literal as an Integer
])
def test_evaluation_errors_like_java(sql: str, properties: Dict[str, Any]) -> None:
    with pytest.raises((RuntimeError, TypeError)):
        evaluate(sql, **properties)


def test_matches_is_true_only_for_true() -> None:
    expression = FilterFactory.INSTANCE.get("SQL92").compile("a = 'x'")  # type: ignore[union-attr]
    assert expression.matches(DictContext({"a": "x"})) is True
    assert expression.matches(DictContext({"a": "y"})) is False
    assert expression.matches(EmptyEvaluationContext()) is False
    assert BooleanConstantExpression.NULL.matches(EmptyEvaluationContext()) is False


def test_expressions_built_outside_the_parser_do_not_convert_strings() -> None:
    # Java sets CONVERT_STRING_EXPRESSIONS only while parsing
    equal = ComparisonExpression.create_equal(PropertyExpression("a"), ConstantExpression(5))
    assert equal.evaluate(DictContext({"a": "5"})) is False
    greater = ComparisonExpression.create_greater_than(PropertyExpression("a"), ConstantExpression(5))
    assert greater.evaluate(DictContext({"a": "6"})) is False


def test_negation_keeps_java_types() -> None:
    assert UnaryExpression.create_negate(ConstantExpression(5)).evaluate(EmptyEvaluationContext()) == -5
    negated_long = UnaryExpression.create_negate(ConstantExpression(Long(1 << 40))).evaluate(
        EmptyEvaluationContext())
    assert type(negated_long) is Long and negated_long == -(1 << 40)
    assert UnaryExpression.create_negate(ConstantExpression(-(1 << 31))).evaluate(
        EmptyEvaluationContext()) == -(1 << 31)  # int overflow, as in Java
    assert UnaryExpression.create_negate(ConstantExpression("x")).evaluate(EmptyEvaluationContext()) is None
    assert ConstantExpression.create_from_decimal("2147483648").get_value() == Long(2147483648)
    assert type(ConstantExpression.create_from_decimal("2147483647").get_value()) is int


def test_java_value_helpers() -> None:
    assert double_value_of(" 1.5f ") == 1.5
    assert double_value_of("0x1.8p1") == 3.0
    assert math.isnan(double_value_of("NaN"))
    assert double_value_of("-Infinity") == -math.inf
    for bad in ("inf", "1_0", "", "1e", "0x1.8"):
        with pytest.raises(ValueError):
            double_value_of(bad)
    assert integer_value_of("+7") == 7 and integer_value_of("-0") == 0
    for bad in (" 1", "1 ", "1_0", "2147483648", "-", ""):
        with pytest.raises(ValueError):
            integer_value_of(bad)
    assert [to_java_string(v) for v in (1.0, 1e7, 9999999.0, 0.001, 1e-4, 3.1e10, -2.5, 100.0)] == \
        ["1.0", "1.0E7", "9999999.0", "0.001", "1.0E-4", "3.1E10", "-2.5", "100.0"]


def test_long_and_or_chains() -> None:
    # thousands of operands: evaluated in a loop, left to right, stopping at the deciding one
    chain = FilterFactory.INSTANCE.get("SQL92").compile(  # type: ignore[union-attr]
        " OR ".join("a = %d" % i for i in range(3000)))
    assert chain.evaluate(DictContext({"a": "2999"})) is True
    assert chain.evaluate(DictContext({"a": "3000"})) is False
    assert chain.evaluate(DictContext({})) is None
    assert evaluate("a = 'x' OR a = 1 OR b = 'y'", a="x") is True  # stops before a = 1 (which would raise)
    with pytest.raises(RuntimeError):
        evaluate("b = 'y' OR a = 1 OR a = 'x'", a="x")
    assert evaluate("a = 1 AND a = 'x' AND b = 'y'", a="2") is False  # stops before a = 'x'
    assert evaluate("a IS NULL AND b = 'y' AND c = 'z'", b="y") is None
    nested = "(" * 100 + "a = 1" + ")" * 100
    assert evaluate(nested, a="1") is True
