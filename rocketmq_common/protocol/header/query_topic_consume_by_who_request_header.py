"""Java ``org.apache.rocketmq.common.protocol.header.QueryTopicConsumeByWhoRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["QueryTopicConsumeByWhoRequestHeader"]


class QueryTopicConsumeByWhoRequestHeader(CommandCustomHeader):
    """Java ``QueryTopicConsumeByWhoRequestHeader``."""

    topic = Prop(str, required=True)
