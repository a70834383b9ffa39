"""Java ``org.apache.rocketmq.common.attribute.LongRangeAttribute`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.attribute.attribute import Attribute

__all__ = ["LongRangeAttribute"]


class LongRangeAttribute(Attribute):
    """An attribute whose value is a long in ``[min, max]``."""

    def __init__(self, name: str, changeable: bool, min_: int, max_: int, default_value: int) -> None:
        super().__init__(name, changeable)
        self.min = min_
        self.max = max_
        self.default_value = default_value

    def verify(self, value: str) -> None:
        """Java ``verify``: a value that is no number raises as Java's ``NumberFormatException`` does."""
        try:
            number = int(value)
        except ValueError:
            raise RuntimeError('For input string: "%s"' % value) from None
        if number < self.min or number > self.max:
            raise RuntimeError("value is not in range(%d, %d)" % (self.min, self.max))

    def get_default_value(self) -> int:
        return self.default_value
