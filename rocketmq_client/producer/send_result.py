"""Java ``org.apache.rocketmq.client.producer.SendResult`` (5.3.3: with ``recallHandle``)."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_serializable import from_json_value, to_json_value

__all__ = ["SendResult"]

# The Java constructors, by number of positional arguments.
_POSITIONAL_FORMS = {
    0: (),
    5: ("send_status", "msg_id", "offset_msg_id", "message_queue", "queue_offset"),
    7: ("send_status", "msg_id", "message_queue", "queue_offset", "transaction_id", "offset_msg_id", "region_id"),
}


def _java(value: Any) -> str:
    return "null" if value is None else str(value)


class SendResult(Bean):
    """Result of a send: status, unique message id (``msg_id``, the ``UNIQ_KEY``), offset message id, queue and
    queue offset; ``recall_handle`` (5.3.2+) is the broker's handle of a delayed message, for
    ``DefaultMQProducer.recall_message`` (None for other messages and from 4.x brokers).

    Positional arguments follow the Java constructors ``SendResult()``,
    ``SendResult(sendStatus, msgId, offsetMsgId, messageQueue, queueOffset)`` and
    ``SendResult(sendStatus, msgId, messageQueue, queueOffset, transactionId, offsetMsgId, regionId)``; keywords
    set any property.
    """

    send_status = Prop(SendStatus)
    msg_id = Prop(str)
    message_queue = Prop(MessageQueue)
    queue_offset = Prop(int, 0)
    transaction_id = Prop(str)
    offset_msg_id = Prop(str)
    region_id = Prop(str)
    trace_on = Prop(bool, True)
    recall_handle = Prop(str)

    def get_send_status(self) -> SendStatus: return self.send_status
    def set_send_status(self, send_status: Optional[SendStatus]) -> None: self.send_status = send_status
    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_queue_offset(self) -> int: return self.queue_offset
    def set_queue_offset(self, queue_offset: int) -> None: self.queue_offset = queue_offset
    def get_transaction_id(self) -> str: return self.transaction_id
    def set_transaction_id(self, transaction_id: Optional[str]) -> None: self.transaction_id = transaction_id
    def get_offset_msg_id(self) -> str: return self.offset_msg_id
    def set_offset_msg_id(self, offset_msg_id: Optional[str]) -> None: self.offset_msg_id = offset_msg_id
    def get_region_id(self) -> str: return self.region_id
    def set_region_id(self, region_id: Optional[str]) -> None: self.region_id = region_id
    def get_trace_on(self) -> bool: return self.trace_on
    def is_trace_on(self) -> bool: return self.trace_on
    def set_trace_on(self, trace_on: bool) -> None: self.trace_on = trace_on
    def get_recall_handle(self) -> str: return self.recall_handle
    def set_recall_handle(self, recall_handle: Optional[str]) -> None: self.recall_handle = recall_handle

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if not kwargs and not self._mutable_props:  # Java's constructors: the fields assigned, the rest defaults
            if len(args) == 5:  # the form processSendResponse builds for every send
                self.send_status, self.msg_id, self.offset_msg_id, self.message_queue, self.queue_offset = args
                return
            if len(args) == 7:  # the form an auto batch's result is split into, per message
                (self.send_status, self.msg_id, self.message_queue, self.queue_offset, self.transaction_id,
                 self.offset_msg_id, self.region_id) = args
                return
        names = _POSITIONAL_FORMS.get(len(args))
        if names is None:
            raise TypeError("%s takes 0, 5 or 7 positional arguments like the Java constructors, got %d"
                            % (type(self).__name__, len(args)))
        super().__init__(**kwargs)
        for name, value in zip(names, args):
            setattr(self, name, value)

    @staticmethod
    def encoder_send_result_to_json(obj: Any) -> str:
        """Java ``encoderSendResultToJson``: fastjson's text for ``obj`` (sorted keys, nulls omitted)."""
        return fastjson.dumps(to_json_value(obj))

    @staticmethod
    def decoder_send_result_from_json(json: str) -> "SendResult":
        """Java ``decoderSendResultFromJson``."""
        return from_json_value(fastjson.loads(json), SendResult)

    def __repr__(self) -> str:
        return ("SendResult [sendStatus=%s, msgId=%s, offsetMsgId=%s, messageQueue=%s, queueOffset=%s, "
                "recallHandle=%s]" % (_java(self.send_status), _java(self.msg_id), _java(self.offset_msg_id),
                                      _java(self.message_queue), self.queue_offset, _java(self.recall_handle)))
