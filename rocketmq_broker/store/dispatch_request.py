"""Java ``org.apache.rocketmq.store.DispatchRequest``: one appended record, as the dispatchers see it."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_remoting.common.bean import Bean, MapOf, Prop

__all__ = ["DispatchRequest"]


class DispatchRequest(Bean):
    """Fields of a record needed to build its consume-queue entry and index entries.

    :meth:`of_size` is Java's ``DispatchRequest(size, success)`` for "not a message here" (``size`` 0 with
    success: the end-of-segment marker; ``size`` -1: a bad record; ``size`` > 0 without success: the record's
    declared size does not match its fields)."""

    topic = Prop(str, "")
    queue_id = Prop(int, 0)
    commit_log_offset = Prop(int, 0)
    msg_size = Prop(int, 0)
    tags_code = Prop(int, 0)
    store_timestamp = Prop(int, 0)
    consume_queue_offset = Prop(int, 0)
    keys = Prop(str, "")
    success = Prop(bool, False)
    uniq_key = Prop(str)
    sys_flag = Prop(int, 0)
    prepared_transaction_offset = Prop(int, 0)
    properties_map = Prop(MapOf(str, str))
    bit_map = Prop(bytes)
    buffer_size = Prop(int, -1)

    def __init__(self, topic: str = "", queue_id: int = 0, commit_log_offset: int = 0,
                 msg_size: int = 0, tags_code: int = 0, store_timestamp: int = 0, consume_queue_offset: int = 0,
                 keys: Optional[str] = "", uniq_key: Optional[str] = None, sys_flag: int = 0,
                 prepared_transaction_offset: int = 0, properties_map: Optional[Dict[str, str]] = None) -> None:
        self.topic = topic
        self.queue_id = queue_id
        self.commit_log_offset = commit_log_offset
        self.msg_size = msg_size
        self.tags_code = tags_code
        self.store_timestamp = store_timestamp
        self.consume_queue_offset = consume_queue_offset
        self.keys = keys
        self.uniq_key = uniq_key
        self.sys_flag = sys_flag
        self.prepared_transaction_offset = prepared_transaction_offset
        self.success = True
        self.properties_map = properties_map
        self.bit_map = None
        self.buffer_size = -1

    @classmethod
    def of_size(cls, size: int, success: bool = False) -> "DispatchRequest":
        """Java ``DispatchRequest(int size, boolean success)``: no message at this position."""
        request = cls(msg_size=size)
        request.success = success
        return request
