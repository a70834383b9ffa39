"""``help()`` on the user-facing classes says what the class is, with an example and its options."""
from __future__ import annotations

import pydoc

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer


@pytest.mark.parametrize("cls, words", [
    (DefaultMQProducer, ["org.apache.rocketmq.client.producer.DefaultMQProducer", "producer.start()",
                         "send_msg_timeout", "the separator is ``;``"]),
    (DefaultMQPushConsumer, ["org.apache.rocketmq.client.consumer.DefaultMQPushConsumer",
                             "register_message_listener() comes before start()", "consume_thread_min"]),
    (EmbeddedCluster, ["brokers", "broker_config", "namesrv_addr", "auto_create_topic_enable"]),
])
def test_class_docstrings_stand_alone(cls: type, words: list) -> None:
    text = pydoc.render_doc(cls, renderer=pydoc.plaintext)
    assert "See the module docstring" not in (cls.__doc__ or "")
    for word in words:
        assert word in text


def test_send_lists_its_forms() -> None:
    text = pydoc.render_doc(DefaultMQProducer.send, renderer=pydoc.plaintext)
    for form in ("send(msg[, timeout])", "send(msg, callback[, timeout])", "send(msg, mq[, timeout])",
                 "send(msg, selector, arg[, timeout])", "send(msg, selector, arg, callback[, timeout])"):
        assert form in text
