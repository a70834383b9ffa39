"""Java ``org.apache.rocketmq.client.hook.ConsumeMessageContext``."""
from __future__ import annotations

from rocketmq_client.client_config import AccessChannel
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, ListOf, MapOf, Prop

__all__ = ["ConsumeMessageContext"]


class ConsumeMessageContext(Bean):
    """What a ConsumeMessageHook sees before and after a consume call."""

    consumer_group = Prop(str)
    msg_list = Prop(ListOf(MessageExt))
    mq = Prop(MessageQueue)
    success = Prop(bool, False)
    status = Prop(str)
    mq_trace_context = Prop(object)
    props = Prop(MapOf(str, str))
    namespace = Prop(str)
    access_channel = Prop(AccessChannel)
