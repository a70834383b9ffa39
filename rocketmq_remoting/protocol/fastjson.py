r"""Reading and writing the JSON dialect of fastjson 1.2.69, which the Java NameServer and Broker speak.

fastjson writes map keys that are not strings as bare JSON values: ``{0:"127.0.0.1:10911"}`` for integer keys
and ``{{"brokerName":"b","queueId":0,"topic":"T"}:100}`` for MessageQueue keys, and may write a repeated object
as ``{"$ref":"$.queueDatas[0]"}``. :func:`loads` parses standard JSON with ujson and falls back to a tolerant
recursive-descent parser for the rest: integer keys become ``int``, object keys become :class:`JsonObjectKey`
(a hashable dict). The fallback also accepts what fastjson's default parser features (``JSON.DEFAULT_PARSER_FEATURE``:
AllowUnQuotedFieldNames, AllowSingleQuotes, AllowArbitraryCommas) and its lexer accept from other clients:
unquoted and single-quoted field names, single-quoted strings, repeated and trailing commas, ``//`` and ``/* */``
comments, and the escapes ``\'``, ``\v``, ``\xHH`` and ``\0``..``\7``; anything else fastjson refuses stays a
:class:`JsonParseError`. :func:`dumps` writes standard JSON, except that :class:`ObjectKeyMap` values are written the
way fastjson writes object-keyed maps, which is the only form the Java side reads back for them.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, NoReturn

import ujson

__all__ = ["loads", "dumps", "JsonObjectKey", "ObjectKeyMap", "JsonParseError"]


class JsonParseError(ValueError):
    """The text is neither JSON nor fastjson's dialect of it."""


