"""MessageUtil.create_reply_message with a request that lacks some of the properties it copies: Java puts null
values (which the property encoding skips), so the reply is built without them instead of failing."""
from __future__ import annotations

import pytest

from rocketmq_client.exception import MQClientException
from rocketmq_client.utils.message_util import MessageUtil
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.mix_all import MixAll


def _request(**props: str) -> Message:
    msg = Message("T", b"ask")
    for name, value in props.items():
        msg.put_property(name, value)
    return msg


def test_a_request_with_only_its_cluster_gets_a_reply_without_the_missing_properties() -> None:
    reply = MessageUtil.create_reply_message(_request(CLUSTER="DefaultCluster"), b"answer")
    assert reply.get_topic() == MixAll.get_reply_topic("DefaultCluster")
    assert reply.get_body() == b"answer"
    assert reply.get_property(MessageConst.PROPERTY_MESSAGE_TYPE) == MixAll.REPLY_MESSAGE_FLAG
    for name in (MessageConst.PROPERTY_CORRELATION_ID, MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT,
                 MessageConst.PROPERTY_MESSAGE_TTL):
        assert reply.get_property(name) is None
    # and it encodes: the decoded copy has the same properties
    decoded = MessageDecoder.decode_message(MessageDecoder.encode_message(reply))
    assert decoded.get_properties() == reply.get_properties()


def test_the_request_properties_present_are_copied() -> None:
    request = _request(CLUSTER="C", CORRELATION_ID="c-1", REPLY_TO_CLIENT="client@1", TTL="3000")
    reply = MessageUtil.create_reply_message(request, b"")
    assert reply.get_property(MessageConst.PROPERTY_CORRELATION_ID) == "c-1"
    assert reply.get_property(MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT) == "client@1"
    assert reply.get_property(MessageConst.PROPERTY_MESSAGE_TTL) == "3000"


def test_a_request_without_cluster_is_refused() -> None:
    with pytest.raises(MQClientException):
        MessageUtil.create_reply_message(_request(CORRELATION_ID="c"), b"")
