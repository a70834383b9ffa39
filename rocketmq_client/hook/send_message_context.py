"""Java ``org.apache.rocketmq.client.hook.SendMessageContext``."""
from __future__ import annotations

from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_type import MessageType
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

__all__ = ["SendMessageContext"]


class SendMessageContext(Bean):
    """What a SendMessageHook sees before and after a send (``producer`` is the DefaultMQProducerImpl)."""

    producer_group = Prop(str)
    message = Prop(object)
    mq = Prop(MessageQueue)
    broker_addr = Prop(str)
    born_host = Prop(str)
    communication_mode = Prop(CommunicationMode)
    send_result = Prop(object)
    exception = Prop(object)
    mq_trace_context = Prop(object)
    props = Prop(MapOf(str, str))
    producer = Prop(object)
    msg_type = Prop(MessageType, MessageType.Normal_Msg)
    namespace = Prop(str)
