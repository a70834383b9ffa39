"""Java's terse client errors keep Java's text first, then name the next step for a Python user."""
from __future__ import annotations

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.message.message import Message


def test_a_push_consumer_without_listener_says_to_register_one() -> None:
    consumer = DefaultMQPushConsumer("next_step_group", namesrv_addr="127.0.0.1:1")
    consumer.subscribe("T", "*")
    with pytest.raises(MQClientException) as raised:
        consumer.start()
    assert str(raised.value).startswith("messageListener is null"
                                        + FAQUrl.suggest_todo(FAQUrl.CLIENT_PARAMETER_CHECK_URL))
    assert "call register_message_listener(listener) before start()" in str(raised.value)


def test_a_producer_not_started_says_to_start_it() -> None:
    producer = DefaultMQProducer("next_step_group", namesrv_addr="127.0.0.1:1")
    with pytest.raises(MQClientException) as raised:
        producer.send(Message("T", b"x"))
    assert str(raised.value).startswith("The producer service state not OK, CREATE_JUST"
                                        + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK))
    assert "call start() before using the client" in str(raised.value)


def test_a_producer_shut_down_says_to_create_a_new_one(embedded_cluster: EmbeddedCluster) -> None:
    producer = DefaultMQProducer("next_step_group", namesrv_addr=embedded_cluster.namesrv_addr)
    producer.start()
    producer.shutdown()
    with pytest.raises(MQClientException) as raised:
        producer.send(Message("T", b"x"))
    assert str(raised.value).startswith("The producer service state not OK, SHUTDOWN_ALREADY")
    assert "the client was shut down; create a new one" in str(raised.value)
    with pytest.raises(MQClientException) as raised:
        producer.start()
    assert "maybe started once, SHUTDOWN_ALREADY" in str(raised.value)
    assert "create a new one" in str(raised.value)


@pytest.mark.embedded_cluster(broker_config={"auto_create_topic_enable": False})
def test_a_send_to_a_missing_topic_says_to_create_it(embedded_cluster: EmbeddedCluster) -> None:
    producer = DefaultMQProducer("next_step_group", namesrv_addr=embedded_cluster.namesrv_addr,
                                 send_msg_timeout=3000)
    producer.start()
    try:
        with pytest.raises(MQClientException) as raised:
            producer.send(Message("NoSuchTopicForNextStep", b"x"))
    finally:
        producer.shutdown()
    assert str(raised.value).startswith("No route info of this topic: NoSuchTopicForNextStep"
                                        + FAQUrl.suggest_todo(FAQUrl.NO_TOPIC_ROUTE_INFO))
    assert "rocketmq updateTopic" in str(raised.value)
