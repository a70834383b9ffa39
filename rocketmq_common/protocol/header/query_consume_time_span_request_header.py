"""Java ``org.apache.rocketmq.common.protocol.header.QueryConsumeTimeSpanRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["QueryConsumeTimeSpanRequestHeader"]


class QueryConsumeTimeSpanRequestHeader(CommandCustomHeader):
    """Java ``QueryConsumeTimeSpanRequestHeader``."""

    topic = Prop(str, required=True)
    group = Prop(str, required=True)
