"""Java ``org.apache.rocketmq.common.protocol.header.NotifyConsumerIdsChangedRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["NotifyConsumerIdsChangedRequestHeader"]


class NotifyConsumerIdsChangedRequestHeader(CommandCustomHeader):
    """Java ``NotifyConsumerIdsChangedRequestHeader``."""

    consumer_group = Prop(str, required=True)
