"""5.3.3's topic attributes without a broker: AttributeParser's ``+key=value,-key`` text, AttributeUtil's changes
against TopicAttributes with Java's messages, and TopicConfig's attributes in its encode / decode / toString."""
from __future__ import annotations

import pytest

from rocketmq_common.attribute.attribute_parser import AttributeParser
from rocketmq_common.attribute.attribute_util import AttributeUtil
from rocketmq_common.attribute.topic_message_type import TopicMessageType
from rocketmq_common.topic_attributes import TopicAttributes
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.protocol.remoting_serializable import to_json_value

ALL = TopicAttributes.ALL


def test_parser_round_trip_and_java_errors() -> None:
    parsed = AttributeParser.parse_to_map("+message.type=FIFO,-reserve.time,+queue.type=BatchCQ")
    assert parsed == {"+message.type": "FIFO", "-reserve.time": "", "+queue.type": "BatchCQ"}
    assert AttributeParser.parse_to_string(parsed) == "+message.type=FIFO,-reserve.time,+queue.type=BatchCQ"
    assert AttributeParser.parse_to_map("") == {} and AttributeParser.parse_to_string(None) == ""
    for text, message in (("message.type=FIFO", "add/alter attribute format is wrong: message.type"),
                          ("reserve.time", "delete attribute format is wrong: reserve.time"),
                          ("+a=1,+a=2", "key duplication: +a")):
        with pytest.raises(RuntimeError, match="^%s$" % message.replace(".", r"\.").replace("+", r"\+")):
            AttributeParser.parse_to_map(text)


def test_alter_current_attributes_as_java() -> None:
    created = AttributeUtil.alter_current_attributes(True, ALL, {}, {"+message.type": "FIFO",
                                                                     "+queue.type": "BatchCQ"})
    assert created == {"message.type": "FIFO", "queue.type": "BatchCQ"}
    altered = AttributeUtil.alter_current_attributes(False, ALL, created, {"+message.type": "DELAY",
                                                                           "+reserve.time": "86400"})
    assert altered == {"message.type": "DELAY", "queue.type": "BatchCQ", "reserve.time": "86400"}
    assert AttributeUtil.alter_current_attributes(False, ALL, altered, {"-reserve.time": ""}) == {
        "message.type": "DELAY", "queue.type": "BatchCQ"}
    refused = [
        (True, {}, {"-message.type": ""}, "only add attribute is supported while creating topic. key: message.type"),
        (True, {}, {"+foo": "bar"}, "unsupported key: foo"),
        (True, {}, {"+message.type": "BAD"},
         "value is not in set: [UNSPECIFIED, MIXED, TRANSACTION, FIFO, DELAY, NORMAL]"),
        (True, {}, {"+queue.type": "X"}, "value is not in set: [BatchCQ, SimpleCQ]"),
        (True, {}, {"+reserve.time": "-2"}, "value is not in range(-1, 9223372036854775807)"),
        (False, created, {"+queue.type": "SimpleCQ"},
         "attempt to update an unchangeable attribute. key: queue.type"),
        (False, created, {"-reserve.time": ""}, "attempt to delete a nonexistent key: reserve.time"),
        (False, created, {"*message.type": "FIFO"}, "wrong format key: message.type"),
        (False, created, {"++message.type": "FIFO"}, "kv string format wrong."),
    ]
    for create, current, changes, message in refused:
        with pytest.raises(RuntimeError) as raised:
            AttributeUtil.alter_current_attributes(create, ALL, current, changes)
        assert str(raised.value) == message


def test_topic_config_carries_its_attributes() -> None:
    config = TopicConfig("T", 2, 2)
    assert config.get_attributes() == {} and config.get_topic_message_type() is TopicMessageType.NORMAL
    config.set_topic_message_type(TopicMessageType.FIFO)
    assert config.get_attributes() == {"message.type": "FIFO"}
    assert config.encode() == 'T 2 2 6 SINGLE_TAG {"message.type":"FIFO"}'
    decoded = TopicConfig()
    assert decoded.decode(config.encode()) and decoded == config
    assert decoded.get_topic_message_type() is TopicMessageType.FIFO
    old = TopicConfig()
    assert old.decode("T 2 2 6 SINGLE_TAG") and old.get_attributes() == {}  # 4.9.7's form
    assert str(config).endswith("order=false, attributes={message.type=FIFO}]")
    assert to_json_value(config)["attributes"] == {"message.type": "FIFO"}  # as Java's fastjson writes it
    assert config != TopicConfig("T", 2, 2)


def test_topic_message_type_from_message_properties() -> None:
    parse = TopicMessageType.parse_from_message_property
    assert parse({"TRAN_MSG": "true", "DELAY": "3"}) is TopicMessageType.TRANSACTION
    assert parse({"TIMER_DELAY_SEC": "5"}) is TopicMessageType.DELAY
    assert parse({"__SHARDINGKEY": "k"}) is TopicMessageType.FIFO
    assert parse({}) is TopicMessageType.NORMAL and TopicMessageType.FIFO.get_metrics_value() == "fifo"
