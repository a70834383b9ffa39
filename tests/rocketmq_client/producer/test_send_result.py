"""SendResult and TransactionSendResult: Java's toString, the seven-argument form and keywords, the fastjson-shaped JSON
round trip."""
from __future__ import annotations

import pytest

from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_send_result import TransactionSendResult
from rocketmq_common.message.message_queue import MessageQueue

MQ = MessageQueue("TopicTest", "broker-a", 3)


def test_send_result_java_to_string() -> None:
    result = SendResult(SendStatus.SEND_OK, "C0A8000130391B6D358605265C000001", "7F000001000051AF0000000000000000",
                        MQ, 42)
    assert str(result) == ("SendResult [sendStatus=SEND_OK, msgId=C0A8000130391B6D358605265C000001, "
                           "offsetMsgId=7F000001000051AF0000000000000000, messageQueue=MessageQueue "
                           "[topic=TopicTest, brokerName=broker-a, queueId=3], queueOffset=42, recallHandle=null]")
    assert str(SendResult()) == ("SendResult [sendStatus=null, msgId=null, offsetMsgId=null, messageQueue=null, "
                                 "queueOffset=0, recallHandle=null]")
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
