"""Java 5.3.3 ``org.apache.rocketmq.common.producer.RecallMessageHandle``: the handle a broker returns in the
``SendResult`` of a delayed (timer) message, which ``DefaultMQProducer.recall_message`` hands back to cancel it.

Version 1 is ``"v1 <topic> <brokerName> <timestamp> <messageId>"`` (space-separated: the real topic, the broker that
stored the message, the slot's deliver time in ms plus one, the message's ``UNIQ_KEY``) in URL-safe Base64 with
padding. Only delayed messages can be recalled (5.3.3).
"""
from __future__ import annotations

import base64
import binascii
import re
from typing import Optional, Type

__all__ = ["RecallMessageHandle", "HandleV1", "DecoderException"]

_SEPARATOR = " "
_VERSION_1 = "v1"
#: what Java's ``Base64.getUrlDecoder()`` accepts: the URL-safe alphabet, then at most two '=' of padding
_URL_BASE64 = re.compile(r"[A-Za-z0-9_-]*={0,2}\Z")


class DecoderException(ValueError):
    """Java ``org.apache.commons.codec.DecoderException`` (what ``decodeHandle`` throws): a recall handle that is
    empty, not URL-safe Base64, or not a v1 handle. A ValueError, so Python code may catch it as one."""


def _java_split(raw: str) -> list:
    """Java ``String.split(" ")``: the pieces without the trailing empty ones (an empty string is one piece)."""
    items = raw.split(_SEPARATOR)
    if raw:
        while items and items[-1] == "":
            items.pop()
    return items


class RecallMessageHandle:
    """Java ``RecallMessageHandle``: :meth:`decode_handle` parses a handle; the v1 form is
    :class:`RecallMessageHandle.HandleV1`."""

    __slots__ = ()

    #: Java's nested class ``RecallMessageHandle.HandleV1`` (set below the module's :class:`HandleV1`: a subclass
    #: cannot be defined inside its base's body)
    HandleV1: "Type[HandleV1]"

    @staticmethod
    def decode_handle(handle: Optional[str]) -> "RecallMessageHandle":
        """Java ``decodeHandle``: the :class:`HandleV1` of ``handle``; DecoderException("recall handle is
        invalid") when it is None or empty, not URL-safe Base64, or not ``v1`` with four fields."""
        if not handle:
            raise DecoderException("recall handle is invalid")
        if not _URL_BASE64.match(handle):
            raise DecoderException("recall handle is invalid")
        try:
            data = base64.urlsafe_b64decode(handle + "=" * (-len(handle) % 4))
        except (binascii.Error, ValueError):
            raise DecoderException("recall handle is invalid") from None
        items = _java_split(data.decode("utf-8", errors="replace"))  # Java's new String(bytes, UTF_8) replaces
        if not items or items[0] != _VERSION_1 or len(items) < 5:
            raise DecoderException("recall handle is invalid")
        return HandleV1(items[1], items[2], items[3], items[4])


class HandleV1(RecallMessageHandle):
    """Java ``RecallMessageHandle.HandleV1``: version, topic, broker name, timestamp string and message id (the
    ``UNIQ_KEY``)."""

    __slots__ = ("_version", "_topic", "_broker_name", "_timestamp_str", "_message_id")

    def __init__(self, topic: str, broker_name: str, timestamp: str, message_id: str) -> None:
        self._version = _VERSION_1
        self._topic = topic
        self._broker_name = broker_name
        self._timestamp_str = timestamp
        self._message_id = message_id

    @staticmethod
    def build_handle(topic: str, broker_name: str, timestamp_str: str, message_id: str) -> str:
        """Java ``buildHandle`` (no check of its arguments): the v1 handle, URL-safe Base64 with padding."""
        raw = _SEPARATOR.join((_VERSION_1, topic, broker_name, timestamp_str, message_id))
        return base64.urlsafe_b64encode(raw.encode("utf-8")).decode("ascii")

    def get_topic(self) -> str:
        """Java ``getTopic``: the message's real topic."""
        return self._topic

    def get_broker_name(self) -> str:
        """Java ``getBrokerName``: the broker holding the message."""
        return self._broker_name

    def get_timestamp_str(self) -> str:
        """Java ``getTimestampStr``: the deliver time, ms (as text)."""
        return self._timestamp_str

    def get_message_id(self) -> str:
        """Java ``getMessageId``: the message's unique key."""
        return self._message_id

    def get_version(self) -> str:
        """Java ``getVersion``: ``"v1"``."""
        return self._version

    def __repr__(self) -> str:
        return "HandleV1(topic=%r, broker_name=%r, timestamp_str=%r, message_id=%r)" % (
            self._topic, self._broker_name, self._timestamp_str, self._message_id)


HandleV1.__qualname__ = "RecallMessageHandle.HandleV1"
RecallMessageHandle.HandleV1 = HandleV1
