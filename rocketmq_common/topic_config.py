"""Java ``org.apache.rocketmq.common.TopicConfig`` as of 5.3.3 (with the topic's ``attributes``)."""
from __future__ import annotations

from typing import Any, Dict, Optional

import json

from rocketmq_common.attribute.topic_message_type import TopicMessageType
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.topic_attributes import TopicAttributes
from rocketmq_common.topic_filter_type import TopicFilterType
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

__all__ = ["TopicConfig"]


class TopicConfig(Bean):
    """A topic's configuration on a broker (queue counts, PermName bits, filter type, TopicSysFlag, order flag, and
    5.3.3's ``attributes``, see :class:`TopicAttributes`; a 4.9.7 broker ignores and never sends them).

    :meth:`encode`/:meth:`decode` are Java 5.3.3's space-separated text form
    ``topicName readQueueNums writeQueueNums perm topicFilterType {attributes JSON}`` (used in compressed broker
    registrations; the 5 fields of 4.9.7 decode too).
    Equal and hashed by every field, as in Java.
    """

    SEPARATOR = " "
    #: Java ``TopicConfig.defaultReadQueueNums`` / ``defaultWriteQueueNums`` (mutable statics)
    default_read_queue_nums = 16
    default_write_queue_nums = 16

    topic_name = Prop(str)
    read_queue_nums = Prop(int, 16)
    write_queue_nums = Prop(int, 16)
    perm = Prop(int, PermName.PERM_READ | PermName.PERM_WRITE)
    topic_filter_type = Prop(TopicFilterType, TopicFilterType.SINGLE_TAG)
    topic_sys_flag = Prop(int, 0)
    order = Prop(bool, False)
    #: 5.3.3: e.g. ``{"message.type": "FIFO"}`` on a broker; a request to create or update a topic carries the
    #: changes, ``{"+message.type": "FIFO", "-reserve.time": ""}`` (see AttributeParser)
    attributes = Prop(MapOf(str, str), {})

    def get_topic_name(self) -> str: return self.topic_name
    def set_topic_name(self, topic_name: Optional[str]) -> None: self.topic_name = topic_name
    def get_read_queue_nums(self) -> int: return self.read_queue_nums
    def set_read_queue_nums(self, read_queue_nums: int) -> None: self.read_queue_nums = read_queue_nums
    def get_write_queue_nums(self) -> int: return self.write_queue_nums
    def set_write_queue_nums(self, write_queue_nums: int) -> None: self.write_queue_nums = write_queue_nums
    def get_perm(self) -> int: return self.perm
    def set_perm(self, perm: int) -> None: self.perm = perm
    def get_topic_filter_type(self) -> TopicFilterType: return self.topic_filter_type
    def set_topic_filter_type(self, topic_filter_type: TopicFilterType) -> None:
        self.topic_filter_type = topic_filter_type
    def get_topic_sys_flag(self) -> int: return self.topic_sys_flag
    def set_topic_sys_flag(self, topic_sys_flag: int) -> None: self.topic_sys_flag = topic_sys_flag
    def get_order(self) -> bool: return self.order
    def is_order(self) -> bool: return self.order
    def set_order(self, order: bool) -> None: self.order = order
    def get_attributes(self) -> Dict[str, str]: return self.attributes
    def set_attributes(self, attributes: Dict[str, str]) -> None: self.attributes = attributes

    def __init__(self, topic_name: Optional[str] = None, read_queue_nums: Optional[int] = None,
                 write_queue_nums: Optional[int] = None, perm: Optional[int] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.topic_name = topic_name
        self.read_queue_nums = TopicConfig.default_read_queue_nums if read_queue_nums is None else read_queue_nums
        self.write_queue_nums = TopicConfig.default_write_queue_nums if write_queue_nums is None else write_queue_nums
        if perm is not None:
            self.perm = perm

    def encode(self) -> str:
        """Java 5.3.3 ``encode``: ``topicName readQueueNums writeQueueNums perm topicFilterType {attributes}``."""
        filter_type = self.topic_filter_type.name if self.topic_filter_type is not None else "null"
        topic_name = self.topic_name if self.topic_name is not None else "null"
        attributes = "" if self.attributes is None else json.dumps(self.attributes, separators=(",", ":"))
        return self.SEPARATOR.join((topic_name, str(self.read_queue_nums), str(self.write_queue_nums),
                                    str(self.perm), filter_type, attributes))

    def decode(self, text: str) -> bool:
        """Java 5.3.3 ``decode``: parse the :meth:`encode` form (or 4.9.7's, without attributes) into this object;
        False with fewer than 5 fields. Attributes that do not parse are ignored, as Java ignores them.

        Raises ValueError/KeyError for unparsable numbers or an unknown filter type, as Java throws.
        """
        parts = _java_split(text, self.SEPARATOR)
        if len(parts) < 5:
            return False
        self.topic_name = parts[0]
        self.read_queue_nums = int(parts[1])
        self.write_queue_nums = int(parts[2])
        self.perm = int(parts[3])
        self.topic_filter_type = TopicFilterType[parts[4]]
        if len(parts) >= 6:
            try:
                attributes = json.loads(parts[5])
            except ValueError:
                attributes = None  # a key or value with a space: Java ignores the failure too
            if isinstance(attributes, dict):
                self.attributes = {str(k): str(v) for k, v in attributes.items()}
        return True

    def get_topic_message_type(self) -> TopicMessageType:
        """Java 5.3.3 ``getTopicMessageType``: the ``message.type`` attribute (NORMAL without one)."""
        content = (self.attributes or {}).get(TopicAttributes.TOPIC_MESSAGE_TYPE_ATTRIBUTE.get_name())
        return TopicMessageType.NORMAL if content is None else TopicMessageType[content]

    def set_topic_message_type(self, topic_message_type: TopicMessageType) -> None:
        """Java 5.3.3 ``setTopicMessageType``."""
        self.attributes[TopicAttributes.TOPIC_MESSAGE_TYPE_ATTRIBUTE.get_name()] = topic_message_type.get_value()

    def _key(self):
        return (self.topic_name, self.read_queue_nums, self.write_queue_nums, self.perm, self.topic_filter_type,
                self.topic_sys_flag, self.order, tuple(sorted((self.attributes or {}).items())))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return ("TopicConfig [topicName=%s, readQueueNums=%s, writeQueueNums=%s, perm=%s, topicFilterType=%s, "
                "topicSysFlag=%s, order=%s, attributes=%s]" % (
                    self.topic_name, self.read_queue_nums, self.write_queue_nums, PermName.perm2string(self.perm),
                    self.topic_filter_type.name if self.topic_filter_type is not None else None,
                    self.topic_sys_flag, "true" if self.order else "false", _java_map_string(self.attributes)))


def _java_map_string(attributes: Optional[Dict[str, str]]) -> str:
    """Java ``HashMap.toString``: ``{k1=v1, k2=v2}`` in the map's iteration order."""
    if attributes is None:
        return "null"
    return "{%s}" % ", ".join("%s=%s" % kv for kv in java_hash_map_order(attributes).items())


def _java_split(text: str, sep: str):
    """Java ``String.split`` with a literal separator: trailing empty strings are removed."""
    parts = text.split(sep)
    while parts and parts[-1] == "":
        parts.pop()
    return parts
