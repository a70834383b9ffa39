"""Java ``org.apache.rocketmq.remoting.protocol.body.BatchAck`` (5.3.3): one checkpoint's acks in a
BATCH_ACK_MESSAGE body."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["BatchAck"]


class BatchAck(Bean):
    """The acks of the messages of one popped batch (same retry flag, queue, checkpoint offset and pop time).

    Java writes the fields under one- or two-letter JSON names (``c``, ``t``, ``r``, ``so``, ``q``, ``rq``, ``pt``,
    ``it``, ``b``) and reads the long names too (``alternateNames``). ``bit_set`` is Java's ``BitSet`` as
    ``BitSet.toByteArray`` gives it (little-endian bytes, Base64 on the wire): bit ``i`` acks the message at
    ``start_offset + i``; ``mask.to_bytes((mask.bit_length() + 7) // 8, "little")`` builds it from an int mask,
    ``int.from_bytes(bit_set, "little")`` reads it back.
    """

    consumer_group = Prop(str, wire="c")
    topic = Prop(str, wire="t")
    retry = Prop(str, wire="r")
    start_offset = Prop(int, 0, wire="so")
    queue_id = Prop(int, 0, wire="q")
    revive_queue_id = Prop(int, 0, wire="rq")
    pop_time = Prop(int, 0, wire="pt")
    invisible_time = Prop(int, 0, wire="it")
    bit_set = Prop(bytes, wire="b")

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_retry(self) -> str: return self.retry
    def set_retry(self, retry: Optional[str]) -> None: self.retry = retry
    def get_start_offset(self) -> int: return self.start_offset
    def set_start_offset(self, start_offset: int) -> None: self.start_offset = start_offset
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_revive_queue_id(self) -> int: return self.revive_queue_id
    def set_revive_queue_id(self, revive_queue_id: int) -> None: self.revive_queue_id = revive_queue_id
    def get_pop_time(self) -> int: return self.pop_time
    def set_pop_time(self, pop_time: int) -> None: self.pop_time = pop_time
    def get_invisible_time(self) -> int: return self.invisible_time
    def set_invisible_time(self, invisible_time: int) -> None: self.invisible_time = invisible_time
    def get_bit_set(self) -> bytes: return self.bit_set
    def set_bit_set(self, bit_set: Optional[bytes]) -> None: self.bit_set = bit_set

    def __repr__(self) -> str:
        return ("BatchAck{consumerGroup='%s', topic='%s', retry='%s', startOffset=%d, queueId=%d, reviveQueueId=%d, "
                "popTime=%d, invisibleTime=%d, bitSet=%s}" % (
                    self.consumer_group, self.topic, self.retry, self.start_offset, self.queue_id,
                    self.revive_queue_id, self.pop_time, self.invisible_time, _bit_set_string(self.bit_set)))


def _bit_set_string(bit_set: Optional[bytes]) -> str:
    """Java ``BitSet.toString``: ``{0, 3, 5}``."""
    if bit_set is None:
        return "null"
    mask = int.from_bytes(bit_set, "little")
    return "{%s}" % ", ".join(str(i) for i in range(mask.bit_length()) if mask >> i & 1)


# fastjson's alternateNames: the long field names are read too
BatchAck._props_by_wire = dict(BatchAck._props_by_wire, **{camel: BatchAck._props_by_name[name] for name, camel in (
    ("consumer_group", "consumerGroup"), ("topic", "topic"), ("retry", "retry"), ("start_offset", "startOffset"),
    ("queue_id", "queueId"), ("revive_queue_id", "reviveQueueId"), ("pop_time", "popTime"),
    ("invisible_time", "invisibleTime"), ("bit_set", "bitSet"))})
