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
