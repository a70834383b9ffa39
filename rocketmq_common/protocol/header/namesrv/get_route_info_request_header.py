"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.GetRouteInfoRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetRouteInfoRequestHeader"]


class GetRouteInfoRequestHeader(TopicRequestHeader):
    """Java ``GetRouteInfoRequestHeader``."""

    topic = Prop(str, required=True)
    accept_standard_json_only = Prop(bool)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_accept_standard_json_only(self) -> bool: return self.accept_standard_json_only
    def is_accept_standard_json_only(self) -> bool: return self.accept_standard_json_only
    def set_accept_standard_json_only(self, accept_standard_json_only: Optional[bool]) -> None:
        self.accept_standard_json_only = accept_standard_json_only