class JsonObjectKey(dict):
    """An object used as a map key by fastjson; hashable so that it can key a Python dict."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted((k, _freeze(v)) for k, v in self.items())))


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


class ObjectKeyMap(list):
    """A map written with bare JSON keys, as ``(key_json_value, value_json_value)`` pairs, for :func:`dumps`:
    object keys (``Map<MessageQueue, X>``) or number keys (fastjson's unquoted ``{0:"addr"}``)."""


def loads(data: Any) -> Any:
    """Parse JSON or fastjson text (``str`` or UTF-8 ``bytes``)."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data).decode("utf-8")
    try:
        value = ujson.loads(data)
    except (ValueError, SystemError):  # ujson 5.x (the last for Python 3.8) raises SystemError on object keys
        value = _Parser(data).parse()
    if '"$ref"' in data:
        value = _resolve_refs(value, value)
    return value


_DUMP_OPTS: Dict[str, Any] = {"ensure_ascii": False, "escape_forward_slashes": False}


def dumps(value: Any) -> str:
    """Write standard JSON; :class:`ObjectKeyMap` values are written as fastjson object-keyed maps."""
    if not _has_object_keys(value):
        return ujson.dumps(value, **_DUMP_OPTS)
    return _write(value)


def _has_object_keys(value: Any) -> bool:
    if isinstance(value, ObjectKeyMap):
        return True
    if isinstance(value, dict):
        return any(_has_object_keys(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_object_keys(v) for v in value)
    return False


def _write(value: Any) -> str:
    if isinstance(value, ObjectKeyMap):
        return "{" + ",".join(_write(k) + ":" + _write(v) for k, v in value) + "}"
    if isinstance(value, dict):
        return "{" + ",".join(ujson.dumps(str(k), **_DUMP_OPTS) + ":" + _write(v) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_write(v) for v in value) + "]"
    return ujson.dumps(value, **_DUMP_OPTS)


_NUMBER_RE = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_WS = " \t\n\r\f\b"  # fastjson skipWhitespace also skips form feed and backspace
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t",
            "'": "'", "v": "\v", "F": "\f", **{str(d): chr(d) for d in range(8)}}
#: an unquoted field name (fastjson ``scanSymbolUnQuoted``: a Java identifier)
_SYMBOL_RE = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


class _Parser:
    """Recursive-descent parser for JSON that also accepts any JSON value in key position."""

    __slots__ = ("text", "pos")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def parse(self) -> Any:
        value = self._value()
        self._skip_ws()
        if self.pos != len(self.text):
            self._fail("trailing characters")
        return value

    def _fail(self, what: str) -> NoReturn:
        raise JsonParseError("%s at position %d: %r" % (what, self.pos, self.text[self.pos:self.pos + 30]))

    def _skip_ws(self) -> None:
        text, pos, n = self.text, self.pos, len(self.text)
        while pos < n:
            ch = text[pos]
            if ch in _WS:
                pos += 1
            elif ch == "/" and text.startswith("//", pos):
                end = text.find("\n", pos)
                pos = n if end < 0 else end + 1
            elif ch == "/" and text.startswith("/*", pos):
                end = text.find("*/", pos + 2)
                if end < 0:
                    self.pos = pos
                    self._fail("unterminated comment")
                pos = end + 2
            else:
                break
        self.pos = pos

    def _skip_commas(self) -> None:
        """AllowArbitraryCommas: commas before a key or an item are skipped."""
        self._skip_ws()
        while self._peek() == ",":
            self.pos += 1
            self._skip_ws()

    def _value(self) -> Any:
        self._skip_ws()
        if self.pos >= len(self.text):
            self._fail("unexpected end")
        ch = self.text[self.pos]
        if ch == "{":
            return self._object()
        if ch == "[":
            return self._array()
        if ch == '"' or ch == "'":
            return self._string()
        if ch == "-" or ch.isdigit():
            return self._number()
        for word, val in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return val
        self._fail("unexpected character")

    def _object(self) -> dict:
        self.pos += 1
        result: dict = {}
        while True:
            self._skip_commas()
            if self._peek() == "}":
                self.pos += 1
                return result
            symbol = _SYMBOL_RE.match(self.text, self.pos)
            if symbol is not None:
                key: Any = symbol.group(0)  # AllowUnQuotedFieldNames (``{true:1}`` too has the key "true")
                self.pos = symbol.end()
            else:
                key = self._value()
            if isinstance(key, dict):
                key = JsonObjectKey(key)
            elif isinstance(key, list):
                key = tuple(_freeze(v) for v in key)
            self._skip_ws()
            if self._peek() != ":":
                self._fail("expected ':'")
            self.pos += 1
            result[key] = self._value()
            self._skip_ws()
            ch = self._peek()
            if ch == "}":
                self.pos += 1
                return result
            if ch != ",":
                self._fail("expected ',' or '}'")

    def _array(self) -> list:
        self.pos += 1
        result: List[Any] = []
        while True:
            self._skip_commas()
            if self._peek() == "]":
                self.pos += 1
                return result
            result.append(self._value())
            self._skip_ws()
            ch = self._peek()
            if ch == "]":
                self.pos += 1
                return result
            if ch != ",":
                self._fail("expected ',' or ']'")

    def _peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def _string(self) -> str:
        text = self.text
        quote = text[self.pos]
        pos = self.pos + 1
        parts: List[str] = []
        start = pos
        n = len(text)
        while True:
            if pos >= n:
                self.pos = pos
                self._fail("unterminated string")
            ch = text[pos]
            if ch == quote:
                parts.append(text[start:pos])
                self.pos = pos + 1
                return "".join(parts)
            if ch == "\\":
                parts.append(text[start:pos])
                esc = text[pos + 1:pos + 2]
                if esc == "u":
                    code = int(text[pos + 2:pos + 6], 16)
                    pos += 6
                    if 0xD800 <= code < 0xDC00 and text[pos:pos + 2] == "\\u":
                        low = int(text[pos + 2:pos + 6], 16)
                        if 0xDC00 <= low < 0xE000:
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            pos += 6
                    parts.append(chr(code))
                elif esc == "x":
                    parts.append(chr(int(text[pos + 2:pos + 4], 16)))
                    pos += 4
                elif esc in _ESCAPES:
                    parts.append(_ESCAPES[esc])
                    pos += 2
                else:
                    self.pos = pos
                    self._fail("bad escape")
                start = pos
                continue
            pos += 1

    def _number(self) -> Any:
        m = _NUMBER_RE.match(self.text, self.pos)
        if not m:
            self._fail("bad number")
        self.pos = m.end()
        if m.group(1) or m.group(2):
            return float(m.group(0))
        return int(m.group(0))


_REF_PATH_RE = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def _resolve_refs(node: Any, root: Any) -> Any:
    """Replace fastjson ``{"$ref": "$.a.b[0]"}`` references to absolute paths by the referenced value."""
    if isinstance(node, dict):
        if len(node) == 1 and "$ref" in node and isinstance(node["$ref"], str):
            path = node["$ref"]
            if path == "$":
                return root
            if path.startswith("$"):
                target: Any = root
                try:
                    for name, index in _REF_PATH_RE.findall(path[1:]):
                        target = target[int(index)] if index else target[name]
                except (KeyError, IndexError, TypeError):
                    return node
                return target
            return node
        for key, value in list(node.items()):
            node[key] = _resolve_refs(value, root)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            node[i] = _resolve_refs(value, root)
    return node

