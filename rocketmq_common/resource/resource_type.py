"""Java ``org.apache.rocketmq.common.resource.ResourceType`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.coded_enum import CodedEnum

__all__ = ["ResourceType"]


class ResourceType(CodedEnum):
    """The kind of an ACL 2.0 resource: the part before the colon of ``Topic:OrderTopic``."""

    UNKNOWN = (0, "Unknown")
    ANY = (1, "Any")
    CLUSTER = (2, "Cluster")
    NAMESPACE = (3, "Namespace")
    TOPIC = (4, "Topic")
    GROUP = (5, "Group")
