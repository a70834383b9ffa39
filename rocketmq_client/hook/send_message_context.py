"""Java ``org.apache.rocketmq.client.hook.SendMessageContext``."""
from __future__ import annotations

from typing import Any, Dict, Optional

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

    def get_producer_group(self) -> str: return self.producer_group
    def set_producer_group(self, producer_group: Optional[str]) -> None: self.producer_group = producer_group
    def get_message(self) -> Any: return self.message
    def set_message(self, message: Any) -> None: self.message = message
    def get_mq(self) -> MessageQueue: return self.mq
    def set_mq(self, mq: Optional[MessageQueue]) -> None: self.mq = mq
    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
    def get_born_host(self) -> str: return self.born_host
    def set_born_host(self, born_host: Optional[str]) -> None: self.born_host = born_host
    def get_communication_mode(self) -> CommunicationMode: return self.communication_mode
    def set_communication_mode(self, communication_mode: Optional[CommunicationMode]) -> None:
        self.communication_mode = communication_mode
    def get_send_result(self) -> Any: return self.send_result
    def set_send_result(self, send_result: Any) -> None: self.send_result = send_result
    def get_exception(self) -> Any: return self.exception
    def set_exception(self, exception: Any) -> None: self.exception = exception
    def get_mq_trace_context(self) -> Any: return self.mq_trace_context
    def set_mq_trace_context(self, mq_trace_context: Any) -> None: self.mq_trace_context = mq_trace_context
    def get_props(self) -> Dict[str, str]: return self.props
    def set_props(self, props: Optional[Dict[str, str]]) -> None: self.props = props
    def get_producer(self) -> Any: return self.producer
    def set_producer(self, producer: Any) -> None: self.producer = producer
    def get_msg_type(self) -> MessageType: return self.msg_type
    def set_msg_type(self, msg_type: MessageType) -> None: self.msg_type = msg_type
    def get_namespace(self) -> str: return self.namespace
    def set_namespace(self, namespace: Optional[str]) -> None: self.namespace = namespace
