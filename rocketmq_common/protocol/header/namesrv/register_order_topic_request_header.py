"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.RegisterOrderTopicRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RegisterOrderTopicRequestHeader"]


class RegisterOrderTopicRequestHeader(CommandCustomHeader):
    """Java ``RegisterOrderTopicRequestHeader``."""

    topic = Prop(str, required=True)
    order_topic_string = Prop(str, required=True)
