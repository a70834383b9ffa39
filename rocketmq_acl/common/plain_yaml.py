"""The YAML subset of ``plain_acl.yml`` (Java reads it with SnakeYAML; no YAML library is needed here).

Understood: block mappings, block sequences (indented under their key or at the key's own indentation, as
SnakeYAML writes them), sequences of mappings (``- accessKey: ...``), plain, single- and double-quoted
scalars, one-line flow sequences and mappings of scalars (``[a, b]``, ``{}``), ``#`` comments and a leading
``---``. Plain scalars resolve like YAML 1.1 for what an ACL file holds: empty / ``~`` / ``null`` to None,
``true``/``false``/``yes``/``no``/``on``/``off`` to booleans, decimal integers to int, anything else stays a
string (quote a secret such as ``0123`` to keep it verbatim). Errors raise ValueError naming the line number
only, never the line's text (it may hold a secret key).
"""
from __future__ import annotations

import json
import re
from typing import Any, List, Optional, Tuple

__all__ = ["PlainYaml"]

_INT_RE = re.compile(r"^[-+]?(0|[1-9][0-9_]*)$")
_BOOLS = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}
_NULLS = ("", "~", "null", "Null", "NULL")
_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r", "e": "\x1b",
            " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}


class _Line:
    __slots__ = ("indent", "text", "number")

    def __init__(self, indent: int, text: str, number: int) -> None:
        self.indent = indent
        self.text = text
        self.number = number


def _strip_comment(line: str) -> str:
    quote = None
    escaped = False
    for i, ch in enumerate(line):
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote:
                quote = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " \t-:[{,"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i]
    return line


def _split_key(text: str) -> Optional[Tuple[str, str]]:
    """``key: rest`` -> (key, rest); None when ``text`` is not a mapping entry."""
    if text[:1] in "\"'":
        end = text.find(text[0], 1)
        while end > 0 and text[0] == "'" and text[end + 1:end + 2] == "'":
            end = text.find("'", end + 2)
        if end > 0 and text[end + 1:end + 2] == ":" and text[end + 2:end + 3] in ("", " ", "\t"):
            return text[:end + 1], text[end + 2:].strip()
        return None
    if text[:1] in "[{":
        return None
    for i, ch in enumerate(text):
        if ch == ":" and (i + 1 == len(text) or text[i + 1] in " \t"):
            return text[:i].rstrip(), text[i + 1:].strip()
    return None


class PlainYaml:
    """``PlainYaml.load(text)``: the document as dicts, lists and scalars (None for an empty document);
    ``PlainYaml.dump(data)``: the block text of such a document (what Java's ``AclUtils.writeDataObject`` writes
    with SnakeYAML, with every string double-quoted so it reads back verbatim)."""

    @staticmethod
    def dump(data: Any) -> str:
        lines: List[str] = []
        _dump_block(data, 0, lines)
        return "".join(line + "\n" for line in lines)

    @staticmethod
    def load(text: str) -> Any:
        lines: List[_Line] = []
        for number, raw in enumerate(text.splitlines(), 1):
            if "\t" in raw[:len(raw) - len(raw.lstrip())]:
                raise ValueError("line %d: tabs are not allowed in indentation" % number)
            content = _strip_comment(raw).rstrip()
            stripped = content.lstrip(" ")
            if not stripped or (not lines and stripped == "---"):
                continue
            if stripped in ("---", "...") and len(stripped) == len(content):
                raise ValueError("line %d: only one YAML document is supported" % number)
            lines.append(_Line(len(content) - len(stripped), stripped, number))
        if not lines:
            return None
        parser = _Parser(lines)
        value = parser.block(0, lines[0].indent)
        if parser.pos < len(lines):
            raise ValueError("line %d: unexpected indentation" % lines[parser.pos].number)
        return value


def _dump_scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict) and not value:
        return "{}"
    if isinstance(value, list) and not value:
        return "[]"
    return json.dumps(str(value), ensure_ascii=False)


def _is_block(value: Any) -> bool:
    return isinstance(value, (dict, list)) and bool(value)


def _dump_block(value: Any, indent: int, lines: List[str]) -> None:
    pad = " " * indent
    if isinstance(value, dict) and value:
        for key, item in value.items():
            if _is_block(item):
                lines.append("%s%s:" % (pad, key))
                # a sequence at its key's own indentation, as SnakeYAML writes it; a mapping one level deeper
                _dump_block(item, indent if isinstance(item, list) else indent + 2, lines)
            else:
                lines.append("%s%s: %s" % (pad, key, _dump_scalar(item)))
    elif isinstance(value, list) and value:
        for item in value:
            if _is_block(item):
                nested: List[str] = []
                _dump_block(item, indent + 2, nested)
                lines.append("%s- %s" % (pad, nested[0][indent + 2:]))
                lines.extend(nested[1:])
            else:
                lines.append("%s- %s" % (pad, _dump_scalar(item)))
    else:
        lines.append(pad + _dump_scalar(value))


