"""Property injection (issue 20) against the embedded cluster: a user property, key or tag carrying the property
separators would re-tag, delay or turn the message into a transaction half message; the client refuses each
before anything is sent, so a TagA subscriber gets the good messages only and the broker stores nothing injected."""
from __future__ import annotations

import pytest

from client_support import Recorder, create_topic, stored_messages
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.exception import MQClientException
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.topic.topic_validator import TopicValidator

TOPIC = "InjectTopic"
ATTACKS = {"retag": "v\x02TAGS\x01Injected", "delay": "v\x02DELAY\x013", "half": "v\x02TRAN_MSG\x01true"}


def _attempts(value: str):
    def user_property() -> Message:
        msg = Message(TOPIC, "TagA", b"attack")
        msg.put_user_property("k", value)
        return msg

    def keys() -> Message:
        msg = Message(TOPIC, "TagA", b"attack")
        msg.set_keys(value)
        return msg

    def tags() -> Message:
        msg = Message(TOPIC, "TagA", b"attack")
        msg.set_tags("TagA" + value)
        return msg

    return [user_property, keys, tags, lambda: Message(TOPIC, "TagA" + value, b"attack")]


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_injection_never_reaches_the_broker(attack: str, embedded_cluster: EmbeddedCluster, new_producer,
                                            new_consumer) -> None:
    value = ATTACKS[attack]
    create_topic(embedded_cluster.broker_controller, TOPIC, 1)
    producer = new_producer()
    for build in _attempts(value):  # refused where the value enters the message
        with pytest.raises(ValueError, match="must not contain the property separators"):
            producer.send(build())
    # the properties dict filled directly: refused by Validators.check_message in every send mode
    for send in (producer.send, producer.send_oneway, lambda m: producer.send_async(m).result(10)):
        msg = Message(TOPIC, "TagA", b"attack")
        msg.properties["k"] = value
        with pytest.raises(MQClientException, match="must not contain the property separators"):
            send(msg)
    with pytest.raises(MQClientException, match="Failed to initiate the MessageBatch"):
        bad = Message(TOPIC, "TagA", b"attack")
        bad.properties["k"] = value
        producer.send([Message(TOPIC, "TagA", b"fine"), bad])
    # the next good sends work
    good = {b"good %d" % i for i in range(3)}
    for body in sorted(good):
        msg = Message(TOPIC, "TagA", body)
        msg.put_user_property("k", "v")
        producer.send(msg)
    recorder = Recorder()
    new_consumer(None, recorder, topic=TOPIC, expression="TagA")
    recorder.wait_bodies(good)
    stored = stored_messages(embedded_cluster.broker_controller, TOPIC)
    assert sorted(m.get_body() for m in stored) == sorted(good)
    assert all(m.get_tags() == "TagA" and m.get_user_property("k") == "v" for m in stored)
    assert all(m.get_property(MessageConst.PROPERTY_DELAY_TIME_LEVEL) is None
               and m.get_property(MessageConst.PROPERTY_TRANSACTION_PREPARED) is None for m in stored)
    for system_topic in (TopicValidator.RMQ_SYS_SCHEDULE_TOPIC, TopicValidator.RMQ_SYS_TRANS_HALF_TOPIC):
        assert not [m for m in stored_messages(embedded_cluster.broker_controller, system_topic)
                    if m.get_body() == b"attack"]
    assert set(recorder.bodies()) == good


def test_wrong_types_fail_at_send_time_too_and_the_next_send_works(embedded_cluster: EmbeddedCluster,
                                                                   new_producer) -> None:
    create_topic(embedded_cluster.broker_controller, TOPIC, 1)
    producer = new_producer()
    cases = [("body", "a str body", r"^body must be bytes; encode str with \.encode\(\)$"),
             ("topic", 7, r"^topic must be a str, not int$"),
             ("flag", "1", r"^flag must be an int, not str$")]
    for attr, value, expected in cases:
        msg = Message(TOPIC, "TagA", b"x")
        setattr(msg, attr, value)  # assigned directly, past the checked constructor and setters
        with pytest.raises(TypeError, match=expected):
            producer.send(msg)
    msg = Message(TOPIC, "TagA", b"x")
    msg.properties["n"] = 5
    with pytest.raises(TypeError, match=r"^the value of property 'n' must be a str, not int$"):
        producer.send(msg)
    assert producer.send(Message(TOPIC, "TagA", bytearray(b"good"))).get_send_status().name == "SEND_OK"
    assert [m.get_body() for m in stored_messages(embedded_cluster.broker_controller, TOPIC)] == [b"good"]
