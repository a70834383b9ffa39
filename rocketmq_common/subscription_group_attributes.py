"""Java ``org.apache.rocketmq.common.SubscriptionGroupAttributes`` (5.3.3): the attributes a subscription group may
have (none in 5.3.3, so a group given any attribute is refused: ``unsupported key``)."""
from __future__ import annotations

from typing import Dict

from rocketmq_common.attribute.attribute import Attribute

__all__ = ["SubscriptionGroupAttributes"]


class SubscriptionGroupAttributes:
    """See the module docstring."""

    ALL: Dict[str, Attribute] = {}
