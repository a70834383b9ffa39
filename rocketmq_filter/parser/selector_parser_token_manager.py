"""Java ``org.apache.rocketmq.filter.parser.SelectorParserTokenManager``: the selector's lexer.

Tokens are read on demand, as JavaCC does, so a lexical error after the part of the input the parser looks at
is never seen (the grammar does not require the input to end after the expression). Each token is the longest
match at the current position (ties: the token declared first, so keywords win over identifiers); blanks
(`` \\t\\n\\r\\f``), ``-- line comments`` ended by a line break and ``/* block comments */`` are skipped.
Keywords and exponents ignore case; identifiers are ASCII ``[a-zA-Z_$][a-zA-Z0-9_$]*``.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from rocketmq_filter.parser.selector_parser_constants import SelectorParserConstants as C
from rocketmq_filter.parser.token import Token
from rocketmq_filter.parser.token_mgr_error import TokenMgrError

__all__ = ["SelectorParserTokenManager"]

_TAB_SIZE = 8
_KEYWORDS = {"NOT": C.NOT, "AND": C.AND, "OR": C.OR, "BETWEEN": C.BETWEEN, "IN": C.IN, "TRUE": C.TRUE,
             "FALSE": C.FALSE, "NULL": C.NULL, "IS": C.IS}
_OPERATORS = (("<>", C.NE), ("<=", C.LE), (">=", C.GE), ("=", C.EQ), (">", C.GT), ("<", C.LT),
              ("(", C.LPAREN), (",", C.COMMA), (")", C.RPAREN), ("+", C.PLUS), ("-", C.MINUS))
_SKIPPED = re.compile(r"[ \t\n\r\f]|--[^\n\r]*(?:\r\n|\n|\r)|/\*[^*]*\*+(?:[^/*][^*]*\*+)*/")
_DECIMAL = re.compile(r"0|[1-9][0-9]*[lL]?")
_FLOAT = re.compile(r"[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+")
_STRING = re.compile(r"'(?:''|[^'])*'")
_ID = re.compile(r"[a-zA-Z_$][a-zA-Z0-9_$]*")
_DIGIT = re.compile(r"[0-9]")


def _positions(text: str) -> List[Tuple[int, int]]:
    # JavaCC SimpleCharStream.UpdateLineColumn: (line, column) of every character
    line, column = 1, 0
    prev_lf = prev_cr = False
    out = []
    for c in text:
        column += 1
        if prev_lf:
            prev_lf = False
            line += 1
            column = 1
        elif prev_cr:
            prev_cr = False
            if c == "\n":
                prev_lf = True
            else:
                line += 1
                column = 1
        if c == "\r":
            prev_cr = True
        elif c == "\n":
            prev_lf = True
        elif c == "\t":
            column -= 1
            column += _TAB_SIZE - (column % _TAB_SIZE)
        out.append((line, column))
    return out


class SelectorParserTokenManager:
    """See the module docstring. :meth:`get_next_token` returns the next token (kind ``EOF`` at the end) or
    raises :class:`TokenMgrError`."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self._positions = _positions(text)

    def get_next_token(self) -> Token:
        text = self.text
        while True:
            start = self.pos
            if start >= len(text):
                if not text:
                    # Java reads the position of the (absent) last character: ArrayIndexOutOfBoundsException
                    raise IndexError("-1")
                line, column = self._positions[-1]
                return Token(C.EOF, "", line, column, line, column)
            kind, length = self._longest_match(start)
            if kind is None:
                raise self._lexical_error(start)
            self.pos = start + length
            if kind >= C.NOT:
                begin_line, begin_column = self._positions[start]
                end_line, end_column = self._positions[start + length - 1]
                return Token(kind, text[start:start + length], begin_line, begin_column, end_line, end_column)

    def _longest_match(self, start: int) -> Tuple[Optional[int], int]:
        text = self.text
        best_kind: Optional[int] = None
        best_length = 0

        def offer(kind: int, length: int) -> None:
            nonlocal best_kind, best_length
            if length > best_length or (length == best_length and length and kind < best_kind):  # type: ignore
                best_kind, best_length = kind, length

        m = _SKIPPED.match(text, start)
        if m:
            offer(1 if len(m.group()) == 1 else (C.LINE_COMMENT if m.group().startswith("--") else C.BLOCK_COMMENT),
                  len(m.group()))
        for image, kind in _OPERATORS:
            if text.startswith(image, start):
                offer(kind, len(image))
                break
        m = _ID.match(text, start)
        if m:
            offer(_KEYWORDS.get(m.group().upper(), C.ID), len(m.group()))
        for pattern, kind in ((_DECIMAL, C.DECIMAL_LITERAL), (_FLOAT, C.FLOATING_POINT_LITERAL),
                              (_STRING, C.STRING_LITERAL)):
            m = pattern.match(text, start)
            if m:
                offer(kind, len(m.group()))
        return best_kind, best_length

    def _lexical_error(self, start: int) -> TokenMgrError:
        # how many characters JavaCC's automaton reads before giving up: to the end of an unterminated string
        # or block comment, two for "/x" and ".x", else one
        text = self.text
        first = text[start]
        rest = len(text) - start
        if first == "'" or text.startswith("/*", start):
            read = rest
        elif first in "/." and rest > 1 and not (first == "." and _DIGIT.match(text, start + 1)):
            read = 2
        else:
            read = 1
        last = start + read - 1
        cur_char = text[last]
        error_line, error_column = self._positions[last]
        eof_seen = last + 1 >= len(text)
        if eof_seen:
            error_after = "" if read <= 1 else text[start:last + 1]
            if cur_char in "\n\r":
                error_line += 1
                error_column = 0
            else:
                error_column += 1
        else:
            error_after = "" if read <= 1 else text[start:last]
        return TokenMgrError(eof_seen, error_line, error_column, error_after, cur_char)
