"""The send path's header codec gives what the generic rule gives (SendMessageRequestHeaderV2's extFields), the
send response and its errors are the header decoder's, the unique message id."""
from __future__ import annotations

import re
import types
from typing import Any, Dict, Optional

import pytest

from rocketmq_client.client_config import ClientConfig
from rocketmq_client.exception import MQBrokerException
from rocketmq_client.impl.mq_client_api_impl import MQClientAPIImpl
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeader,
    SendMessageRequestHeaderV2,
    SendMessageResponseHeader,
)
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

_TYPICAL: Dict[str, Any] = dict(a="PG", b="TopicTest", c="TBW102", d=4, e=3, f=0, g=1700000000123, h=0,
                                i="WAIT\x01true\x02TAGS\x01TagA", j=0, k=False, m=False, n="broker-a")


def _v2(**values: Any) -> SendMessageRequestHeaderV2:
    header = SendMessageRequestHeaderV2()
    for name, value in values.items():
        setattr(header, name, value)
    return header


@pytest.mark.parametrize("changes", [
    {},
    {"i": None, "j": None, "k": None, "m": None, "n": None},
    {"l": 16, "j": 2, "k": True, "m": True},
    {"bname": "broker-b"},
    {"a": None},                  # a required field missing: left out, as the generic encoder does
    {"d": True, "b": 7},          # unusual types of required fields
    {"i": 5, "j": "3", "k": "x", "l": False, "m": 1, "n": 2},  # unusual types of optional fields
])
def test_v2_ext_fields_are_the_generic_encoding(changes: Dict[str, Any]) -> None:
    header = _v2(**dict(_TYPICAL, **changes))
    # the rule of Java's makeCustomHeaderToNet: every non-null field in declaration order, String.valueOf of it
    generic = [(p.wire, v if type(v) is str else ("true" if v else "false") if type(v) is bool else str(v))
               for p in header._props for v in [getattr(header, p.name)] if v is not None]
    assert list(header.encode_ext_fields().items()) == generic


def test_v2_from_v1_keeps_every_value() -> None:
    v1 = SendMessageRequestHeader(producer_group="PG", topic="T", default_topic="TBW102", default_topic_queue_nums=4,
                                  queue_id=1, sys_flag=2, born_timestamp=3, flag=4, properties="p", reconsume_times=5,
                                  unit_mode=True, batch=True, max_reconsume_times=6, bname="broker-a")
    v2 = SendMessageRequestHeaderV2.create_send_message_request_header_v2(v1)
    assert type(v2) is SendMessageRequestHeaderV2
    assert SendMessageRequestHeaderV2.create_send_message_request_header_v1(v2).bean_values() == v1.bean_values()
    assert v2.bname is None


def _api(namespace: Optional[str] = None) -> Any:
    config = ClientConfig()
    if namespace is not None:
        config.set_namespace(namespace)
    return types.SimpleNamespace(client_config=config)


def _response(code: int = ResponseCode.SUCCESS, **ext: str) -> RemotingCommand:
    response = RemotingCommand.create_response_command(code, None)
    response.ext_fields = dict(ext) if ext else None
    return response


def _process(response: RemotingCommand, msg: Message, namespace: Optional[str] = None) -> Any:
    return MQClientAPIImpl._process_send_response(_api(namespace), "broker-a", msg, response, "127.0.0.1:10911")


def _message(topic: str = "TopicTest") -> Message:
    msg = Message(topic, "TagA", b"body")
    MessageClientIDSetter.set_uniq_id(msg)
    return msg


def test_send_response_fields_from_ext_fields() -> None:
    msg = _message("NS%TopicTest")
    result = _process(_response(ResponseCode.FLUSH_DISK_TIMEOUT, msgId="OFFSETID", queueId="5", queueOffset="42",
                                transactionId="TX", MSG_REGION="RegionA", TRACE_ON="false"), msg, "NS")
    assert (result.send_status, result.msg_id, result.offset_msg_id, result.message_queue, result.queue_offset,
            result.transaction_id, result.region_id, result.trace_on) == \
        (SendStatus.FLUSH_DISK_TIMEOUT, MessageClientIDSetter.get_uniq_id(msg), "OFFSETID",
         MessageQueue("TopicTest", "broker-a", 5), 42, "TX", "RegionA", False)
    plain = _process(_response(msgId="O", queueId="0", queueOffset="0"), msg)
    assert (plain.transaction_id, plain.region_id, plain.trace_on) == (None, "DefaultRegion", True)


def test_send_response_of_a_batch_joins_the_ids() -> None:
    messages = [_message(), _message()]
    batch = MessageBatch.generate_from_list(messages)
    result = _process(_response(msgId="O1,O2", queueId="1", queueOffset="7"), batch)
    assert result.msg_id == ",".join(MessageClientIDSetter.get_uniq_id(m) for m in messages)


@pytest.mark.parametrize("ext", [
    {"queueId": "-1", "queueOffset": "+7"},  # signs, as Java's parseInt/parseLong take them
])
def test_send_response_numbers_the_generic_decoder_parses(ext: Dict[str, str]) -> None:
    response = _response(msgId="O", **ext)
    result = _process(response, _message())
    header = SendMessageResponseHeader.decode_ext_fields(response.ext_fields)
    assert (result.message_queue.queue_id, result.queue_offset) == (header.queue_id, header.queue_offset)


@pytest.mark.parametrize("ext", [
    None,
    {"queueId": "1", "queueOffset": "2"},
    {"msgId": "O", "queueOffset": "2"},
    {"msgId": "O", "queueId": "1"},
    {"msgId": "O", "queueId": "x", "queueOffset": "2"},
    {"msgId": "O", "queueId": "1", "queueOffset": "\u0662"},  # a non-ASCII digit
])
def test_send_response_header_errors_are_the_decoder_errors(ext: Optional[Dict[str, str]]) -> None:
    response = _response(**(ext or {}))
    with pytest.raises(RemotingCommandException):
        SendMessageResponseHeader.decode_ext_fields(response.ext_fields)
    with pytest.raises(RemotingCommandException):
        _process(response, _message())


def test_send_response_error_code_raises_broker_exception() -> None:
    response = _response(ResponseCode.SYSTEM_BUSY, msgId="O", queueId="1", queueOffset="2")
    response.remark = "busy"
    with pytest.raises(MQBrokerException) as info:
        _process(response, _message())
    assert info.value.get_response_code() == ResponseCode.SYSTEM_BUSY


def test_uniq_ids_are_unique_and_shaped() -> None:
    ids = [MessageClientIDSetter.create_uniq_id() for _ in range(1000)]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[0-9A-F]{32}|[0-9A-F]{56}", i) for i in ids)
    msg = Message("T", b"x")
    MessageClientIDSetter.set_uniq_id(msg)
    first = MessageClientIDSetter.get_uniq_id(msg)
    MessageClientIDSetter.set_uniq_id(msg)
    assert MessageClientIDSetter.get_uniq_id(msg) == first
