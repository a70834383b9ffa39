"""Message, MessageExt, MessageClientExt, MessageAccessor, MessageBatch and MessageExtBrokerInner behave like Java."""
from __future__ import annotations

import pytest

from rocketmq_common.message.message import Message
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_ext import MessageClientExt
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.message.message_type import MessageType
from rocketmq_common.topic_filter_type import TopicFilterType


def test_constructors_always_set_wait() -> None:
    assert Message("T", b"x").get_properties() == {"WAIT": "true"}
    msg = Message("T", b"x", tags="TagA", keys="K1 K2", flag=7, wait_store_msg_ok=False)
    assert msg.get_properties() == {"TAGS": "TagA", "KEYS": "K1 K2", "WAIT": "false"}
    assert (msg.get_topic(), msg.get_body(), msg.get_flag()) == ("T", b"x", 7)
    assert not msg.is_wait_store_msg_ok()
    assert Message("T", b"x", tags="", keys="").get_properties() == {"WAIT": "true"}


def test_keys_tags_delay_and_wait() -> None:
    msg = Message("T", b"x")
    msg.set_keys(["K1", "K2", "K3"])
    assert msg.get_keys() == "K1 K2 K3" and MessageConst.KEY_SEPARATOR == " "
    msg.set_keys("single")
    assert msg.get_keys() == "single"
    msg.set_tags("TagB")
    assert msg.get_tags() == "TagB"
    assert msg.get_delay_time_level() == 0
    msg.set_delay_time_level(3)
    assert msg.get_delay_time_level() == 3 and msg.get_property("DELAY") == "3"
    msg.put_property("WAIT", "TRUE")
    assert msg.is_wait_store_msg_ok()
    msg.clear_property("WAIT")
    assert msg.is_wait_store_msg_ok() and "WAIT" not in msg.get_properties()
    bare = MessageExt()
    assert bare.get_properties() is None and bare.is_wait_store_msg_ok()
    assert bare.get_tags() is None and bare.get_properties() == {}


@pytest.mark.parametrize("name", sorted(MessageConst.STRING_HASH_SET))
def test_reserved_property_names_are_rejected(name: str) -> None:
    with pytest.raises(ValueError) as info:
        Message("T", b"x").put_user_property(name, "v")
    assert str(info.value) == "The Property<%s> is used by system, input another please" % name


@pytest.mark.parametrize("name, value", [("", "v"), ("  ", "v"), ("n", ""), ("n", " \t"), (None, "v"), ("n", None)])
def test_blank_user_properties_are_rejected(name, value) -> None:
    with pytest.raises(ValueError, match="The name or value of property can not be null or blank string!"):
        Message("T", b"x").put_user_property(name, value)


def test_user_properties_and_other_accessors() -> None:
    msg = Message("T", b"x")
    msg.put_user_property("myProp", "myValue")
    assert msg.get_user_property("myProp") == "myValue"
    assert "DELAY" in MessageConst.STRING_HASH_SET and len(MessageConst.STRING_HASH_SET) == 43  # 3 of POP (5.3.3)
    assert "INNER_MULTI_DISPATCH" not in MessageConst.STRING_HASH_SET
    msg.set_instance_id("ns")
    msg.set_buyer_id("buyer")
    msg.set_transaction_id("tx")
    assert (msg.get_property("INSTANCE_ID"), msg.get_buyer_id(), msg.get_transaction_id()) == ("ns", "buyer", "tx")
    assert repr(msg) == ("Message{topic='T', flag=0, properties={WAIT=true, myProp=myValue, INSTANCE_ID=ns, "
                         "BUYER_ID=buyer}, body=<1 bytes>, transactionId='tx'}")
    assert repr(Message("T", b"")).endswith("transactionId='null'}")


def test_message_ext_fields_and_hosts() -> None:
    msg = MessageExt(2, 10, ("192.0.2.2", 5000), 20, ("127.0.0.1", 10911), "ID")
    assert (msg.get_queue_id(), msg.get_born_timestamp(), msg.get_store_timestamp(), msg.get_msg_id()) == \
        (2, 10, 20, "ID")
    assert msg.get_born_host_string() == msg.get_born_host_name_string() == "192.0.2.2"
    assert msg.get_born_host_bytes() == bytes([192, 0, 2, 2, 0, 0, 0x13, 0x88])
    assert msg.get_store_host_bytes() == bytes([127, 0, 0, 1, 0, 0, 0x2A, 0x9F])
    assert MessageExt.socket_address2byte_buffer(("::1", 1)) == bytes(15) + b"\x01" + b"\x00\x00\x00\x01"
    msg.set_born_host_v6_flag()
    msg.set_store_host_address_v6_flag()
    assert msg.get_sys_flag() == 0x30
    assert MessageExt.parse_topic_filter_type(2) is TopicFilterType.MULTI_TAG
    assert MessageExt.parse_topic_filter_type(1) is TopicFilterType.SINGLE_TAG
    msg.set_body_crc(5)
    assert msg.get_body_crc() == 5 and "bodyCRC=5" in repr(msg) and "bornHost=/192.0.2.2:5000" in repr(msg)
    assert MessageExt().get_born_host_string() is None


def test_message_client_ext_ids() -> None:
    msg = MessageClientExt()
    msg.set_offset_msg_id("OFFSET")
    assert msg.get_msg_id() == "OFFSET" == msg.get_offset_msg_id()
    msg.set_msg_id("IGNORED")
    assert msg.get_offset_msg_id() == "OFFSET"
    msg.put_property("UNIQ_KEY", "UNIQ")
    assert msg.get_msg_id() == "UNIQ" and msg.get_offset_msg_id() == "OFFSET"


