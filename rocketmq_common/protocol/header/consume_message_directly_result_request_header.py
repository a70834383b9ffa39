"""Java ``org.apache.rocketmq.common.protocol.header.ConsumeMessageDirectlyResultRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ConsumeMessageDirectlyResultRequestHeader"]


class ConsumeMessageDirectlyResultRequestHeader(CommandCustomHeader):
    """Java ``ConsumeMessageDirectlyResultRequestHeader``."""

    consumer_group = Prop(str, required=True)
    client_id = Prop(str)
    msg_id = Prop(str)
    broker_name = Prop(str)
