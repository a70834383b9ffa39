"""Java value semantics the filter expressions rely on (no Java counterpart: Java gets them from its boxed types).

Values are Python objects standing for Java's boxed types: ``bool`` (Boolean), ``int`` (Integer), :class:`Long`
(Long), ``float`` (Double) and ``str`` (String). The helpers follow ``Integer.valueOf``, ``Long.valueOf``,
``Double.valueOf``, ``Boolean.valueOf``, ``compareTo``, ``equals`` and ``toString`` of those types.
"""
from __future__ import annotations

import math
import re
import struct
from decimal import Decimal
from typing import Any, Optional

__all__ = ["Long", "BOOLEAN", "INTEGER", "LONG", "DOUBLE", "STRING", "java_class", "integer_value_of",
           "long_value_of", "double_value_of", "boolean_value_of", "compare_to", "java_equals", "to_java_string",
           "double_to_string"]

BOOLEAN = "Boolean"
INTEGER = "Integer"
LONG = "Long"
DOUBLE = "Double"
STRING = "String"

_INT_MIN, _INT_MAX = -(1 << 31), (1 << 31) - 1
_LONG_MIN, _LONG_MAX = -(1 << 63), (1 << 63) - 1

_DECIMAL_DOUBLE = re.compile(r"[+-]?(?:NaN|Infinity|(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)[fFdD]?)\Z")
_HEX_DOUBLE = re.compile(r"([+-]?)0[xX]((?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?[0-9]+)[fFdD]?\Z")
_DOUBLE_BITS = struct.Struct(">d")
_LONG_BITS = struct.Struct(">q")


class Long(int):
    """A Java ``Long`` (a plain ``int`` stands for a Java ``Integer``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "Long(%d)" % int(self)

    def __str__(self) -> str:
        return str(int(self))


def java_class(value: Any) -> Optional[str]:
    """The Java boxed type ``value`` stands for, None for anything else (including None)."""
    t = type(value)
    if t is str:
        return STRING
    if t is bool:
        return BOOLEAN
    if t is Long:
        return LONG
    if t is int:
        return INTEGER
    if t is float:
        return DOUBLE
    return None


def _parse_integer(s: str, low: int, high: int) -> int:
    # Java Integer.parseInt / Long.parseLong: optional sign, then decimal digits (Character.digit), nothing else
    digits = s[1:] if s[:1] in ("+", "-") else s
    if not digits or not all(c.isdecimal() for c in digits):
        raise ValueError('For input string: "%s"' % s)
    value = int(digits)
    if s[:1] == "-":
        value = -value
    if not low <= value <= high:
        raise ValueError('For input string: "%s"' % s)
    return value


def integer_value_of(s: str) -> int:
    """Java ``Integer.valueOf(String)``; ValueError (NumberFormatException) when not an int."""
    return _parse_integer(s, _INT_MIN, _INT_MAX)


def long_value_of(s: str) -> Long:
    """Java ``Long.valueOf(String)``; ValueError (NumberFormatException) when not a long."""
    return Long(_parse_integer(s, _LONG_MIN, _LONG_MAX))


def double_value_of(s: str) -> float:
    """Java ``Double.valueOf(String)``: trimmed, optional sign, ``NaN``, ``Infinity``, decimal or hexadecimal
    notation with an optional ``f``/``d`` suffix; ValueError (NumberFormatException) otherwise."""
    start, end = 0, len(s)
    while start < end and s[start] <= " ":
        start += 1
    while end > start and s[end - 1] <= " ":
        end -= 1
    text = s[start:end]
    if _DECIMAL_DOUBLE.match(text):
        if text[-1] in "fFdD":
            text = text[:-1]
        if text.lstrip("+-") == "NaN":
            return math.nan
        return float(text)
    hex_match = _HEX_DOUBLE.match(text)
    if hex_match:
        try:
            value = float.fromhex("0x" + hex_match.group(2))
        except OverflowError:
            value = math.inf
        return -value if hex_match.group(1) == "-" else value
    raise ValueError('For input string: "%s"' % s)


def boolean_value_of(s: Optional[str]) -> bool:
    """Java ``Boolean.valueOf(String)``: True only for ``true`` in any case."""
    return s is not None and s.lower() == "true"


def _double_to_long_bits(value: float) -> int:
    if value != value:
        return 0x7FF8000000000000
    return _LONG_BITS.unpack(_DOUBLE_BITS.pack(value))[0]


def compare_to(left: Any, right: Any) -> int:
    """Java ``left.compareTo(right)`` for two values of the same boxed type."""
    if type(left) is float:
        if left < right:
            return -1
        if left > right:
            return 1
        lb, rb = _double_to_long_bits(left), _double_to_long_bits(right)
        return (lb > rb) - (lb < rb)
    return (left > right) - (left < right)


def java_equals(left: Any, right: Any) -> bool:
    """Java ``left.equals(right)``: same boxed type and value (``Double.equals`` compares the bits)."""
    if java_class(left) != java_class(right):
        return False
    if type(left) is float:
        return _double_to_long_bits(left) == _double_to_long_bits(right)
    return bool(left == right)


def double_to_string(value: float) -> str:
    """Java ``Double.toString``: plain notation for 1e-3 <= |d| < 1e7, else ``d.dddE[-]n``; ``NaN``,
    ``Infinity``."""
    if value != value:
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    sign = "-" if value < 0 else ""
    _, digits_tuple, exponent = Decimal(repr(abs(value))).as_tuple()
    digits = "".join(str(d) for d in digits_tuple).rstrip("0") or "0"
    exponent = int(exponent) + len(digits_tuple) - 1  # scientific exponent of the first digit
    if 1e-3 <= abs(value) < 1e7:
        if exponent >= 0:
            int_part = digits[:exponent + 1].ljust(exponent + 1, "0")
            frac_part = digits[exponent + 1:] or "0"
        else:
            int_part = "0"
            frac_part = "0" * (-exponent - 1) + digits
        return "%s%s.%s" % (sign, int_part, frac_part)
    return "%s%s.%sE%d" % (sign, digits[0], digits[1:] or "0", exponent)


def to_java_string(value: Any) -> str:
    """Java ``String.valueOf(value)`` of a boxed value (``null`` for None)."""
    if value is None:
        return "null"
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is float:
        return double_to_string(value)
    return str(value)
