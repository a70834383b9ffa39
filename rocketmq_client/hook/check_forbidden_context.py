"""Java ``org.apache.rocketmq.client.hook.CheckForbiddenContext``."""
from __future__ import annotations

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

    def __repr__(self) -> str:
        # Java's toString says "SendMessageContext"
        return ("SendMessageContext [nameSrvAddr=%s, group=%s, message=%s, mq=%s, brokerAddr=%s, communicationMode=%s, "
                "sendResult=%s, exception=%s, unitMode=%s, arg=%s]"
                % (self.name_srv_addr, self.group, self.message, self.mq, self.broker_addr,
                   self.communication_mode.name if self.communication_mode is not None else None, self.send_result,
                   self.exception, "true" if self.unit_mode else "false", self.arg))
