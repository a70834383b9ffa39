"""Java ``org.apache.rocketmq.common.protocol.header.DeleteTopicRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteTopicRequestHeader"]


class DeleteTopicRequestHeader(CommandCustomHeader):
    """Java ``DeleteTopicRequestHeader``."""

    topic = Prop(str, required=True)
