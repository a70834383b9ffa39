"""Java ``org.apache.rocketmq.common.message.Message``: what a producer sends."""
from __future__ import annotations

from typing import Any, Dict, Iterable, Optional, Union

from rocketmq_common.message.message_const import MessageConst
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

__all__ = ["Message"]


_PROPERTY_TAGS = MessageConst.PROPERTY_TAGS
_PROPERTY_WAIT_STORE_MSG_OK = MessageConst.PROPERTY_WAIT_STORE_MSG_OK
_INT_MIN = -(1 << 31)
_INT_MAX = (1 << 31) - 1


def _type_error(parameter: str, expected: str, value: Any) -> TypeError:
    return TypeError("%s must be %s, not %s" % (parameter, expected, type(value).__name__))


def check_body(body: Any) -> Optional[bytes]:
    """``body`` as the encoder takes it: ``bytes`` (or ``None``) as given, a ``bytearray`` or ``memoryview``
    copied to ``bytes`` (so the sender's buffer can change afterwards and the size is its byte count); anything
    else raises ``TypeError``."""
    if body is None or isinstance(body, bytes):
        return body
    if isinstance(body, (bytearray, memoryview)):
        return bytes(body)
    if isinstance(body, str):
        raise TypeError("body must be bytes; encode str with .encode()")
    raise _type_error("body", "bytes (or bytearray / memoryview)", body)


def check_topic_type(topic: Any) -> None:
    """Raise ``TypeError`` unless ``topic`` is a ``str`` or ``None`` (its characters are Validators' part)."""
    if topic is not None and not isinstance(topic, str):
        raise _type_error("topic", "a str", topic)


def check_flag(flag: Any) -> None:
    """Raise ``TypeError`` unless ``flag`` is an ``int`` within Java's int range (it is encoded as one)."""
    if not isinstance(flag, int) or isinstance(flag, bool):
        raise _type_error("flag", "an int", flag)
    if not _INT_MIN <= flag <= _INT_MAX:
        raise ValueError("flag must fit a Java int (%d..%d), not %d" % (_INT_MIN, _INT_MAX, flag))


def _join_keys(keys: Any) -> str:
    """A collection of keys joined by ``KEY_SEPARATOR``; ``TypeError`` unless it is an iterable of ``str``."""
    if isinstance(keys, (bytes, bytearray)) or not hasattr(keys, "__iter__"):
        raise _type_error("keys", "a str or an iterable of str", keys)
    keys = list(keys)
    for key in keys:
        if not isinstance(key, str):
            raise _type_error("each of keys", "a str", key)
    return MessageConst.KEY_SEPARATOR.join(keys)


def check_property_text(value: Any, parameter: str) -> None:
    """``value`` as a property name or value: a ``str`` (``TypeError`` otherwise) without the property
    encoding's separators ``\\x01`` and ``\\x02``: such a character would end the property in the encoded
    form and let the rest of the text add or replace properties (``TAGS``, ``DELAY``, ``TRAN_MSG``), so it
    raises ``ValueError`` naming ``parameter`` (Java's setters throw IllegalArgumentException for the values
    they refuse; Java does not check this one). At send time ``Validators.check_message`` turns it into
    ``MQClientException`` (``MESSAGE_ILLEGAL``) for properties filled in directly."""
    if not isinstance(value, str):
        raise _type_error(parameter, "a str", value)
    if "\x01" in value or "\x02" in value:
        raise ValueError("%s must not contain the property separators \\x01 or \\x02: %r" % (parameter, value))


def check_property(name: Any, value: Any) -> None:
    """:func:`check_property_text` of a property's name and value (the message built only on failure). Every
    ``put_property`` passes here: one concatenation (it fails or is no ``str`` unless both are ``str``) and two
    scans of it in C, the per-part check only when those find something."""
    try:
        text = name + value
    except TypeError:
        text = None
    if type(text) is not str or "\x01" in text or "\x02" in text:
        check_property_text(name, "property name")
        check_property_text(value, "the value of property %r" % name)


