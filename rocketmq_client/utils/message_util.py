"""Java ``org.apache.rocketmq.client.utils.MessageUtil``: building the reply of a request/reply message."""
from __future__ import annotations

from typing import Optional

from rocketmq_client.common.client_error_code import ClientErrorCode
from rocketmq_client.exception import MQClientException
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.mix_all import MixAll

__all__ = ["MessageUtil"]


class MessageUtil:
    """Static helpers of Java ``MessageUtil``."""

    @staticmethod
    def create_reply_message(request_message: Optional[Message], body: bytes) -> Message:
        """Java ``createReplyMessage``: a message to ``<CLUSTER>_REPLY_TOPIC`` carrying ``MSG_TYPE=reply`` and the
        request's ``CORRELATION_ID``, ``REPLY_TO_CLIENT`` and ``TTL``; send it with any producer.

        Raises MQClientException (``CREATE_REPLY_MESSAGE_EXCEPTION``) when the request is None or has no
        ``CLUSTER`` property (the broker adds it to every stored message)."""
        if request_message is None:
            raise MQClientException(ClientErrorCode.CREATE_REPLY_MESSAGE_EXCEPTION,
                                    "create reply message fail, requestMessage cannot be null.")
        cluster = request_message.get_property(MessageConst.PROPERTY_CLUSTER)
        if cluster is None:
            raise MQClientException(ClientErrorCode.CREATE_REPLY_MESSAGE_EXCEPTION,
                                    "create reply message fail, requestMessage error, property[%s] is null."
                                    % MessageConst.PROPERTY_CLUSTER)
        reply_message = Message()
        # Java's no-argument Message() has no properties; ours starts with WAIT=true
        MessageAccessor.clear_property(reply_message, MessageConst.PROPERTY_WAIT_STORE_MSG_OK)
        reply_message.set_body(body)
        reply_message.set_topic(MixAll.get_reply_topic(cluster))
        MessageAccessor.put_property(reply_message, MessageConst.PROPERTY_MESSAGE_TYPE, MixAll.REPLY_MESSAGE_FLAG)
        # a property the request lacks is left out (Java puts null, which the property encoding skips)
        for name in (MessageConst.PROPERTY_CORRELATION_ID, MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT,
                     MessageConst.PROPERTY_MESSAGE_TTL):
            value = request_message.get_property(name)
            if value is not None:
                MessageAccessor.put_property(reply_message, name, value)
        return reply_message

    @staticmethod
    def get_reply_to_client(msg: Message) -> Optional[str]:
        """Java ``getReplyToClient``: the client id the reply goes to."""
        return msg.get_property(MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT)
