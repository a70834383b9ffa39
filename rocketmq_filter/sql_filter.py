"""Java ``org.apache.rocketmq.filter.SqlFilter``."""
from __future__ import annotations

from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_filter.expression.expression import Expression
from rocketmq_filter.filter_spi import FilterSpi
from rocketmq_filter.parser.selector_parser import SelectorParser

__all__ = ["SqlFilter"]


class SqlFilter(FilterSpi):
    """The SQL92 filter: :meth:`SelectorParser.parse`. Get it with ``FilterFactory.INSTANCE.get("SQL92")``."""

    def compile(self, expr: str) -> Expression:
        return SelectorParser.parse(expr)

    def of_type(self) -> str:
        return ExpressionType.SQL92
