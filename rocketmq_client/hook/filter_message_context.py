"""Java ``org.apache.rocketmq.client.hook.FilterMessageContext``."""
from __future__ import annotations

from typing import Any, List, Optional

from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["FilterMessageContext"]


class FilterMessageContext(Bean):
    """What a FilterMessageHook filters (pulled messages of a queue)."""

    consumer_group = Prop(str)
    msg_list = Prop(ListOf(MessageExt))
    mq = Prop(MessageQueue)
    arg = Prop(object)
    unit_mode = Prop(bool, False)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_msg_list(self) -> List[MessageExt]: return self.msg_list
    def set_msg_list(self, msg_list: Optional[List[MessageExt]]) -> None: self.msg_list = msg_list
    def get_mq(self) -> MessageQueue: return self.mq
    def set_mq(self, mq: Optional[MessageQueue]) -> None: self.mq = mq
    def get_arg(self) -> Any: return self.arg
    def set_arg(self, arg: Any) -> None: self.arg = arg
    def get_unit_mode(self) -> bool: return self.unit_mode
    def is_unit_mode(self) -> bool: return self.unit_mode
    def set_unit_mode(self, unit_mode: bool) -> None: self.unit_mode = unit_mode

    def __repr__(self) -> str:
        # Java's toString says "ConsumeMessageContext"
        return "ConsumeMessageContext [consumerGroup=%s, msgList=%s, mq=%s, arg=%s]" % (
            self.consumer_group, self.msg_list, self.mq, self.arg)
