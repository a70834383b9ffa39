"""Java ``org.apache.rocketmq.broker.filter.ConsumerFilterData``: one group's compiled expression on a topic."""
from __future__ import annotations

import time
from typing import Any, Optional

from rocketmq_filter.expression.expression import Expression
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["ConsumerFilterData"]


class ConsumerFilterData(Bean):
    """Filter data of a consumer group on a topic. ``compiled_expression`` is not persisted (Java
    ``transient``); ``bloom_filter_data`` is kept as read (this broker computes no bloom filter bit maps).
    The entry is dead once ``dead_time >= born_time``."""

    consumer_group = Prop(str)
    topic = Prop(str)
    expression = Prop(str)
    expression_type = Prop(str)
    born_time = Prop(int, 0)
    dead_time = Prop(int, 0)
    bloom_filter_data = Prop(object)
    client_version = Prop(int, 0)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_expression(self) -> str: return self.expression
    def set_expression(self, expression: Optional[str]) -> None: self.expression = expression
    def get_expression_type(self) -> str: return self.expression_type
    def set_expression_type(self, expression_type: Optional[str]) -> None: self.expression_type = expression_type
    def get_born_time(self) -> int: return self.born_time
    def set_born_time(self, born_time: int) -> None: self.born_time = born_time
    def get_dead_time(self) -> int: return self.dead_time
    def set_dead_time(self, dead_time: int) -> None: self.dead_time = dead_time
    def get_bloom_filter_data(self) -> Any: return self.bloom_filter_data
    def set_bloom_filter_data(self, bloom_filter_data: Any) -> None: self.bloom_filter_data = bloom_filter_data
    def get_client_version(self) -> int: return self.client_version
    def set_client_version(self, client_version: int) -> None: self.client_version = client_version

    compiled_expression: Optional[Expression] = None

    def get_compiled_expression(self) -> Optional[Expression]:
        return self.compiled_expression

    def set_compiled_expression(self, compiled_expression: Optional[Expression]) -> None:
        self.compiled_expression = compiled_expression

    def is_dead(self) -> bool:
        """Java ``isDead``."""
        return self.dead_time >= self.born_time

    def how_long_after_death(self) -> int:
        """Java ``howLongAfterDeath``: ms since death, -1 while alive."""
        if self.is_dead():
            return int(time.time() * 1000) - self.dead_time
        return -1

    def is_msg_in_live(self, msg_store_time: int) -> bool:
        """Java ``isMsgInLive``: the message was stored after this filter data was born."""
        return msg_store_time > self.born_time

    def __eq__(self, other: Any) -> bool:
        # Java reflectionEquals: every non-transient field
        return type(other) is type(self) and self.bean_values() == other.bean_values()

    def __hash__(self) -> int:
        return hash((self.consumer_group, self.topic, self.born_time))
