"""Java ``org.apache.rocketmq.common.protocol.header.DeleteSubscriptionGroupRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteSubscriptionGroupRequestHeader"]


class DeleteSubscriptionGroupRequestHeader(CommandCustomHeader):
    """Java ``DeleteSubscriptionGroupRequestHeader``."""

    group_name = Prop(str, required=True)
    remove_offset = Prop(bool, False)
