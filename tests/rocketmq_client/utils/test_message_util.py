"""MessageUtil.create_reply_message: the reply's topic, properties and errors."""
from __future__ import annotations

import pytest

from rocketmq_client.common.client_error_code import ClientErrorCode
from rocketmq_client.exception import MQClientException
from rocketmq_client.utils.message_util import MessageUtil
from rocketmq_common.message.message import Message


def test_create_reply_message() -> None:
    request = Message("RequestTopic", b"question")
    request.put_property("CLUSTER", "DefaultCluster")
    request.put_property("CORRELATION_ID", "c-1")
    request.put_property("REPLY_TO_CLIENT", "127.0.0.1@1#2")
    request.put_property("TTL", "3000")
    reply = MessageUtil.create_reply_message(request, b"answer")
    assert reply.get_topic() == "DefaultCluster_REPLY_TOPIC"
    assert reply.get_body() == b"answer"
    assert reply.get_properties() == {"MSG_TYPE": "reply", "CORRELATION_ID": "c-1",
                                      "REPLY_TO_CLIENT": "127.0.0.1@1#2", "TTL": "3000"}
    assert MessageUtil.get_reply_to_client(reply) == "127.0.0.1@1#2"


def test_create_reply_message_errors() -> None:
    with pytest.raises(MQClientException) as info:
        MessageUtil.create_reply_message(None, b"x")
    assert info.value.get_response_code() == ClientErrorCode.CREATE_REPLY_MESSAGE_EXCEPTION
    assert "requestMessage cannot be null" in str(info.value)
    with pytest.raises(MQClientException) as info:
        MessageUtil.create_reply_message(Message("T", b"x"), b"x")
    assert info.value.get_response_code() == 10007
    assert "property[CLUSTER] is null." in str(info.value)
