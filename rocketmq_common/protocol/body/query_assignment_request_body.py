"""Java ``org.apache.rocketmq.remoting.protocol.body.QueryAssignmentRequestBody`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["QueryAssignmentRequestBody"]


class QueryAssignmentRequestBody(RemotingSerializable):
    """Body of QUERY_ASSIGNMENT (400): which queues of ``topic`` the broker assigns to client ``client_id`` of a
    group, allocated with ``strategy_name`` (an ``AllocateMessageQueueStrategy`` name, e.g. ``AVG``)."""

    topic = Prop(str)
    consumer_group = Prop(str)
    client_id = Prop(str)
    strategy_name = Prop(str)
    message_model = Prop(MessageModel)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_strategy_name(self) -> str: return self.strategy_name
    def set_strategy_name(self, strategy_name: Optional[str]) -> None: self.strategy_name = strategy_name
    def get_message_model(self) -> MessageModel: return self.message_model
    def set_message_model(self, message_model: Optional[MessageModel]) -> None: self.message_model = message_model
