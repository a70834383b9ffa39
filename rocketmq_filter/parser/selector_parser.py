"""Java ``org.apache.rocketmq.filter.parser.SelectorParser``: SQL92 selector text to a
:class:`~rocketmq_filter.expression.boolean_expression.BooleanExpression`.

A recursive-descent parser for the grammar of RocketMQ's ``SelectorParser.jj`` (lowest precedence first)::

    JmsSelector  := orExpr                       (the input need not end here: later tokens are ignored)
    orExpr       := andExpr ( OR andExpr )*
    andExpr      := eqExpr ( AND eqExpr )*
    eqExpr       := cmpExpr ( "=" cmpExpr | "<>" cmpExpr | IS NULL | IS NOT NULL )*
    cmpExpr      := unary ( (">"|">="|"<"|"<=") unary | [NOT] BETWEEN unary AND unary
                           | [NOT] IN "(" string ("," string)* ")" )*
    unary        := "+" unary | "-" unary | NOT unary | primary
    primary      := literal | ID | "(" orExpr ")"
    literal      := string | decimal | float | TRUE | FALSE | NULL

Any error (lexical, syntax, or an operand rejected by the expression factories) raises
:class:`~rocketmq_filter.expression.mq_filter_exception.MQFilterException` ("Invalid MessageSelector. ") whose
message is the cause's Java ``toString()``. Results and errors of the last 100 selectors are cached, as Java's
``PARSE_CACHE`` does. The "Was expecting" part of a syntax error lists the single tokens expected at the error
(JavaCC also lists the two-token lookahead sequences). Parentheses nest up to about 150 levels (Python's
recursion limit; Java's stack allows more): deeper selectors are rejected with a StackOverflowError cause.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, List, Set

from rocketmq_filter.expression.boolean_constant_expression import BooleanConstantExpression
from rocketmq_filter.expression.boolean_expression import BooleanExpression
from rocketmq_filter.expression.comparison_expression import ComparisonExpression
from rocketmq_filter.expression.constant_expression import ConstantExpression
from rocketmq_filter.expression.expression import Expression
from rocketmq_filter.expression.logic_expression import LogicExpression
from rocketmq_filter.expression.mq_filter_exception import MQFilterException
from rocketmq_filter.expression.property_expression import PropertyExpression
from rocketmq_filter.expression.unary_expression import UnaryExpression
from rocketmq_filter.parser.parse_exception import ParseException
from rocketmq_filter.parser.selector_parser_constants import SelectorParserConstants as C
from rocketmq_filter.parser.selector_parser_token_manager import SelectorParserTokenManager
from rocketmq_filter.parser.token import Token

__all__ = ["SelectorParser"]

_CACHE_SIZE = 100
_COMPARISON_OPERATORS = {
    C.GT: ComparisonExpression.create_greater_than,
    C.GE: ComparisonExpression.create_greater_than_equal,
    C.LT: ComparisonExpression.create_less_than,
    C.LE: ComparisonExpression.create_less_than_equal,
}
_LITERALS = (C.TRUE, C.FALSE, C.NULL, C.DECIMAL_LITERAL, C.FLOATING_POINT_LITERAL, C.STRING_LITERAL)
_UNARY_START = (C.PLUS, C.MINUS, C.NOT) + _LITERALS + (C.ID, C.LPAREN)


class _NullPointerError(Exception):
    JAVA_CLASS_NAME = "java.lang.NullPointerException"


class SelectorParser:
    """See the module docstring. Use :meth:`parse`."""

    _PARSE_CACHE: "OrderedDict[str, Any]" = OrderedDict()
    _CACHE_LOCK = threading.Lock()

    @staticmethod
    def parse(sql: str) -> BooleanExpression:
        """Java ``parse``: the compiled selector; MQFilterException when it is invalid."""
        if sql is None:
            raise _NullPointerError()
        cache = SelectorParser._PARSE_CACHE
        with SelectorParser._CACHE_LOCK:
            result = cache.get(sql)
            if result is not None:
                cache.move_to_end(sql)
        if isinstance(result, MQFilterException):
            raise result
        if result is not None:
            return result
        ComparisonExpression.CONVERT_STRING_EXPRESSIONS.value = True
        try:
            try:
                result = SelectorParser(sql)._parse()
            except MQFilterException as e:
                result = e
            with SelectorParser._CACHE_LOCK:
                cache[sql] = result
                cache.move_to_end(sql)
                while len(cache) > _CACHE_SIZE:
                    cache.popitem(last=False)
        finally:
            del ComparisonExpression.CONVERT_STRING_EXPRESSIONS.value
        if isinstance(result, MQFilterException):
            raise result
        return result

    @staticmethod
    def clear_cache() -> None:
        """Java ``clearCache``."""
        with SelectorParser._CACHE_LOCK:
            SelectorParser._PARSE_CACHE.clear()

    def __init__(self, sql: str) -> None:
        self.sql = sql
        self._token_source = SelectorParserTokenManager(sql)
        self._tokens: List[Token] = []
        self._pos = 0
        self._expected: Set[int] = set()

    def _parse(self) -> BooleanExpression:
        try:
            return self.jms_selector()
        except Exception as e:  # Java catches every Throwable here
            raise MQFilterException("Invalid MessageSelector. ", e) from e

    # ------------------------------------------------------------------ tokens

    def _peek(self, ahead: int = 0) -> Token:
        while len(self._tokens) <= self._pos + ahead:
            self._tokens.append(self._token_source.get_next_token())
        return self._tokens[self._pos + ahead]

    def _next_kind(self, *expected: int) -> int:
        self._expected.update(expected)
        return self._peek().kind

    def _consume(self, kind: int) -> Token:
        token = self._peek()
        if token.kind != kind:
            self._expected.add(kind)
            raise self._error()
        self._pos += 1
        self._expected = set()
        return token

    def _error(self) -> ParseException:
        return ParseException.create(self._peek(), sorted(self._expected))

    @staticmethod
    def _as_boolean_expression(value: Expression) -> BooleanExpression:
        if isinstance(value, BooleanExpression):
            return value
        if isinstance(value, PropertyExpression):
            return UnaryExpression.create_boolean_cast(value)
        raise ParseException("Expression will not result in a boolean value: %s" % value)

    # ------------------------------------------------------------------ grammar

    def jms_selector(self) -> BooleanExpression:
        """Java ``JmsSelector``."""
        return self._as_boolean_expression(self.or_expression())

    def or_expression(self) -> Expression:
        """Java ``orExpression``."""
        left = self.and_expression()
        while self._next_kind(C.OR) == C.OR:
            self._consume(C.OR)
            right = self.and_expression()
            left = LogicExpression.create_or(self._as_boolean_expression(left), self._as_boolean_expression(right))
        return left

    def and_expression(self) -> Expression:
        """Java ``andExpression``."""
        left = self.equality_expression()
        while self._next_kind(C.AND) == C.AND:
            self._consume(C.AND)
            right = self.equality_expression()
            left = LogicExpression.create_and(self._as_boolean_expression(left),
                                              self._as_boolean_expression(right))
        return left

    def equality_expression(self) -> Expression:
        """Java ``equalityExpression``."""
        left = self.comparison_expression()
        while True:
            kind = self._next_kind(C.IS, C.EQ, C.NE)
            if kind == C.EQ:
                self._consume(C.EQ)
                left = ComparisonExpression.create_equal(left, self.comparison_expression())
            elif kind == C.NE:
                self._consume(C.NE)
                left = ComparisonExpression.create_not_equal(left, self.comparison_expression())
            elif kind == C.IS:
                if self._peek(1).kind == C.NULL:
                    self._consume(C.IS)
                    self._consume(C.NULL)
                    left = ComparisonExpression.create_is_null(left)
                else:
                    self._consume(C.IS)
                    self._consume(C.NOT)
                    self._consume(C.NULL)
                    left = ComparisonExpression.create_is_not_null(left)
            else:
                return left

    def comparison_expression(self) -> Expression:
        """Java ``comparisonExpression``."""
        left = self.unary_expr()
        while True:
            kind = self._next_kind(C.NOT, C.BETWEEN, C.IN, C.GT, C.GE, C.LT, C.LE)
            create = _COMPARISON_OPERATORS.get(kind)
            if create is not None:
                self._consume(kind)
                left = create(left, self.unary_expr())
            elif kind == C.BETWEEN:
                self._consume(C.BETWEEN)
                low = self.unary_expr()
                self._consume(C.AND)
                left = ComparisonExpression.create_between(left, low, self.unary_expr())
            elif kind == C.IN:
                self._consume(C.IN)
                left = ComparisonExpression.create_in_filter(left, self._string_list())
            elif kind == C.NOT:
                following = self._peek(1).kind
                if following == C.BETWEEN:
                    self._consume(C.NOT)
                    self._consume(C.BETWEEN)
                    low = self.unary_expr()
                    self._consume(C.AND)
                    left = ComparisonExpression.create_not_between(left, low, self.unary_expr())
                elif following == C.IN:
                    self._consume(C.NOT)
                    self._consume(C.IN)
                    left = ComparisonExpression.create_not_in_filter(left, self._string_list())
                else:
                    raise self._error()
            else:
                return left

    def _string_list(self) -> List[str]:
        self._consume(C.LPAREN)
        values = [self.string_litteral()]
        while self._next_kind(C.COMMA) == C.COMMA:
            self._consume(C.COMMA)
            values.append(self.string_litteral())
        self._consume(C.RPAREN)
        return values

    def unary_expr(self) -> Expression:
        """Java ``unaryExpr``."""
        kind = self._next_kind(*_UNARY_START)
        if kind == C.PLUS:
            self._consume(C.PLUS)
            return self.unary_expr()
        if kind == C.MINUS:
            self._consume(C.MINUS)
            return UnaryExpression.create_negate(self.unary_expr())
        if kind == C.NOT:
            self._consume(C.NOT)
            return UnaryExpression.create_not(self._as_boolean_expression(self.unary_expr()))
        if kind in _UNARY_START:
            return self.primary_expr()
        raise self._error()

    def primary_expr(self) -> Expression:
        """Java ``primaryExpr``."""
        kind = self._next_kind(*(_LITERALS + (C.ID, C.LPAREN)))
        if kind in _LITERALS:
            return self.literal()
        if kind == C.ID:
            return self.variable()
        self._consume(C.LPAREN)
        left = self.or_expression()
        self._consume(C.RPAREN)
        return left

    def literal(self) -> ConstantExpression:
        """Java ``literal``."""
        kind = self._peek().kind
        if kind == C.STRING_LITERAL:
            return ConstantExpression(self.string_litteral())
        token = self._consume(kind)
        if kind == C.DECIMAL_LITERAL:
            return ConstantExpression.create_from_decimal(token.image)
        if kind == C.FLOATING_POINT_LITERAL:
            return ConstantExpression.create_float(token.image)
        if kind == C.TRUE:
            return BooleanConstantExpression.TRUE
        if kind == C.FALSE:
            return BooleanConstantExpression.FALSE
        return BooleanConstantExpression.NULL

    def string_litteral(self) -> str:
        """Java ``stringLitteral``: the literal's text without the quotes, ``''`` read as ``'``."""
        image = self._consume(C.STRING_LITERAL).image
        return image[1:-1].replace("''", "'")

    def variable(self) -> PropertyExpression:
        """Java ``variable``."""
        return PropertyExpression(self._consume(C.ID).image)
