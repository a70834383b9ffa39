"""Java ``org.apache.rocketmq.common.TopicConfig``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.topic_filter_type import TopicFilterType
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["TopicConfig"]


class TopicConfig(Bean):
    """A topic's configuration on a broker (queue counts, PermName bits, filter type, TopicSysFlag, order flag).

    :meth:`encode`/:meth:`decode` are Java's space-separated text form
    ``topicName readQueueNums writeQueueNums perm topicFilterType`` (used in compressed broker registrations).
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

    def __init__(self, topic_name: Optional[str] = None, read_queue_nums: Optional[int] = None,
                 write_queue_nums: Optional[int] = None, perm: Optional[int] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.topic_name = topic_name
        self.read_queue_nums = TopicConfig.default_read_queue_nums if read_queue_nums is None else read_queue_nums
        self.write_queue_nums = TopicConfig.default_write_queue_nums if write_queue_nums is None else write_queue_nums
        if perm is not None:
            self.perm = perm

    def encode(self) -> str:
        """Java ``encode``: ``topicName readQueueNums writeQueueNums perm topicFilterType``."""
        filter_type = self.topic_filter_type.name if self.topic_filter_type is not None else "null"
        topic_name = self.topic_name if self.topic_name is not None else "null"
        return self.SEPARATOR.join((topic_name, str(self.read_queue_nums), str(self.write_queue_nums),
                                    str(self.perm), filter_type))

    def decode(self, text: str) -> bool:
        """Java ``decode``: parse the :meth:`encode` form into this object; False unless it has 5 fields.

        Raises ValueError/KeyError for unparsable numbers or an unknown filter type, as Java throws.
        """
        parts = _java_split(text, self.SEPARATOR)
        if len(parts) != 5:
            return False
        self.topic_name = parts[0]
        self.read_queue_nums = int(parts[1])
        self.write_queue_nums = int(parts[2])
        self.perm = int(parts[3])
        self.topic_filter_type = TopicFilterType[parts[4]]
        return True

    def _key(self):
        return (self.topic_name, self.read_queue_nums, self.write_queue_nums, self.perm, self.topic_filter_type,
                self.topic_sys_flag, self.order)

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
                "topicSysFlag=%s, order=%s]" % (
                    self.topic_name, self.read_queue_nums, self.write_queue_nums, PermName.perm2string(self.perm),
                    self.topic_filter_type.name if self.topic_filter_type is not None else None,
                    self.topic_sys_flag, "true" if self.order else "false"))


def _java_split(text: str, sep: str):
    """Java ``String.split`` with a literal separator: trailing empty strings are removed."""
    parts = text.split(sep)
    while parts and parts[-1] == "":
        parts.pop()
    return parts
