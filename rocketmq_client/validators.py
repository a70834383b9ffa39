"""Java ``org.apache.rocketmq.client.Validators``: client-side checks of groups, topics and messages."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_client.exception import MQClientException
from rocketmq_common.message.message import Message, check_body, check_flag, check_property, check_topic_type
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.util_all import UtilAll

__all__ = ["Validators"]

_VALID_PATTERN = "^[%|a-zA-Z0-9_-]+$"
_JAVA_INT = range(-(1 << 31), 1 << 31)  # a flag is encoded as a Java int (membership: one C-level test)


class Validators:
    """Static checks raising :class:`MQClientException` with Java's messages."""

    CHARACTER_MAX_LENGTH = 255
    TOPIC_MAX_LENGTH = 127

    @staticmethod
    def check_group(group: Optional[str]) -> None:
        """Java ``checkGroup``: not blank, at most 255 characters, only ``[%|a-zA-Z0-9_-]``."""
        if UtilAll.is_blank(group):
            raise MQClientException("the specified group is blank", None)
        if len(group) > Validators.CHARACTER_MAX_LENGTH:  # type: ignore[arg-type]
            raise MQClientException("the specified group is longer than group max length 255.", None)
        if TopicValidator.is_topic_or_group_illegal(group):  # type: ignore[arg-type]
            raise MQClientException("the specified group[%s] contains illegal characters, allowing only %s"
                                    % (group, _VALID_PATTERN), None)

    @staticmethod
    def check_message(msg: Optional[Message], default_mq_producer: Any) -> None:
        """Java ``checkMessage``: topic valid and allowed, body present, not empty and at most the producer's
        ``get_max_message_size()``; body errors carry ``MESSAGE_ILLEGAL`` (13).

        Beyond Java, what was set on the message's attributes (``set_topic(x)`` or ``msg.topic = x``: they are
        plain, as Java's setters) is checked before anything is sent: the types of topic, flag (and its Java int
        range), body and properties (``TypeError`` naming the field, ``ValueError`` for the flag's range; a
        ``bytearray`` or ``memoryview`` body is copied to ``bytes``) and property names and values holding the
        property separators (``MQClientException`` ``MESSAGE_ILLEGAL``: they would inject other properties)."""
        if msg is None:
            raise MQClientException(ResponseCode.MESSAGE_ILLEGAL, "the message is null")
        if not isinstance(msg, Message):
            raise TypeError("the message must be a Message, not %s" % type(msg).__name__)
        topic = msg.topic
        if type(topic) is not str:
            check_topic_type(topic)
        flag = msg.flag
        if type(flag) is not int or flag not in _JAVA_INT:
            check_flag(flag)
        properties = msg.properties
        if properties:
            # one join and two scans in C; the per-property check (and its message) only on failure
            try:
                text: Optional[str] = "".join([*properties, *properties.values()])
            except (TypeError, AttributeError):
                text = None
            if text is None or "\x01" in text or "\x02" in text:
                Validators._check_properties(properties)
        Validators.check_topic(topic)
        Validators.is_not_allowed_send_topic(topic)
        body = msg.body
        if body is None:
            raise MQClientException(ResponseCode.MESSAGE_ILLEGAL, "the message body is null")
        if type(body) is not bytes:
            msg.body = body = check_body(body) or b""  # not None: checked above
        if len(body) == 0:
            raise MQClientException(ResponseCode.MESSAGE_ILLEGAL, "the message body length is zero")
        max_size = default_mq_producer.get_max_message_size()
        if len(body) > max_size:
            raise MQClientException(ResponseCode.MESSAGE_ILLEGAL,
                                    "the message body size over max value, MAX: %d" % max_size)

    @staticmethod
    def _check_properties(properties: Any) -> None:
        """Raise for the first property name or value that is not a ``str`` (``TypeError``) or holds a property
        separator (``MQClientException`` ``MESSAGE_ILLEGAL``: filled in directly, past the setters' check; see
        :func:`check_property_text`). ``None`` values are skipped, as the encoder does."""
        if not isinstance(properties, dict):
            raise TypeError("the message properties must be a dict of str, not %s" % type(properties).__name__)
        try:
            for name, value in properties.items():
                check_property(name, "" if value is None else value)
        except ValueError as e:
            raise MQClientException(ResponseCode.MESSAGE_ILLEGAL, str(e)) from None

    @staticmethod
    def check_topic(topic: Optional[str]) -> None:
        """Java ``checkTopic``: not blank, at most 127 characters, only ``[%|a-zA-Z0-9_-]``.

        Every send passes here: a non-empty topic of legal characters (none of them blank) within the length
        limit is valid, so that is tested first; Java's tests, in Java's order, only pick the message."""
        if topic and len(topic) <= Validators.TOPIC_MAX_LENGTH and not TopicValidator.is_topic_or_group_illegal(topic):
            return
        if UtilAll.is_blank(topic):
            raise MQClientException("The specified topic is blank", None)
        if len(topic) > Validators.TOPIC_MAX_LENGTH:  # type: ignore[arg-type]
            raise MQClientException("The specified topic is longer than topic max length %d."
                                    % Validators.TOPIC_MAX_LENGTH, None)
        if TopicValidator.is_topic_or_group_illegal(topic):  # type: ignore[arg-type]
            raise MQClientException("The specified topic[%s] contains illegal characters, allowing only %s"
                                    % (topic, _VALID_PATTERN), None)

    @staticmethod
    def is_system_topic(topic: str) -> None:
        """Java ``isSystemTopic``: raise when ``topic`` is a system topic."""
        if TopicValidator.is_system_topic(topic):
            raise MQClientException("The topic[%s] is conflict with system topic." % topic, None)

    @staticmethod
    def is_not_allowed_send_topic(topic: str) -> None:
        """Java ``isNotAllowedSendTopic``: raise when sending to ``topic`` is forbidden."""
        if TopicValidator.is_not_allowed_send_topic(topic):
            raise MQClientException("Sending message to topic[%s] is forbidden." % topic, None)
