"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.TopicQueueRequestHeader``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader

__all__ = ["TopicQueueRequestHeader"]


class TopicQueueRequestHeader(TopicRequestHeader):
    """Base of the request headers about one queue of a topic (abstract in Java; subclasses declare ``topic``
    and ``queue_id``): on a static topic the broker maps the logical queue to its physical one."""

    if TYPE_CHECKING:  # Java's abstract getQueueId / setQueueId: every subclass declares the property
        queue_id: Optional[int]
