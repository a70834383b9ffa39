"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.GetRouteInfoRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetRouteInfoRequestHeader"]


class GetRouteInfoRequestHeader(TopicRequestHeader):
    """Java ``GetRouteInfoRequestHeader``."""

    topic = Prop(str, required=True)
    accept_standard_json_only = Prop(bool)