def _is_seq_entry(text: str) -> bool:
    return text == "-" or text.startswith("- ")


class _Parser:
    def __init__(self, lines: List[_Line]) -> None:
        self.lines = lines
        self.pos = 0

    def block(self, pos: int, indent: int) -> Any:
        self.pos = pos
        line = self.lines[pos]
        if _is_seq_entry(line.text):
            return self.sequence(indent)
        if _split_key(line.text) is None:
            self.pos += 1
            return _scalar(line.text, line.number)
        return self.mapping(indent)

    def _nested(self, parent_indent: int, allow_same_indent_seq: bool) -> Any:
        if self.pos >= len(self.lines):
            return None
        nxt = self.lines[self.pos]
        if nxt.indent > parent_indent:
            return self.block(self.pos, nxt.indent)
        if allow_same_indent_seq and nxt.indent == parent_indent and _is_seq_entry(nxt.text):
            return self.sequence(parent_indent)
        return None

    def sequence(self, indent: int) -> List[Any]:
        items: List[Any] = []
        while self.pos < len(self.lines):
            line = self.lines[self.pos]
            if line.indent < indent:
                break
            if line.indent > indent or not _is_seq_entry(line.text):
                if line.indent == indent:
                    break
                raise ValueError("line %d: unexpected indentation" % line.number)
            rest = line.text[1:].lstrip(" ")
            if not rest:
                self.pos += 1
                items.append(self._nested(indent, False))
                continue
            column = indent + len(line.text) - len(rest)
            if _is_seq_entry(rest) or _split_key(rest) is not None:
                self.lines[self.pos] = _Line(column, rest, line.number)
                items.append(self.block(self.pos, column))
            else:
                self.pos += 1
                items.append(_scalar(rest, line.number))
        return items

    def mapping(self, indent: int) -> dict:
        result: dict = {}
        while self.pos < len(self.lines):
            line = self.lines[self.pos]
            if line.indent < indent or (line.indent == indent and _is_seq_entry(line.text)):
                break
            if line.indent > indent:
                raise ValueError("line %d: unexpected indentation" % line.number)
            entry = _split_key(line.text)
            if entry is None:
                raise ValueError("line %d: a mapping entry (key: value) was expected" % line.number)
            key = _scalar(entry[0], line.number)
            if key in result:
                raise ValueError("line %d: duplicate key" % line.number)
            self.pos += 1
            result[key] = _scalar(entry[1], line.number) if entry[1] else self._nested(indent, True)
        return result


def _scalar(text: str, number: int) -> Any:
    if text[:1] == '"':
        if len(text) < 2 or not text.endswith('"') or text.endswith('\\"') and not text.endswith('\\\\"'):
            raise ValueError("line %d: unterminated double-quoted scalar" % number)
        return _unescape(text[1:-1], number)
    if text[:1] == "'":
        if len(text) < 2 or not text.endswith("'"):
            raise ValueError("line %d: unterminated single-quoted scalar" % number)
        return text[1:-1].replace("''", "'")
    if text[:1] == "[":
        if not text.endswith("]"):
            raise ValueError("line %d: multi-line flow sequences are not supported" % number)
        inner = text[1:-1].strip()
        return [_scalar(item.strip(), number) for item in inner.split(",")] if inner else []
    if text[:1] == "{":
        if text.replace(" ", "") != "{}":
            raise ValueError("line %d: only empty flow mappings are supported" % number)
        return {}
    if text[:1] in "|>":
        raise ValueError("line %d: block scalars are not supported" % number)
    if text in _NULLS:
        return None
    lowered = text.lower()
    if lowered in _BOOLS and text in (lowered, lowered.capitalize(), lowered.upper()):
        return _BOOLS[lowered]
    if _INT_RE.match(text):
        return int(text.replace("_", ""))
    return text


def _unescape(body: str, number: int) -> str:
    out = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        code = body[i + 1:i + 2]
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            i += 2
        elif code in ("x", "u", "U"):
            width = {"x": 2, "u": 4, "U": 8}[code]
            digits = body[i + 2:i + 2 + width]
            try:
                out.append(chr(int(digits, 16)))
            except ValueError:
                raise ValueError("line %d: bad escape in a double-quoted scalar" % number) from None
            i += 2 + width
        else:
            raise ValueError("line %d: bad escape in a double-quoted scalar" % number)
    return "".join(out)
