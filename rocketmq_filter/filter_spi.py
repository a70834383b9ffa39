"""Java ``org.apache.rocketmq.filter.FilterSpi``."""
from __future__ import annotations

from rocketmq_filter.expression.expression import Expression

__all__ = ["FilterSpi"]


class FilterSpi:
    """A filter language: compiles expressions of its type."""

    def compile(self, expr: str) -> Expression:
        """Java ``compile``: the compiled expression; MQFilterException when invalid."""
        raise NotImplementedError

    def of_type(self) -> str:
        """Java ``ofType``: the expression type it handles (``SQL92``)."""
        raise NotImplementedError
