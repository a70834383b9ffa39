"""Java ``org.apache.rocketmq.common.protocol.header.CreateAccessConfigRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["CreateAccessConfigRequestHeader"]


class CreateAccessConfigRequestHeader(CommandCustomHeader):
    """Java ``CreateAccessConfigRequestHeader``."""

    access_key = Prop(str, required=True)
    secret_key = Prop(str)
    white_remote_address = Prop(str)
    admin = Prop(bool, False)
    default_topic_perm = Prop(str)
    default_group_perm = Prop(str)
    topic_perms = Prop(str)  # comma-joined, e.g. topicA=DENY,topicD=SUB
    group_perms = Prop(str)  # comma-joined, e.g. groupD=DENY,groupD=SUB
