"""Java ``org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueByConfig``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_client.consumer.rebalance.abstract_allocate_message_queue_strategy import (
    AbstractAllocateMessageQueueStrategy,
)
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["AllocateMessageQueueByConfig"]


class AllocateMessageQueueByConfig(AbstractAllocateMessageQueueStrategy, Bean):
    """Always the configured queue list, whatever the inputs (``CONFIG``)."""

    # (a ListOf Prop is a Prop[Any]: the annotation gives its reads their type)
    message_queue_list: Prop[Optional[List[MessageQueue]]] = Prop(ListOf(MessageQueue))

    def get_message_queue_list(self) -> Optional[List[MessageQueue]]: return self.message_queue_list
    def set_message_queue_list(self, message_queue_list: Optional[List[MessageQueue]]) -> None:
        self.message_queue_list = message_queue_list

    def __init__(self, message_queue_list: Optional[List["MessageQueue"]] = None) -> None:
        self.message_queue_list = message_queue_list

    def allocate(self, consumer_group: str, current_cid: str, mq_all: List["MessageQueue"],
                 cid_all: List[str]) -> Optional[List["MessageQueue"]]:
        return self.message_queue_list

    def get_name(self) -> str:
        return "CONFIG"
