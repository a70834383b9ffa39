"""Java ``org.apache.rocketmq.filter.parser.ParseException``."""
from __future__ import annotations

from typing import Optional, Sequence

from rocketmq_filter.parser.selector_parser_constants import SelectorParserConstants
from rocketmq_filter.parser.token import Token
from rocketmq_filter.parser.token_mgr_error import add_escapes

__all__ = ["ParseException"]

_EOL = "\n"


class ParseException(Exception):
    """A syntax error. ``ParseException(message)``, or :meth:`create` for an unexpected token (Java's
    generated message: ``Encountered " <ID> "x "" at line 1, column 5.`` and the expected tokens)."""

    JAVA_CLASS_NAME = "org.apache.rocketmq.filter.parser.ParseException"

    def __init__(self, message: Optional[str] = None) -> None:
        super().__init__(message or "")

    @staticmethod
    def create(next_token: Token, expected_kinds: Sequence[int]) -> "ParseException":
        """The error for ``next_token`` where one of ``expected_kinds`` was expected."""
        images = SelectorParserConstants.TOKEN_IMAGE
        if next_token.kind == SelectorParserConstants.EOF:
            encountered = images[0]
        else:
            encountered = ' %s "%s "' % (images[next_token.kind], add_escapes(next_token.image))
        expected = "".join("%s ...%s    " % (images[kind], _EOL) for kind in sorted(set(expected_kinds)))
        message = 'Encountered "%s" at line %d, column %d.%s' % (encountered, next_token.begin_line,
                                                                 next_token.begin_column, _EOL)
        message += ("Was expecting:" if len(set(expected_kinds)) == 1 else "Was expecting one of:") + _EOL + "    "
        return ParseException(message + expected)
