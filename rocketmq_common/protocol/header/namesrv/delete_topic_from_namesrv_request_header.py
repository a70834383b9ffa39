"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteTopicFromNamesrvRequestHeader"]


class DeleteTopicFromNamesrvRequestHeader(CommandCustomHeader):
    """Java ``DeleteTopicFromNamesrvRequestHeader``."""

    topic = Prop(str, required=True)
    cluster_name = Prop(str)
