"""Java ``org.apache.rocketmq.remoting.protocol.subscription.SimpleSubscriptionData`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["SimpleSubscriptionData"]


class SimpleSubscriptionData(Bean):
    """One subscription of a group's ``subscriptionDataSet`` (the topics a broker reports the group's lag for
    when the group is not online). Equal and hashed by topic, expression type and expression, not version."""

    topic = Prop(str)
    expression_type = Prop(str)
    expression = Prop(str)
    version = Prop(int, 0)

    def get_topic(self) -> Optional[str]: return self.topic

    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic

    def get_expression_type(self) -> Optional[str]: return self.expression_type

    def set_expression_type(self, expression_type: Optional[str]) -> None: self.expression_type = expression_type

    def get_expression(self) -> Optional[str]: return self.expression

    def set_expression(self, expression: Optional[str]) -> None: self.expression = expression

    def get_version(self) -> int: return self.version

    def set_version(self, version: int) -> None: self.version = version

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimpleSubscriptionData):
            return NotImplemented
        return (self.topic, self.expression_type, self.expression) == (
            other.topic, other.expression_type, other.expression)

    def __hash__(self) -> int:
        return hash((self.topic, self.expression_type, self.expression))

    def hash_code(self) -> int:
        """Java ``hashCode()`` (``Objects.hash(topic, expressionType, expression)``): the order of the ``HashSet``
        getConsumerConfig prints."""
        result = 1
        for value in (self.topic, self.expression_type, self.expression):
            result = (31 * result + (UtilAll.string_hash_code(value) if value is not None else 0)) & 0xFFFFFFFF
        return result - 0x100000000 if result >= 0x80000000 else result

    def __str__(self) -> str:
        """Java ``toString`` (Guava's ``toStringHelper``)."""
        return "SimpleSubscriptionData{topic=%s, expressionType=%s, expression=%s, version=%s}" % (
            self.topic, self.expression_type, self.expression, self.version)
