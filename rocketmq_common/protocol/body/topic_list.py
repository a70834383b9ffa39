"""Java ``org.apache.rocketmq.common.protocol.body.TopicList``."""
from __future__ import annotations

from typing import Optional, Set

from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicList"]


class TopicList(RemotingSerializable):
    """A set of topic names; ``broker_addr`` is set by ``GET_SYSTEM_TOPIC_LIST_FROM_NS``."""

    topic_list = Prop(SetOf(str), set())
    broker_addr = Prop(str)

    def get_topic_list(self) -> Set[str]: return self.topic_list
    def set_topic_list(self, topic_list: Set[str]) -> None: self.topic_list = topic_list
    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
