"""Java ``org.apache.rocketmq.filter.parser.SelectorParserConstants``: token kinds and images."""
from __future__ import annotations

__all__ = ["SelectorParserConstants"]


class SelectorParserConstants:
    """Token kinds of the selector grammar (JavaCC numbering)."""

    EOF = 0
    LINE_COMMENT = 6
    BLOCK_COMMENT = 7
    NOT = 8
    AND = 9
    OR = 10
    BETWEEN = 11
    IN = 12
    TRUE = 13
    FALSE = 14
    NULL = 15
    IS = 16
    DECIMAL_LITERAL = 17
    FLOATING_POINT_LITERAL = 18
    EXPONENT = 19
    STRING_LITERAL = 20
    ID = 21
    EQ = 22
    NE = 23
    GT = 24
    GE = 25
    LT = 26
    LE = 27
    LPAREN = 28
    COMMA = 29
    RPAREN = 30
    PLUS = 31
    MINUS = 32

    DEFAULT = 0

    TOKEN_IMAGE = (
        "<EOF>", '" "', '"\\t"', '"\\n"', '"\\r"', '"\\f"', "<LINE_COMMENT>", "<BLOCK_COMMENT>", '"NOT"', '"AND"',
        '"OR"', '"BETWEEN"', '"IN"', '"TRUE"', '"FALSE"', '"NULL"', '"IS"', "<DECIMAL_LITERAL>",
        "<FLOATING_POINT_LITERAL>", "<EXPONENT>", "<STRING_LITERAL>", "<ID>", '"="', '"<>"', '">"', '">="', '"<"',
        '"<="', '"("', '","', '")"', '"+"', '"-"',
    )
