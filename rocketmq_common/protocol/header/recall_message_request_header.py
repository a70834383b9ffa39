"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.header.RecallMessageRequestHeader``, with
``RecallMessageResponseHeader``: the headers of RECALL_MESSAGE (370)."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RecallMessageRequestHeader", "RecallMessageResponseHeader"]


class RecallMessageRequestHeader(TopicRequestHeader):
    """Java ``RecallMessageRequestHeader``: the topic and the recall handle of a ``SendResult``; ``bname`` is the
    handle's broker. (Java's base ``TopicRequestHeader`` adds the logical-queue flag ``lo``, which no client call
    sets; it is left out here.)"""

    producer_group = Prop(str)
    topic = Prop(str, required=True)
    recall_handle = Prop(str, required=True)

    def get_producer_group(self) -> str: return self.producer_group
    def set_producer_group(self, producer_group: Optional[str]) -> None: self.producer_group = producer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_recall_handle(self) -> str: return self.recall_handle
    def set_recall_handle(self, recall_handle: Optional[str]) -> None: self.recall_handle = recall_handle


class RecallMessageResponseHeader(CommandCustomHeader):
    """Java ``RecallMessageResponseHeader``: the recalled message's unique key."""

    msg_id = Prop(str, required=True)

    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
