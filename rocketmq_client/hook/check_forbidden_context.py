"""Java ``org.apache.rocketmq.client.hook.CheckForbiddenContext``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["CheckForbiddenContext"]


class CheckForbiddenContext(Bean):
    """What a CheckForbiddenHook checks before a send."""

    name_srv_addr = Prop(str)
    group = Prop(str)
    message = Prop(object)
    mq = Prop(MessageQueue)
    broker_addr = Prop(str)
    communication_mode = Prop(CommunicationMode)
    send_result = Prop(object)
    exception = Prop(object)
    arg = Prop(object)
    unit_mode = Prop(bool, False)

    def get_name_srv_addr(self) -> str: return self.name_srv_addr
    def set_name_srv_addr(self, name_srv_addr: Optional[str]) -> None: self.name_srv_addr = name_srv_addr
    def get_group(self) -> str: return self.group
    def set_group(self, group: Optional[str]) -> None: self.group = group
    def get_message(self) -> Any: return self.message
    def set_message(self, message: Any) -> None: self.message = message
    def get_mq(self) -> MessageQueue: return self.mq
    def set_mq(self, mq: Optional[MessageQueue]) -> None: self.mq = mq
    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
    def get_communication_mode(self) -> CommunicationMode: return self.communication_mode
    def set_communication_mode(self, communication_mode: Optional[CommunicationMode]) -> None:
        self.communication_mode = communication_mode
    def get_send_result(self) -> Any: return self.send_result
    def set_send_result(self, send_result: Any) -> None: self.send_result = send_result
    def get_exception(self) -> Any: return self.exception
    def set_exception(self, exception: Any) -> None: self.exception = exception
    def get_arg(self) -> Any: return self.arg
    def set_arg(self, arg: Any) -> None: self.arg = arg
    def get_unit_mode(self) -> bool: return self.unit_mode
    def is_unit_mode(self) -> bool: return self.unit_mode
    def set_unit_mode(self, unit_mode: bool) -> None: self.unit_mode = unit_mode

    def __repr__(self) -> str:
        # Java's toString says "SendMessageContext"
        return ("SendMessageContext [nameSrvAddr=%s, group=%s, message=%s, mq=%s, brokerAddr=%s, communicationMode=%s, "
                "sendResult=%s, exception=%s, unitMode=%s, arg=%s]"
                % (self.name_srv_addr, self.group, self.message, self.mq, self.broker_addr,
                   self.communication_mode.name if self.communication_mode is not None else None, self.send_result,
                   self.exception, "true" if self.unit_mode else "false", self.arg))
