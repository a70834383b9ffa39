"""Java ``org.apache.rocketmq.common.TopicFilterType``."""
from __future__ import annotations

import enum

__all__ = ["TopicFilterType"]


class TopicFilterType(enum.Enum):
    """How a topic's tags are filtered."""

    SINGLE_TAG = 0
    MULTI_TAG = 1
