"""SelectorParser / SqlFilter: which selectors Java 4.9.7 accepts and rejects, and its error messages."""
from __future__ import annotations

import pytest

from rocketmq_filter.expression.boolean_expression import BooleanExpression
from rocketmq_filter.expression.mq_filter_exception import MQFilterException
from rocketmq_filter.filter_factory import FilterFactory
from rocketmq_filter.filter_spi import FilterSpi
from rocketmq_filter.parser.selector_parser import SelectorParser
from rocketmq_filter.sql_filter import SqlFilter


def _compile(sql: str) -> BooleanExpression:
    return FilterFactory.INSTANCE.get("SQL92").compile(sql)  # type: ignore[union-attr, return-value]


ACCEPTED = [
    # Java's ParserTest / ExpressionTest selectors
    "a=3 and b<>4 And c>5 AND d<=4",
    "a=3 or b<>4 Or c>5 OR d<=4",
    "a in ('3', '4', '5')",
    "(a not in ('6', '4', '5')) or (b in ('3', '4', '5'))",
    "(a between 2 and 10) AND (b not between 6 and 9)",
    "a is null",
    "a is not null",
    "a <= now",
    "a=TRUE OR b=FALSE",
    "TAGS is not null and TAGS='''''tag'''''",
    # every operator, literal kind and keyword spelling
    "a > 1 AND a >= 1 AND a < 2 AND a <= 2 AND a = 1 AND a <> 2",
    "a > 1.5 OR a > .5 OR a > 5. OR a > 1e3 OR a > 1.5E-3 OR a > 2L OR a > 9223372036854775807",
    "a BETWEEN -5 AND +5", "a NOT BETWEEN 1 AND 1", "a BETWEEN 1 AND 1.5",
    "a = 'it''s'", "a = ''", "a IN ('x')", "a NOT IN ('a', 'b', 'c', 'd', 'e', 'f')",
    "NOT a", "NOT NOT (a = 1)", "a", "(a)", "TRUE", "FALSE", "NULL", "$a_1 = 1", "_x IS NULL",
    "nothing = 1", "innie IN ('x')", "a iS nOt NuLl", "1 = 1", "1 = TRUE", "1 = 1.0", "'x' = 'y'", "a = b",
    "a > b", "-a > 1", "a = 1 IS NULL", "NULL IS NULL", "5 IS NOT NULL", "(a) IN ('x')", "a = 'x' = b",
    # blanks and comments
    "a\t=\n1\r\fAND\r\nb=2", "a = 1 /* comment * / ** */ AND b = 2", "a = 1 -- comment\n AND b = 2",
    # the grammar does not require the input to end after the expression: Java ignores what follows
    "a = 1 b", "a = 1)", "a = 1 'x'", "a = 1 -- unterminated comment", "a = 1 b #", "a = 0L", "a = 007",
]

REJECTED = [
    "", "   ", "a and between 2 and 10", " a between 10 and 0", "a > 100000000000000000000000", "a =", "a = 1 AND",
    "a = 1 OR", "(a = 1", "a = 1 #", "a = 1 NOT", "a NOT LIKE 'x'", "a = 'abc", "/* open", "a = 1 /x", "a ! = 1",
    "a != 1", "a == 1", "a > 'x'", "a > TRUE", "a > NULL", "a > (b > 1)", "a > b > 1", "a = NULL", "NULL = a",
    "a <> NULL", "TRUE = 1", "5", "'x'", "-5", "-a", "NOT 5", "NOT 'x'", "a AND 5", "a OR 'x'", "a IN ()",
    "a IN (1)", "a IN ('x',)", "5 IN ('x')", "a NOT IN (b)", "a BETWEEN NULL AND 5", "a BETWEEN 1 AND 'x'",
    "a BETWEEN 'a' AND 'b'", "a BETWEEN TRUE AND FALSE", "a BETWEEN 1", "a IS 5", "a IS NOT 5", "a > 0.0",
    "a > 1e400", "a = 9223372036854775808", "a = -9223372036854775808", "a . b = 1", "é = 1", "a = 1 ;",
    "a = \"x\"", "+", "()", "a = (1",
]


@pytest.mark.parametrize("sql", ACCEPTED)
def test_accepted_like_java(sql: str) -> None:
    expression = _compile(sql)
    assert isinstance(expression, BooleanExpression)


@pytest.mark.parametrize("sql", REJECTED)
def test_rejected_like_java(sql: str) -> None:
    with pytest.raises(MQFilterException) as info:
        _compile(sql)
    assert info.value.get_error_message() == "Invalid MessageSelector. "
    assert info.value.get_response_code() == -1


