"""Java ``org.apache.rocketmq.filter.expression.ConstantExpression``."""
from __future__ import annotations

import sys
from typing import Any

from rocketmq_filter.expression.evaluation_context import EvaluationContext
from rocketmq_filter.expression.expression import Expression
from rocketmq_filter.expression.java_values import double_value_of, long_value_of, to_java_string
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["ConstantExpression"]

_INT_MIN, _INT_MAX = -(1 << 31), (1 << 31) - 1
_DOUBLE_MAX = sys.float_info.max
_DOUBLE_MIN = 5e-324  # Java Double.MIN_VALUE (printed 4.9E-324): the smallest positive double


class ConstantExpression(Expression, Bean):
    """A literal: a string, an Integer / Long (``int`` / :class:`Long`), a Double (``float``), a boolean or
    NULL (None)."""

    value: Prop[Any] = Prop(object)

    def get_value(self) -> Any: return self.value
    def set_value(self, value: Any) -> None: self.value = value

    def __init__(self, value: Any) -> None:
        self.value = value

    @staticmethod
    def create_from_decimal(text: str) -> "ConstantExpression":
        """Java ``createFromDecimal``: a Long literal (``l``/``L`` suffix allowed), an Integer when it fits;
        ValueError (NumberFormatException) beyond the Long range."""
        if text.endswith("l") or text.endswith("L"):
            text = text[:-1]
        value: Any = long_value_of(text)
        if _INT_MIN <= value <= _INT_MAX:
            value = int(value)
        return ConstantExpression(value)

    @staticmethod
    def create_float(text: str) -> "ConstantExpression":
        """Java ``createFloat``: a Double literal; RuntimeError when infinite or below ``Double.MIN_VALUE``
        (which rejects ``0.0``, as Java does)."""
        value = double_value_of(text)
        if value > _DOUBLE_MAX:
            raise RuntimeError("%s is greater than %s" % (text, to_java_string(_DOUBLE_MAX)))
        if value < _DOUBLE_MIN:
            raise RuntimeError("%s is less than 4.9E-324" % text)
        return ConstantExpression(value)

    @staticmethod
    def create_now() -> "ConstantExpression":
        """Java ``createNow``: the current time in ms, evaluated each time."""
        from rocketmq_filter.expression.now_expression import NowExpression
        return NowExpression()

    def evaluate(self, context: EvaluationContext) -> Any:
        return self.value

    def __str__(self) -> str:
        value = self.get_value()
        if value is None:
            return "NULL"
        if type(value) is bool:
            return "TRUE" if value else "FALSE"
        if type(value) is str:
            return ConstantExpression.encode_string(value)
        return to_java_string(value)

    def __eq__(self, other: object) -> bool:
        return other is not None and type(other) is type(self) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    @staticmethod
    def encode_string(s: str) -> str:
        """Java ``encodeString``: the string as a selector literal (quotes doubled)."""
        return "'" + s.replace("'", "''") + "'"


