"""Java ``org.apache.rocketmq.common.topic.TopicValidator``: system topics and topic-name rules."""
from __future__ import annotations

from typing import Optional, Set

from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["TopicValidator"]

_VALID_CHARS = frozenset("%-_|0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


class TopicValidator:
    """System topic names and validation (the regex ``^[%|a-zA-Z0-9_-]+$``, at most 127 characters)."""

    AUTO_CREATE_TOPIC_KEY_TOPIC = "TBW102"
    RMQ_SYS_SCHEDULE_TOPIC = "SCHEDULE_TOPIC_XXXX"
    RMQ_SYS_BENCHMARK_TOPIC = "BenchmarkTest"
    RMQ_SYS_TRANS_HALF_TOPIC = "RMQ_SYS_TRANS_HALF_TOPIC"
    RMQ_SYS_TRACE_TOPIC = "RMQ_SYS_TRACE_TOPIC"
    RMQ_SYS_TRANS_OP_HALF_TOPIC = "RMQ_SYS_TRANS_OP_HALF_TOPIC"
    RMQ_SYS_TRANS_CHECK_MAX_TIME_TOPIC = "TRANS_CHECK_MAX_TIME_TOPIC"
    RMQ_SYS_SELF_TEST_TOPIC = "SELF_TEST_TOPIC"
    RMQ_SYS_OFFSET_MOVED_EVENT = "OFFSET_MOVED_EVENT"

    SYSTEM_TOPIC_PREFIX = "rmq_sys_"
    TOPIC_MAX_LENGTH = 127

    SYSTEM_TOPIC_SET: Set[str] = {
        AUTO_CREATE_TOPIC_KEY_TOPIC, RMQ_SYS_SCHEDULE_TOPIC, RMQ_SYS_BENCHMARK_TOPIC, RMQ_SYS_TRANS_HALF_TOPIC,
        RMQ_SYS_TRACE_TOPIC, RMQ_SYS_TRANS_OP_HALF_TOPIC, RMQ_SYS_TRANS_CHECK_MAX_TIME_TOPIC,
        RMQ_SYS_SELF_TEST_TOPIC, RMQ_SYS_OFFSET_MOVED_EVENT,
    }
    #: topics a client may not send to
    NOT_ALLOWED_SEND_TOPIC_SET: Set[str] = {
        RMQ_SYS_SCHEDULE_TOPIC, RMQ_SYS_TRANS_HALF_TOPIC, RMQ_SYS_TRANS_OP_HALF_TOPIC,
        RMQ_SYS_TRANS_CHECK_MAX_TIME_TOPIC, RMQ_SYS_SELF_TEST_TOPIC, RMQ_SYS_OFFSET_MOVED_EVENT,
    }

    @staticmethod
    def is_topic_or_group_illegal(s: str) -> bool:
        """Java ``isTopicOrGroupIllegal``: any character outside ``[%|a-zA-Z0-9_-]``."""
        return not _VALID_CHARS.issuperset(s)

    @staticmethod
    def validate_topic(topic: Optional[str], response: RemotingCommand) -> bool:
        """Java ``validateTopic``: on failure set SYSTEM_ERROR and Java's remark on ``response``."""
        if UtilAll.is_blank(topic):
            response.set_code(ResponseCode.SYSTEM_ERROR)
            response.set_remark("The specified topic is blank.")
            return False
        if TopicValidator.is_topic_or_group_illegal(topic):  # type: ignore[arg-type]
            response.set_code(ResponseCode.SYSTEM_ERROR)
            response.set_remark("The specified topic contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$")
            return False
        if len(topic) > TopicValidator.TOPIC_MAX_LENGTH:  # type: ignore[arg-type]
            response.set_code(ResponseCode.SYSTEM_ERROR)
            response.set_remark("The specified topic is longer than topic max length.")
            return False
        return True

    @staticmethod
    def is_system_topic(topic: str, response: Optional[RemotingCommand] = None) -> bool:
        """Java ``isSystemTopic`` (both overloads): a known system topic or one starting with ``rmq_sys_``;
        with ``response``, also set SYSTEM_ERROR and Java's remark."""
        system = topic in TopicValidator.SYSTEM_TOPIC_SET or topic.startswith(TopicValidator.SYSTEM_TOPIC_PREFIX)
        if system and response is not None:
            response.set_code(ResponseCode.SYSTEM_ERROR)
            response.set_remark("The topic[%s] is conflict with system topic." % topic)
        return system

    @staticmethod
    def is_not_allowed_send_topic(topic: str, response: Optional[RemotingCommand] = None) -> bool:
        """Java ``isNotAllowedSendTopic`` (both overloads); with ``response``, also set NO_PERMISSION."""
        forbidden = topic in TopicValidator.NOT_ALLOWED_SEND_TOPIC_SET
        if forbidden and response is not None:
            response.set_code(ResponseCode.NO_PERMISSION)
            response.set_remark("Sending message to topic[%s] is forbidden." % topic)
        return forbidden

    @staticmethod
    def add_system_topic(system_topic: str) -> None:
        """Java ``addSystemTopic``."""
        TopicValidator.SYSTEM_TOPIC_SET.add(system_topic)

    @staticmethod
    def get_system_topic_set() -> Set[str]:
        """Java ``getSystemTopicSet``."""
        return TopicValidator.SYSTEM_TOPIC_SET

    @staticmethod
    def get_not_allowed_send_topic_set() -> Set[str]:
        """Java ``getNotAllowedSendTopicSet``."""
        return TopicValidator.NOT_ALLOWED_SEND_TOPIC_SET
