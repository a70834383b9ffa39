"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerStatusRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["GetConsumerStatusRequestHeader"]


class GetConsumerStatusRequestHeader(TopicRequestHeader):
    """Java ``GetConsumerStatusRequestHeader``."""

    topic = Prop(str, required=True)
    group = Prop(str, required=True)
    client_addr = Prop(str)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_group(self) -> str: return self.group
    def set_group(self, group: Optional[str]) -> None: self.group = group
    def get_client_addr(self) -> str: return self.client_addr
    def set_client_addr(self, client_addr: Optional[str]) -> None: self.client_addr = client_addr
