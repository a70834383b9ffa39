"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.TopicQueueRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader

__all__ = ["TopicQueueRequestHeader"]


class TopicQueueRequestHeader(TopicRequestHeader):
    """Base of the request headers about one queue of a topic (abstract in Java; subclasses declare ``topic``
    and ``queue_id``): on a static topic the broker maps the logical queue to its physical one."""
