"""Java ``org.apache.rocketmq.client.hook.FilterMessageContext``."""
from __future__ import annotations

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

    def __repr__(self) -> str:
        # Java's toString says "ConsumeMessageContext"
        return "ConsumeMessageContext [consumerGroup=%s, msgList=%s, mq=%s, arg=%s]" % (
            self.consumer_group, self.msg_list, self.mq, self.arg)