class Message(Bean):
    """A message: topic, user flag, properties (an insertion-ordered dict), body and transaction id.

    Positional arguments follow the Java constructors ``Message(topic, body)``, ``Message(topic, tags, body)``,
    ``Message(topic, tags, keys, body)`` and ``Message(topic, tags, keys, flag, body, waitStoreMsgOK)``, so
    ``Message("TopicTest", "TagA", b"Hello")`` ports line by line; keywords (``body=``, ``tags=``, ``keys=``,
    ``flag=``, ``wait_store_msg_ok=``) work too. Like Java's constructors it sets ``WAIT``, except ``Message()``
    with no arguments (Java's empty constructor).
    ``keys`` may be a string or a collection of strings (joined by a space).

    The constructor checks its arguments: a ``body`` that is not bytes (``bytearray`` and ``memoryview`` are
    copied to ``bytes``), a topic, tag or key that is not a ``str`` or a flag that is not an ``int`` raise
    ``TypeError`` naming the parameter, tags and keys containing the property separators ``ValueError`` (see
    :func:`check_property_text`); so do the methods that put properties (``set_tags``, ``set_keys``,
    ``put_user_property``, ``put_property``). The attributes topic, flag and body are plain: ``set_topic(x)``
    and ``msg.topic = x`` both store ``x``, as Java's setters do, and ``Validators.check_message`` checks them
    before anything is sent (``TypeError`` naming the field). (A check on every assignment would cost every
    message built and every broker-side write: ``__setattr__`` measured +7% Python instructions per sync send,
    +13% per broker-side store; see benchmarks/README.md.)
    """

    topic = Prop(str)
    flag = Prop(int, 0)
    properties = Prop(MapOf(str, str))
    body = Prop(bytes)
    transaction_id = Prop(str)

    def get_topic(self) -> str: return self.topic
    def get_flag(self) -> int: return self.flag
    def get_properties(self) -> Dict[str, str]: return self.properties
    def set_properties(self, properties: Optional[Dict[str, str]]) -> None: self.properties = properties
    def get_body(self) -> bytes: return self.body
    def get_transaction_id(self) -> str: return self.transaction_id
    def set_transaction_id(self, transaction_id: Optional[str]) -> None: self.transaction_id = transaction_id

    def __init__(self, topic: Optional[str] = None, *args: Any, body: Optional[bytes] = None,
                 tags: Optional[str] = None, keys: Union[str, Iterable[str], None] = None, flag: int = 0,
                 wait_store_msg_ok: bool = True) -> None:
        # the Java constructors, by number of arguments after the topic (unpacked directly: every message sent
        # is built here)
        n = len(args)
        if n == 2:
            tags, body = args
        elif n == 1:
            body = args[0]
        elif n == 3:
            tags, keys, body = args
        elif n == 5:
            tags, keys, flag, body, wait_store_msg_ok = args
        elif n:
            raise TypeError("Message takes (topic, body), (topic, tags, body), (topic, tags, keys, body) or "
                            "(topic, tags, keys, flag, body, wait_store_msg_ok) positionally, like Java")
        if topic is not None and type(topic) is not str:
            check_topic_type(topic)
        if type(flag) is not int or not _INT_MIN <= flag <= _INT_MAX:
            check_flag(flag)
        if body is not None and type(body) is not bytes:
            body = check_body(body)
        self.topic = topic
        self.flag = flag
        self.body = body
        # the properties written directly, checked inline (check_property_text raises with the message)
        properties: Optional[Dict[str, str]] = None
        if tags is not None:
            if type(tags) is not str or "\x01" in tags or "\x02" in tags:
                check_property_text(tags, "tags")
            if tags:
                properties = {_PROPERTY_TAGS: tags}
        if keys is not None:
            if not isinstance(keys, str):
                keys = _join_keys(keys)
            if keys:
                if "\x01" in keys or "\x02" in keys:
                    check_property_text(keys, "keys")
                if properties is None:
                    properties = {}
                properties[MessageConst.PROPERTY_KEYS] = keys
        if topic is not None or body is not None or n or not wait_store_msg_ok:
            # every Java constructor but the no-argument one sets WAIT
            if properties is None:
                properties = {}
            properties[_PROPERTY_WAIT_STORE_MSG_OK] = "true" if wait_store_msg_ok else "false"
        self.properties = properties

    def set_topic(self, topic: str) -> None:
        """Java ``setTopic``: as ``msg.topic = topic`` (checked at send, see the class docstring)."""
        self.topic = topic

    def set_body(self, body: Optional[bytes]) -> None:
        """Java ``setBody``: as ``msg.body = body`` (checked at send)."""
        self.body = body

    def set_flag(self, flag: int) -> None:
        """Java ``setFlag``: as ``msg.flag = flag`` (checked at send)."""
        self.flag = flag

    # ------------------------------------------------------------------ properties

    def put_property(self, name: str, value: str) -> None:
        """Java ``putProperty`` (package-private there): set a property without the reserved-name check; the
        name and value must be ``str`` without the property separators (:func:`check_property_text`)."""
        check_property(name, value)
        props = self.properties
        if props is None:
            self.properties = props = {}
        props[name] = value

    def clear_property(self, name: str) -> None:
        """Java ``clearProperty`` (package-private there)."""
        if self.properties is not None:
            self.properties.pop(name, None)

    def put_user_property(self, name: str, value: str) -> None:
        """Java ``putUserProperty``: reserved names (``MessageConst.STRING_HASH_SET``) and blank names or
        values raise ``ValueError`` with Java's message; names and values that are not ``str`` raise ``TypeError``
        and the property separators ``ValueError`` (:func:`check_property_text`)."""
        if name is not None and not isinstance(name, str):
            raise _type_error("property name", "a str", name)
        if value is not None and not isinstance(value, str):
            raise _type_error("the value of property %r" % name, "a str", value)
        if name in MessageConst.STRING_HASH_SET:
            raise ValueError("The Property<%s> is used by system, input another please" % name)
        if value is None or not value.strip() or name is None or not name.strip():
            raise ValueError("The name or value of property can not be null or blank string!")
        self.put_property(name, value)

    def get_user_property(self, name: str) -> Optional[str]:
        """Java ``getUserProperty``."""
        return self.get_property(name)

    def get_property(self, name: str) -> Optional[str]:
        """Java ``getProperty``."""
        props = self.properties
        if props is None:
            self.properties = props = {}
        return props.get(name)

    # ------------------------------------------------------------------ well-known properties

    def get_tags(self) -> Optional[str]:
        """Java ``getTags``."""
        return self.get_property(MessageConst.PROPERTY_TAGS)

    def set_tags(self, tags: str) -> None:
        """Java ``setTags``; see :func:`check_property_text`."""
        check_property_text(tags, "tags")
        self.put_property(MessageConst.PROPERTY_TAGS, tags)

    def get_keys(self) -> Optional[str]:
        """Java ``getKeys``: the keys joined by spaces."""
        return self.get_property(MessageConst.PROPERTY_KEYS)

    def set_keys(self, keys: Union[str, Iterable[str]]) -> None:
        """Java ``setKeys(String)`` and ``setKeys(Collection<String>)`` (joined by ``KEY_SEPARATOR``); anything
        else raises ``TypeError``, a key with a property separator ``ValueError``."""
        if not isinstance(keys, str):
            keys = _join_keys(keys)
        check_property_text(keys, "keys")
        self.put_property(MessageConst.PROPERTY_KEYS, keys)

    def get_delay_time_level(self) -> int:
        """Java ``getDelayTimeLevel``: 0 when not set."""
        t = self.get_property(MessageConst.PROPERTY_DELAY_TIME_LEVEL)
        return int(t) if t is not None else 0

    def set_delay_time_level(self, level: int) -> None:
        """Java ``setDelayTimeLevel``."""
        self.put_property(MessageConst.PROPERTY_DELAY_TIME_LEVEL, str(level))

    def _get_long_property(self, name: str) -> int:
        t = self.get_property(name)
        return int(t) if t is not None else 0

    def _put_long_property(self, name: str, value: int, parameter: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _type_error(parameter, "an int", value)
        self.put_property(name, str(value))

    def set_delay_time_sec(self, sec: int) -> None:
        """Java 5.3.3 ``setDelayTimeSec``: deliver ``sec`` seconds after the broker stores the message (the
        broker's timer wheel, ``TIMER_DELAY_SEC``; a 4.9.7 broker ignores it)."""
        self._put_long_property(MessageConst.PROPERTY_TIMER_DELAY_SEC, sec, "sec")

    def get_delay_time_sec(self) -> int:
        """Java 5.3.3 ``getDelayTimeSec``: 0 when not set."""
        return self._get_long_property(MessageConst.PROPERTY_TIMER_DELAY_SEC)

    def set_delay_time_ms(self, time_ms: int) -> None:
        """Java 5.3.3 ``setDelayTimeMs``: deliver ``time_ms`` milliseconds after the broker stores the message
        (``TIMER_DELAY_MS``; the broker's precision is ``timerPrecisionMs``, 1 s by default)."""
        self._put_long_property(MessageConst.PROPERTY_TIMER_DELAY_MS, time_ms, "time_ms")

    def get_delay_time_ms(self) -> int:
        """Java 5.3.3 ``getDelayTimeMs``: 0 when not set."""
        return self._get_long_property(MessageConst.PROPERTY_TIMER_DELAY_MS)

    def set_deliver_time_ms(self, time_ms: int) -> None:
        """Java 5.3.3 ``setDeliverTimeMs``: deliver at this epoch time in milliseconds (``TIMER_DELIVER_MS``)."""
        self._put_long_property(MessageConst.PROPERTY_TIMER_DELIVER_MS, time_ms, "time_ms")

    def get_deliver_time_ms(self) -> int:
        """Java 5.3.3 ``getDeliverTimeMs``: 0 when not set."""
        return self._get_long_property(MessageConst.PROPERTY_TIMER_DELIVER_MS)

    def is_wait_store_msg_ok(self) -> bool:
        """Java ``isWaitStoreMsgOK``: true unless ``WAIT`` is set to something other than ``true``."""
        result = self.get_property(MessageConst.PROPERTY_WAIT_STORE_MSG_OK)
        return True if result is None else result.lower() == "true"

    def set_wait_store_msg_ok(self, wait_store_msg_ok: bool) -> None:
        """Java ``setWaitStoreMsgOK``."""
        self.put_property(MessageConst.PROPERTY_WAIT_STORE_MSG_OK, "true" if wait_store_msg_ok else "false")

    def set_instance_id(self, instance_id: str) -> None:
        """Java ``setInstanceId``."""
        self.put_property(MessageConst.PROPERTY_INSTANCE_ID, instance_id)

    def get_buyer_id(self) -> Optional[str]:
        """Java ``getBuyerId``."""
        return self.get_property(MessageConst.PROPERTY_BUYER_ID)

    def set_buyer_id(self, buyer_id: str) -> None:
        """Java ``setBuyerId``."""
        self.put_property(MessageConst.PROPERTY_BUYER_ID, buyer_id)

    def _body_repr(self) -> str:
        return "null" if self.body is None else "<%d bytes>" % len(self.body)

    def _properties_repr(self) -> str:
        """The properties as Java's ``Map.toString`` writes them: ``{KEY=value, ...}`` (``null`` when none)."""
        if self.properties is None:
            return "null"
        return "{%s}" % ", ".join("%s=%s" % item for item in self.properties.items())

    def __repr__(self) -> str:
        """Java ``toString`` (the body as its length instead of every byte)."""
        return "Message{topic='%s', flag=%s, properties=%s, body=%s, transactionId='%s'}" % (
            self.topic, self.flag, self._properties_repr(), self._body_repr(),
            "null" if self.transaction_id is None else self.transaction_id)
