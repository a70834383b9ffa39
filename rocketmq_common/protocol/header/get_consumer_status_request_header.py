"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerStatusRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetConsumerStatusRequestHeader"]


class GetConsumerStatusRequestHeader(TopicRequestHeader):
    """Java ``GetConsumerStatusRequestHeader``."""

    topic = Prop(str, required=True)
    group = Prop(str, required=True)
    client_addr = Prop(str)
