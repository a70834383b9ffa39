"""Validators (client-side checks, PROTOCOL.md §6.11) and the client exceptions' Java message formats."""
from __future__ import annotations

import pytest

from rocketmq_client.exception import (MQBrokerException, MQClientException, OffsetNotFoundException,
                                       RequestTimeoutException)
from rocketmq_client.validators import Validators
from rocketmq_common.message.message import Message

FAQ = "\nFor more information, please visit the url, http://rocketmq.apache.org/docs/faq/"


class Producer:
    def __init__(self, max_message_size: int = 1024 * 1024 * 4) -> None:
        self.max_message_size = max_message_size

    def get_max_message_size(self) -> int:
        return self.max_message_size


@pytest.mark.parametrize("group, message", [
    ("", "the specified group is blank"),
    (None, "the specified group is blank"),
    ("   ", "the specified group is blank"),
    ("g" * 256, "the specified group is longer than group max length 255."),
    ("bad group", "the specified group[bad group] contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$"),
])
def test_check_group_failures(group, message: str) -> None:
    with pytest.raises(MQClientException) as info:
        Validators.check_group(group)
    assert info.value.get_error_message() == message
    assert info.value.get_response_code() == -1
    assert str(info.value) == message + FAQ


def test_check_group_accepts_valid_names() -> None:
    Validators.check_group("g" * 255)
    Validators.check_group("%RETRY%Golden-CG_1|x")


@pytest.mark.parametrize("topic, message", [
    ("", "The specified topic is blank"),
    ("t" * 128, "The specified topic is longer than topic max length 127."),
    ("a/b", "The specified topic[a/b] contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$"),
])
def test_check_topic_failures(topic: str, message: str) -> None:
    with pytest.raises(MQClientException) as info:
        Validators.check_topic(topic)
    assert info.value.get_error_message() == message


@pytest.mark.parametrize("msg, code, message", [
    (None, 13, "the message is null"),
    (Message("SCHEDULE_TOPIC_XXXX", b"x"), -1, "Sending message to topic[SCHEDULE_TOPIC_XXXX] is forbidden."),
    (Message("T", None), 13, "the message body is null"),
    (Message("T", b""), 13, "the message body length is zero"),
    (Message("T", b"x" * 11), 13, "the message body size over max value, MAX: 10"),
    (Message("bad topic", b"x"), -1,
     "The specified topic[bad topic] contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$"),
])
def test_check_message_failures(msg, code: int, message: str) -> None:
    with pytest.raises(MQClientException) as info:
        Validators.check_message(msg, Producer(10))
    assert (info.value.get_response_code(), info.value.get_error_message()) == (code, message)
    if code == 13:
        assert str(info.value) == "CODE: 13  DESC: " + message + FAQ


def test_check_message_accepts() -> None:
    Validators.check_message(Message("TBW102", b"x" * 10), Producer(10))


def test_system_topic_checks() -> None:
    with pytest.raises(MQClientException, match=r"The topic\[rmq_sys_x\] is conflict with system topic\."):
        Validators.is_system_topic("rmq_sys_x")
    Validators.is_system_topic("GoldenTopic")
    Validators.is_not_allowed_send_topic("TBW102")


def test_exception_formats() -> None:
    cause = OSError("io")
    e = MQClientException("No route info of this topic: T", cause)
    assert e.__cause__ is cause and e.get_response_code() == -1
    assert e.set_response_code(17) is e and e.get_response_code() == 17
    e.set_error_message("changed")
    assert e.get_error_message() == "changed" and e.get_message() == "No route info of this topic: T" + FAQ
    broker = MQBrokerException(17, "topic not exist", "127.0.0.1:10911")
    assert str(broker) == "CODE: 17  DESC: topic not exist BROKER: 127.0.0.1:10911" + FAQ
    assert (broker.get_response_code(), broker.get_error_message(), broker.get_broker_addr()) == (
        17, "topic not exist", "127.0.0.1:10911")
    assert str(MQBrokerException(1, "x")) == "CODE: 1  DESC: x" + FAQ
    not_found = OffsetNotFoundException(22, "Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first")
    assert isinstance(not_found, MQBrokerException) and not_found.get_response_code() == 22
    timeout = RequestTimeoutException(10006, "request timeout")
    assert str(timeout) == "CODE: 10006  DESC: request timeout" and timeout.get_response_code() == 10006
    plain = RequestTimeoutException("no reply", cause)
    assert str(plain) == "no reply" and plain.get_response_code() == -1 and plain.__cause__ is cause
