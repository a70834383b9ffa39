"""Java ``org.apache.rocketmq.common.protocol.header.QueryConsumeQueueRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["QueryConsumeQueueRequestHeader"]


class QueryConsumeQueueRequestHeader(CommandCustomHeader):
    """Java ``QueryConsumeQueueRequestHeader``."""

    topic = Prop(str)
    queue_id = Prop(int, 0)
    index = Prop(int, 0)
    count = Prop(int, 0)
    consumer_group = Prop(str)
