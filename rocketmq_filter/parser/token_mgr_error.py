"""Java ``org.apache.rocketmq.filter.parser.TokenMgrError``."""
from __future__ import annotations

__all__ = ["TokenMgrError", "add_escapes"]


def add_escapes(text: str) -> str:
    """JavaCC ``addEscapes``: Java escapes for control, quote and non-ASCII characters."""
    out = []
    for ch in text:
        if ch == "\0":
            continue
        escaped = _ESCAPES.get(ch)
        if escaped is not None:
            out.append(escaped)
        elif ch < " " or ch > "~":
            if ord(ch) > 0xFFFF:  # Java sees a surrogate pair
                code = ord(ch) - 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)))
            else:
                out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "'": "\\'",
            "\\": "\\\\"}


class TokenMgrError(Exception):
    """A lexical error: a character that starts no token (or an unterminated string or comment)."""

    JAVA_CLASS_NAME = "org.apache.rocketmq.filter.parser.TokenMgrError"

    def __init__(self, eof_seen: bool, error_line: int, error_column: int, error_after: str,
                 cur_char: str) -> None:
        encountered = "<EOF> " if eof_seen else '"%s" (%d), ' % (add_escapes(cur_char), ord(cur_char))
        super().__init__("Lexical error at line %d, column %d.  Encountered: %safter : \"%s\""
                         % (error_line, error_column, encountered, add_escapes(error_after)))
