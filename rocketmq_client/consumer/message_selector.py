"""Java ``org.apache.rocketmq.client.consumer.MessageSelector``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import java_string
from rocketmq_common.filter.expression_type import ExpressionType

__all__ = ["MessageSelector"]


class MessageSelector:
    """A subscription expression and its language (:class:`ExpressionType`); build it with :meth:`by_sql` or
    :meth:`by_tag`."""

    __slots__ = ("type", "expression")

    def __init__(self, type_: str, expression: Optional[str]) -> None:
        self.type = type_
        self.expression = expression

    @staticmethod
    def by_sql(sql: Optional[str]) -> "MessageSelector":
        """Java ``bySql``: an SQL92 property filter (None or empty selects every message)."""
        return MessageSelector(ExpressionType.SQL92, sql)

    @staticmethod
    def by_tag(tag: Optional[str]) -> "MessageSelector":
        """Java ``byTag``: a tag expression such as ``"TagA || TagB"`` (None, empty or ``*`` select all)."""
        return MessageSelector(ExpressionType.TAG, tag)

    def get_expression_type(self) -> str:
        """Java ``getExpressionType``."""
        return self.type

    def get_expression(self) -> Optional[str]:
        """Java ``getExpression``."""
        return self.expression

    def __repr__(self) -> str:
        return "MessageSelector [type=%s, expression=%s]" % (java_string(self.type), java_string(self.expression))
