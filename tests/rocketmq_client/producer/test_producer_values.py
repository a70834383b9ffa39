"""Value classes of the producer: SendResult, selectors, MessageUtil, the overload dispatch."""
from __future__ import annotations

import pytest

from rocketmq_client.common.client_error_code import ClientErrorCode
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.producer.send_args import DEFAULT, QUEUE, SELECT, parse_send_args
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_client.producer.selector.select_message_queue_by_hash import SelectMessageQueueByHash, java_hash_code
from rocketmq_client.producer.selector.select_message_queue_by_machine_room import SelectMessageQueueByMachineRoom
from rocketmq_client.producer.selector.select_message_queue_by_random import SelectMessageQueueByRandom
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_send_result import TransactionSendResult
from rocketmq_client.utils.message_util import MessageUtil
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue

MQ = MessageQueue("TopicTest", "broker-a", 3)


def test_send_result_java_to_string() -> None:
    result = SendResult(SendStatus.SEND_OK, "C0A8000130391B6D358605265C000001", "7F000001000051AF0000000000000000",
                        MQ, 42)
    assert str(result) == ("SendResult [sendStatus=SEND_OK, msgId=C0A8000130391B6D358605265C000001, "
                           "offsetMsgId=7F000001000051AF0000000000000000, messageQueue=MessageQueue "
                           "[topic=TopicTest, brokerName=broker-a, queueId=3], queueOffset=42]")
    assert str(SendResult()) == ("SendResult [sendStatus=null, msgId=null, offsetMsgId=null, messageQueue=null, "
                                 "queueOffset=0]")
    assert result.is_trace_on() and result.get_region_id() is None


def test_send_result_seven_argument_form_and_keywords() -> None:
    result = SendResult(SendStatus.FLUSH_DISK_TIMEOUT, "U", MQ, 7, "TX", "OFF", "DefaultRegion")
    assert (result.get_send_status(), result.get_msg_id(), result.get_message_queue(), result.get_queue_offset(),
            result.get_transaction_id(), result.get_offset_msg_id(), result.get_region_id()) == \
        (SendStatus.FLUSH_DISK_TIMEOUT, "U", MQ, 7, "TX", "OFF", "DefaultRegion")
    assert SendResult(msg_id="X").get_msg_id() == "X"
    with pytest.raises(TypeError, match="0, 5 or 7 positional"):
        SendResult(SendStatus.SEND_OK, "U")
    with pytest.raises(TypeError):
        SendResult(no_such_field=1)


def test_send_result_json_round_trip_is_fastjson_shaped() -> None:
    result = SendResult(SendStatus.SEND_OK, "U1", "O1", MQ, 5)
    text = SendResult.encoder_send_result_to_json(result)
    assert text == ('{"messageQueue":{"brokerName":"broker-a","queueId":3,"topic":"TopicTest"},"msgId":"U1",'
                    '"offsetMsgId":"O1","queueOffset":5,"sendStatus":"SEND_OK","traceOn":true}')
    back = SendResult.decoder_send_result_from_json(text)
    assert back.bean_values() == result.bean_values()
    tx = TransactionSendResult(SendStatus.SEND_OK, "U1", "O1", MQ, 5)
    tx.set_local_transaction_state(LocalTransactionState.COMMIT_MESSAGE)
    assert '"localTransactionState":"COMMIT_MESSAGE"' in SendResult.encoder_send_result_to_json(tx)
    assert str(tx).startswith("SendResult [sendStatus=SEND_OK")


@pytest.mark.parametrize("arg, expected", [
    ("order-1", 6), ("", 0), ("TagA", 2598919 % 8), (0, 0), (13, 5), (-13, 5), (True, 1231 % 8),
    (2 ** 31 - 1, (2 ** 31 - 1) % 8), (-(2 ** 31), 0),
    # Long.hashCode: (int)(value ^ (value >>> 32))
    (2 ** 40 + 7, (7 ^ 256) % 8),
])
def test_select_by_hash_matches_java(arg: object, expected: int) -> None:
    mqs = [MessageQueue("T", "b", i) for i in range(8)]
    assert SelectMessageQueueByHash().select(mqs, Message("T", b"x"), arg).queue_id == expected


