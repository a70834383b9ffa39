"""Java ``org.apache.rocketmq.common.protocol.header.ConsumeMessageDirectlyResultRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["ConsumeMessageDirectlyResultRequestHeader"]


class ConsumeMessageDirectlyResultRequestHeader(TopicRequestHeader):
    """Java ``ConsumeMessageDirectlyResultRequestHeader``."""

    consumer_group = Prop(str, required=True)
    client_id = Prop(str)
    msg_id = Prop(str)
    broker_name = Prop(str)
