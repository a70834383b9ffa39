"""TopicValidator: system topics, name rules and the Java remarks set on a response."""
from __future__ import annotations

import pytest

from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.protocol.remoting_command import RemotingCommand


def _response() -> RemotingCommand:
    return RemotingCommand.create_response_command(ResponseCode.SUCCESS, None)


@pytest.mark.parametrize("name, illegal", [
    ("TopicTest", False), ("%RETRY%G-1_a|b", False), ("", False), ("a b", True), ("a.b", True),
    ("日本", True), ("a/b", True), ("a\x00", True),
])
def test_is_topic_or_group_illegal(name: str, illegal: bool) -> None:
    assert TopicValidator.is_topic_or_group_illegal(name) is illegal


@pytest.mark.parametrize("topic, remark", [
    ("", "The specified topic is blank."),
    ("  ", "The specified topic is blank."),
    (None, "The specified topic is blank."),
    ("a b", "The specified topic contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$"),
    ("t" * 128, "The specified topic is longer than topic max length."),
])
def test_validate_topic_failures(topic, remark: str) -> None:
    response = _response()
    assert TopicValidator.validate_topic(topic, response) is False
    assert response.get_code() == ResponseCode.SYSTEM_ERROR
    assert response.get_remark() == remark


def test_validate_topic_accepts_127_characters() -> None:
    response = _response()
    assert TopicValidator.validate_topic("t" * 127, response) is True
    assert response.get_code() == ResponseCode.SUCCESS


def test_system_topics() -> None:
    for topic in ("TBW102", "SCHEDULE_TOPIC_XXXX", "BenchmarkTest", "RMQ_SYS_TRANS_HALF_TOPIC", "RMQ_SYS_TRACE_TOPIC",
                  "RMQ_SYS_TRANS_OP_HALF_TOPIC", "TRANS_CHECK_MAX_TIME_TOPIC", "SELF_TEST_TOPIC",
                  "OFFSET_MOVED_EVENT", "rmq_sys_anything"):
        assert TopicValidator.is_system_topic(topic), topic
    assert not TopicValidator.is_system_topic("GoldenTopic")
    response = _response()
    assert TopicValidator.is_system_topic("TBW102", response)
    assert response.get_code() == ResponseCode.SYSTEM_ERROR
    assert response.get_remark() == "The topic[TBW102] is conflict with system topic."


def test_not_allowed_send_topics() -> None:
    assert TopicValidator.get_not_allowed_send_topic_set() == {
        "SCHEDULE_TOPIC_XXXX", "RMQ_SYS_TRANS_HALF_TOPIC", "RMQ_SYS_TRANS_OP_HALF_TOPIC",
        "TRANS_CHECK_MAX_TIME_TOPIC", "SELF_TEST_TOPIC", "OFFSET_MOVED_EVENT"}
    assert not TopicValidator.is_not_allowed_send_topic("TBW102")
    response = _response()
    assert TopicValidator.is_not_allowed_send_topic("SCHEDULE_TOPIC_XXXX", response)
    assert response.get_code() == ResponseCode.NO_PERMISSION
    assert response.get_remark() == "Sending message to topic[SCHEDULE_TOPIC_XXXX] is forbidden."


def test_add_system_topic(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TopicValidator, "SYSTEM_TOPIC_SET", set(TopicValidator.SYSTEM_TOPIC_SET))
    TopicValidator.add_system_topic("MY_SYS")
    assert TopicValidator.is_system_topic("MY_SYS")
    assert "MY_SYS" in TopicValidator.get_system_topic_set()
