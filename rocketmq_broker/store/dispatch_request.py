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

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: str) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_commit_log_offset(self) -> int: return self.commit_log_offset
    def set_commit_log_offset(self, commit_log_offset: int) -> None: self.commit_log_offset = commit_log_offset
    def get_msg_size(self) -> int: return self.msg_size
    def set_msg_size(self, msg_size: int) -> None: self.msg_size = msg_size
    def get_tags_code(self) -> int: return self.tags_code
    def set_tags_code(self, tags_code: int) -> None: self.tags_code = tags_code
    def get_store_timestamp(self) -> int: return self.store_timestamp
    def set_store_timestamp(self, store_timestamp: int) -> None: self.store_timestamp = store_timestamp
    def get_consume_queue_offset(self) -> int: return self.consume_queue_offset
    def set_consume_queue_offset(self, consume_queue_offset: int) -> None:
        self.consume_queue_offset = consume_queue_offset
    def get_keys(self) -> str: return self.keys
    def set_keys(self, keys: str) -> None: self.keys = keys
    def get_success(self) -> bool: return self.success
    def is_success(self) -> bool: return self.success
    def set_success(self, success: bool) -> None: self.success = success
    def get_uniq_key(self) -> str: return self.uniq_key
    def set_uniq_key(self, uniq_key: Optional[str]) -> None: self.uniq_key = uniq_key
    def get_sys_flag(self) -> int: return self.sys_flag
    def set_sys_flag(self, sys_flag: int) -> None: self.sys_flag = sys_flag
    def get_prepared_transaction_offset(self) -> int: return self.prepared_transaction_offset
    def set_prepared_transaction_offset(self, prepared_transaction_offset: int) -> None:
        self.prepared_transaction_offset = prepared_transaction_offset
    def get_properties_map(self) -> Dict[str, str]: return self.properties_map
    def set_properties_map(self, properties_map: Optional[Dict[str, str]]) -> None: self.properties_map = properties_map
    def get_bit_map(self) -> bytes: return self.bit_map
    def set_bit_map(self, bit_map: Optional[bytes]) -> None: self.bit_map = bit_map
    def get_buffer_size(self) -> int: return self.buffer_size
    def set_buffer_size(self, buffer_size: int) -> None: self.buffer_size = buffer_size

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
