"""Java ``org.apache.rocketmq.common.message.Message``: what a producer sends."""
from __future__ import annotations

from typing import Any, Dict, Iterable, Optional, Union

from rocketmq_common.message.message_const import MessageConst
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

__all__ = ["Message"]


_PROPERTY_TAGS = MessageConst.PROPERTY_TAGS
_PROPERTY_WAIT_STORE_MSG_OK = MessageConst.PROPERTY_WAIT_STORE_MSG_OK


class Message(Bean):
    """A message: topic, user flag, properties (an insertion-ordered dict), body and transaction id.

    Positional arguments follow the Java constructors ``Message(topic, body)``, ``Message(topic, tags, body)``,
    ``Message(topic, tags, keys, body)`` and ``Message(topic, tags, keys, flag, body, waitStoreMsgOK)``, so
    ``Message("TopicTest", "TagA", b"Hello")`` ports line by line; keywords (``body=``, ``tags=``, ``keys=``,
    ``flag=``, ``wait_store_msg_ok=``) work too. Like Java's constructors it sets ``WAIT``, except ``Message()``
    with no arguments (Java's empty constructor).
    ``keys`` may be a string or a collection of strings (joined by a space).
    """

    topic = Prop(str)
    flag = Prop(int, 0)
    properties = Prop(MapOf(str, str))
    body = Prop(bytes)
    transaction_id = Prop(str)

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
        self.topic = topic
        self.flag = flag
        self.body = body
        self.properties: Optional[Dict[str, str]] = {_PROPERTY_TAGS: tags} if tags else None
        if keys:
            self.set_keys(keys)
        if topic is not None or body is not None or n or not wait_store_msg_ok:
            # every Java constructor but the no-argument one sets WAIT
            self.put_property(_PROPERTY_WAIT_STORE_MSG_OK, "true" if wait_store_msg_ok else "false")

    # ------------------------------------------------------------------ properties

    def put_property(self, name: str, value: str) -> None:
        """Java ``putProperty`` (package-private there): set a property without the reserved-name check."""
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
        values raise ``ValueError`` with Java's message."""
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
        """Java ``setTags``."""
        self.put_property(MessageConst.PROPERTY_TAGS, tags)

    def get_keys(self) -> Optional[str]:
        """Java ``getKeys``: the keys joined by spaces."""
        return self.get_property(MessageConst.PROPERTY_KEYS)

    def set_keys(self, keys: Union[str, Iterable[str]]) -> None:
        """Java ``setKeys(String)`` and ``setKeys(Collection<String>)`` (joined by ``KEY_SEPARATOR``)."""
        if not isinstance(keys, str):
            keys = MessageConst.KEY_SEPARATOR.join(keys)
        self.put_property(MessageConst.PROPERTY_KEYS, keys)

    def get_delay_time_level(self) -> int:
        """Java ``getDelayTimeLevel``: 0 when not set."""
        t = self.get_property(MessageConst.PROPERTY_DELAY_TIME_LEVEL)
        return int(t) if t is not None else 0

    def set_delay_time_level(self, level: int) -> None:
        """Java ``setDelayTimeLevel``."""
        self.put_property(MessageConst.PROPERTY_DELAY_TIME_LEVEL, str(level))

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