@pytest.mark.parametrize("sql, message", [
    ("a > 'x'", "java.lang.RuntimeException: Value ''x'' cannot be compared."),
    ("a = NULL", "java.lang.RuntimeException: 'NULL' cannot be compared."),
    ("TRUE = 1", "java.lang.RuntimeException: 'TRUE' cannot be compared with '1'"),
    ("a between 10 and 0",
     "java.lang.RuntimeException: Illegal values of between, left value(10) must less than or equal to right "
     "value(0)"),
    ("a BETWEEN NULL AND 5", "java.lang.RuntimeException: Illegal values of between, values can not be null!"),
    ("5 IN ('x')", "java.lang.RuntimeException: Expected a property for In expression, got: 5"),
    ("NOT 5", "org.apache.rocketmq.filter.parser.ParseException: Expression will not result in a boolean value: 5"),
    ("a > 0.0", "java.lang.RuntimeException: 0.0 is less than 4.9E-324"),
    ("a > 100000000000000000000000",
     'java.lang.NumberFormatException: For input string: "100000000000000000000000"'),
    ("a = 1 # b", 'org.apache.rocketmq.filter.parser.TokenMgrError: Lexical error at line 1, column 7.  '
                  'Encountered: "#" (35), after : ""'),
    ("a = 1 #", 'org.apache.rocketmq.filter.parser.TokenMgrError: Lexical error at line 1, column 8.  '
                'Encountered: <EOF> after : ""'),
    ("a = 'abc", 'org.apache.rocketmq.filter.parser.TokenMgrError: Lexical error at line 1, column 9.  '
                 'Encountered: <EOF> after : "\\\'abc"'),
    ("", "java.lang.ArrayIndexOutOfBoundsException: -1"),
])
def test_error_messages_are_the_java_cause(sql: str, message: str) -> None:
    with pytest.raises(MQFilterException) as info:
        _compile(sql)
    assert info.value.get_message() == message
    assert str(info.value) == message


def test_syntax_error_message_names_the_token_and_its_position() -> None:
    with pytest.raises(MQFilterException) as info:
        _compile("a =\n  AND b")
    assert info.value.get_message().startswith(
        'org.apache.rocketmq.filter.parser.ParseException: Encountered " "AND" "AND "" at line 2, column 3.\n'
        'Was expecting one of:\n')
    with pytest.raises(MQFilterException) as info:
        _compile("(a = 1")
    assert info.value.get_message().startswith(
        'org.apache.rocketmq.filter.parser.ParseException: Encountered "<EOF>" at line 1, column 6.\n')
    assert '")" ...' in info.value.get_message()


def test_precedence_and_structure() -> None:
    assert str(_compile("a=3 and b<>4 And c>5 AND d<=4")) == \
        "((((a == 3) && (NOT (b == 4))) && (c > 5)) && (d <= 4))"
    assert str(_compile("a = 1 OR b = 2 AND c = 3")) == "((a == 1) || ((b == 2) && (c == 3)))"
    assert str(_compile("(a BETWEEN 2 AND 10)")) == "((a >= 2) && (a <= 10))"
    assert str(_compile("a NOT BETWEEN 2 AND 10")) == "((a < 2) || (a > 10))"
    assert str(_compile("a IS NOT NULL")) == "(NOT (a == NULL))"
    assert str(_compile("NOT a = 'x'")) == "((NOT a) == 'x')"  # NOT binds tighter than =, as in Java
    assert str(_compile("a = 'it''s'")) == "(a == 'it''s')"
    assert str(_compile("- - 5 = 5")) == "((- (- 5)) == 5)"


def test_equal_selectors_compile_to_equal_expressions() -> None:
    # Java ParserTest.testEquals
    first = _compile("a=3 and b<>4 And c>5 AND d<=4")
    assert first == _compile("a=3  and    b<>4 And c>5 AND d<=4")
    assert first != _compile("a=3 or b<>4 Or c>5 OR d<=4")


def test_results_and_errors_are_cached() -> None:
    SelectorParser.clear_cache()
    assert SelectorParser.parse("cached = 1") is SelectorParser.parse("cached = 1")
    with pytest.raises(MQFilterException) as first:
        SelectorParser.parse("cached =")
    with pytest.raises(MQFilterException) as second:
        SelectorParser.parse("cached =")
    assert first.value is second.value
    for i in range(150):  # at most 100 entries are kept
        SelectorParser.parse("x%d = 1" % i)
    assert len(SelectorParser._PARSE_CACHE) == 100
    assert "x149 = 1" in SelectorParser._PARSE_CACHE and "x0 = 1" not in SelectorParser._PARSE_CACHE


def test_filter_factory() -> None:
    factory = FilterFactory.INSTANCE
    assert isinstance(factory.get("SQL92"), SqlFilter)
    assert factory.get("SQL92").of_type() == "SQL92"  # type: ignore[union-attr]
    assert factory.get("TAG") is None
    with pytest.raises(ValueError, match=r"Filter spi type\(SQL92\) already exist!"):
        factory.register(SqlFilter())

    class Everything(FilterSpi):
        def compile(self, expr):
            return _compile("TRUE")

        def of_type(self):
            return "EVERYTHING"

    spi = Everything()
    factory.register(spi)
    try:
        assert factory.get("EVERYTHING") is spi
    finally:
        assert factory.un_register("EVERYTHING") is spi
    assert factory.get("EVERYTHING") is None
    assert factory.un_register("EVERYTHING") is None