def test_message_accessor() -> None:
    msg = Message("T", b"body", flag=3)
    MessageAccessor.set_transfer_flag(msg, "t")
    MessageAccessor.set_correction_flag(msg, "c")
    MessageAccessor.set_origin_message_id(msg, "o")
    MessageAccessor.set_mq2_flag(msg, "m")
    MessageAccessor.set_reconsume_time(msg, "1")
    MessageAccessor.set_max_reconsume_times(msg, "16")
    MessageAccessor.set_consume_start_time_stamp(msg, "123")
    MessageAccessor.put_property(msg, "UNIQ_KEY", "u")
    assert (MessageAccessor.get_transfer_flag(msg), MessageAccessor.get_correction_flag(msg),
            MessageAccessor.get_origin_message_id(msg), MessageAccessor.get_mq2_flag(msg),
            MessageAccessor.get_reconsume_time(msg), MessageAccessor.get_max_reconsume_times(msg),
            MessageAccessor.get_consume_start_time_stamp(msg)) == ("t", "c", "o", "m", "1", "16", "123")
    clone = MessageAccessor.clone_message(msg)
    assert (clone.get_topic(), clone.get_body(), clone.get_flag()) == ("T", b"body", 3)
    assert clone.get_properties() is msg.get_properties()
    MessageAccessor.clear_property(msg, "UNIQ_KEY")
    assert clone.get_property("UNIQ_KEY") is None
    MessageAccessor.set_properties(msg, {"A": "b"})
    assert msg.get_properties() == {"A": "b"}


def test_message_batch_rules() -> None:
    def msgs(*topics: str):
        return [Message(t, b"x") for t in topics]

    batch = MessageBatch.generate_from_list(msgs("T", "T"))
    assert batch.get_topic() == "T" and batch.is_wait_store_msg_ok() and len(list(batch)) == 2
    assert list(batch.iterator()) == batch.messages
    delayed = msgs("T")
    delayed[0].set_delay_time_level(1)
    with pytest.raises(NotImplementedError, match="TimeDelayLevel is not supported for batching"):
        MessageBatch.generate_from_list(delayed)
    with pytest.raises(NotImplementedError, match="Retry Group is not supported for batching"):
        MessageBatch.generate_from_list(msgs("%RETRY%G"))
    with pytest.raises(NotImplementedError, match="The topic of the messages in one batch should be the same"):
        MessageBatch.generate_from_list(msgs("T", "U"))
    mixed = msgs("T", "T")
    mixed[1].set_wait_store_msg_ok(False)
    with pytest.raises(NotImplementedError, match="waitStoreMsgOK of the messages in one batch should the same"):
        MessageBatch.generate_from_list(mixed)
    with pytest.raises(ValueError):
        MessageBatch.generate_from_list([])


def test_broker_inner_tags_code_and_message_type() -> None:
    assert MessageExtBrokerInner.tags_string2tags_code("TagA") == 2598919
    assert MessageExtBrokerInner.tags_string2tags_code("") == 0
    assert MessageExtBrokerInner.tags_string2tags_code(None, TopicFilterType.SINGLE_TAG) == 0
    inner = MessageExtBrokerInner()
    inner.set_properties_string("a\x01b")
    inner.set_tags_code(42)
    assert (inner.get_properties_string(), inner.get_tags_code()) == ("a\x01b", 42)
    assert [t.name for t in MessageType] == ["Normal_Msg", "Trans_Msg_Half", "Trans_msg_Commit", "Delay_Msg"]


def test_java_positional_constructors():
    assert Message("T", b"x").body == b"x"
    msg = Message("TopicTest", "TagA", b"Hello RocketMQ")
    assert (msg.get_tags(), msg.body) == ("TagA", b"Hello RocketMQ")
    msg = Message("T", "TagA", "K1", b"b")
    assert (msg.get_tags(), msg.get_keys(), msg.body) == ("TagA", "K1", b"b")
    msg = Message("T", "TagA", "K1", 5, b"b", False)
    assert (msg.flag, msg.is_wait_store_msg_ok()) == (5, False)
    with pytest.raises(TypeError):
        Message("T", "a", "b", "c", "d")


def test_timer_accessors_of_5_3_3() -> None:
    msg = Message("T", b"x")
    assert (msg.get_delay_time_sec(), msg.get_delay_time_ms(), msg.get_deliver_time_ms()) == (0, 0, 0)
    msg.set_delay_time_sec(10)
    msg.set_delay_time_ms(1500)
    msg.set_deliver_time_ms(1796220000000)
    assert (msg.get_delay_time_sec(), msg.get_delay_time_ms(), msg.get_deliver_time_ms()) == (10, 1500, 1796220000000)
    assert msg.get_property("TIMER_DELAY_SEC") == "10" and msg.get_property("TIMER_DELAY_MS") == "1500"
    assert msg.get_property("TIMER_DELIVER_MS") == "1796220000000"
    with pytest.raises(TypeError, match="sec must be an int"):
        msg.set_delay_time_sec(1.5)  # type: ignore[arg-type]
    for name in ("TIMER_DELAY_SEC", "TIMER_DELAY_MS", "TIMER_DELIVER_MS", "TIMER_OUT_MS", "TIMER_ENQUEUE_MS",
                 "TIMER_DEQUEUE_MS", "TIMER_ROLL_TIMES", "TIMER_DEL_UNIQKEY", "TIMER_DELAY_LEVEL"):
        with pytest.raises(ValueError, match="is used by system"):
            msg.put_user_property(name, "1")