def test_java_hash_code_values() -> None:
    assert java_hash_code("order-1") == -1207111310
    assert java_hash_code("日本") == 835047
    assert java_hash_code(-1) == -1
    assert java_hash_code(-(2 ** 40)) == -256  # Long.hashCode(-(1L << 40))
    assert java_hash_code(2 ** 31) == -(2 ** 31)  # Long.hashCode(2147483648L)

    class JavaLike:
        def hash_code(self) -> int:
            return -7

    assert java_hash_code(JavaLike()) == -7
    # negative hash: abs of Java's truncating remainder
    mqs = [MessageQueue("T", "b", i) for i in range(4)]
    assert SelectMessageQueueByHash().select(mqs, Message("T", b"x"), JavaLike()).queue_id == 3


def test_random_and_machine_room_selectors() -> None:
    mqs = [MessageQueue("T", "b", i) for i in range(4)]
    seen = {SelectMessageQueueByRandom().select(mqs, Message("T", b"x"), None).queue_id for _ in range(200)}
    assert seen == {0, 1, 2, 3}
    room = SelectMessageQueueByMachineRoom()
    room.set_consumeridcs({"idc1"})
    assert room.get_consumeridcs() == {"idc1"}
    assert room.select(mqs, Message("T", b"x"), None) is None


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


class _Callback(SendCallback):
    def on_success(self, send_result: SendResult) -> None:
        pass

    def on_exception(self, e: BaseException) -> None:
        pass


class _Selector(MessageQueueSelector):
    def select(self, mqs, msg, arg):  # type: ignore[no-untyped-def]
        return mqs[0]


def test_parse_send_args_java_forms() -> None:
    cb, sel = _Callback(), _Selector()
    assert parse_send_args("send", ()) == (DEFAULT, None, None, None, None, None)
    assert parse_send_args("send", (1000,)) == (DEFAULT, None, None, None, None, 1000)
    assert parse_send_args("send", (cb,)) == (DEFAULT, None, None, None, cb, None)
    assert parse_send_args("send", (cb, 10)) == (DEFAULT, None, None, None, cb, 10)
    assert parse_send_args("send", (MQ,)) == (QUEUE, MQ, None, None, None, None)
    assert parse_send_args("send", (MQ, 5)) == (QUEUE, MQ, None, None, None, 5)
    assert parse_send_args("send", (MQ, cb, 5)) == (QUEUE, MQ, None, None, cb, 5)
    assert parse_send_args("send", (sel, 7)) == (SELECT, None, sel, 7, None, None)
    assert parse_send_args("send", (sel, "k", cb, 9)) == (SELECT, None, sel, "k", cb, 9)
    lam = parse_send_args("send", (lambda mqs, msg, arg: mqs[arg], 1))
    assert lam.kind == SELECT and lam.selector.select([MQ, MQ], None, 1) is MQ


@pytest.mark.parametrize("args", [("x",), (1000, 1000), (MQ, "x"), (True,), (_Callback(), _Callback())])
def test_parse_send_args_rejects_other_forms(args: tuple) -> None:
    with pytest.raises(TypeError, match=r"unsupported arguments for send\(msg, "):
        parse_send_args("send", args)


def test_parse_send_args_restrictions() -> None:
    with pytest.raises(TypeError, match="no callback"):
        parse_send_args("send_oneway", (_Callback(),), allow_callback=False)
    with pytest.raises(TypeError, match="no timeout"):
        parse_send_args("send_oneway", (MQ, 5), allow_timeout=False)
    with pytest.raises(TypeError):
        parse_send_args("send", (_Selector(), 1), allow_selector=False)
    with pytest.raises(TypeError, match="needs its argument"):
        parse_send_args("send", (_Selector(),))
