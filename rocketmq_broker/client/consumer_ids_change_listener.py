"""Java ``org.apache.rocketmq.broker.client.ConsumerIdsChangeListener``."""
from __future__ import annotations

from typing import Any

from rocketmq_broker.client.consumer_group_event import ConsumerGroupEvent

__all__ = ["ConsumerIdsChangeListener"]


class ConsumerIdsChangeListener:
    """Told about consumer group events by the :class:`ConsumerManager`."""

    def handle(self, event: ConsumerGroupEvent, group: str, *args: Any) -> None:
        raise NotImplementedError
