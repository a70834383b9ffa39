"""Java ``org.apache.rocketmq.client.producer.selector.SelectMessageQueueByMachineRoom``."""
from __future__ import annotations

from typing import Any, List, Optional, Set

from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, Prop, SetOf

__all__ = ["SelectMessageQueueByMachineRoom"]


class SelectMessageQueueByMachineRoom(MessageQueueSelector, Bean):
    """As in Java 4.9.7 a placeholder: it selects no queue (the send then fails with "select message queue
    return null."); ``consumeridcs`` is kept for API compatibility."""

    consumeridcs = Prop(SetOf(str))

    def get_consumeridcs(self) -> Set[str]: return self.consumeridcs
    def set_consumeridcs(self, consumeridcs: Optional[Set[str]]) -> None: self.consumeridcs = consumeridcs

    def select(self, mqs: List[MessageQueue], msg: Message, arg: Any) -> Optional[MessageQueue]:  # type: ignore[override]
        return None
