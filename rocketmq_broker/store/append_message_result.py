"""Java ``org.apache.rocketmq.store.AppendMessageResult``."""
from __future__ import annotations

from typing import Callable, Optional

from rocketmq_broker.store.append_message_status import AppendMessageStatus
from rocketmq_remoting.common.bean import Bean, Prop, java_string

__all__ = ["AppendMessageResult"]


class AppendMessageResult(Bean):
    """Where a record (or batch) was written: offset, bytes, offset msgId (computed lazily like Java's
    supplier; comma-joined for a batch), store timestamp, first queue offset, record count."""

    status = Prop(AppendMessageStatus)
    wrote_offset = Prop(int, 0)
    wrote_bytes = Prop(int, 0)
    msg_id = Prop(str)
    store_timestamp = Prop(int, 0)
    logics_offset = Prop(int, 0)
    pagecache_rt = Prop(int, 0, wire="pagecacheRT")
    msg_num = Prop(int, 1)

    def get_status(self) -> AppendMessageStatus: return self.status
    def set_status(self, status: Optional[AppendMessageStatus]) -> None: self.status = status
    def get_wrote_offset(self) -> int: return self.wrote_offset
    def set_wrote_offset(self, wrote_offset: int) -> None: self.wrote_offset = wrote_offset
    def get_wrote_bytes(self) -> int: return self.wrote_bytes
    def set_wrote_bytes(self, wrote_bytes: int) -> None: self.wrote_bytes = wrote_bytes
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
    def get_store_timestamp(self) -> int: return self.store_timestamp
    def set_store_timestamp(self, store_timestamp: int) -> None: self.store_timestamp = store_timestamp
    def get_logics_offset(self) -> int: return self.logics_offset
    def set_logics_offset(self, logics_offset: int) -> None: self.logics_offset = logics_offset
    def get_pagecache_rt(self) -> int: return self.pagecache_rt
    def set_pagecache_rt(self, pagecache_rt: int) -> None: self.pagecache_rt = pagecache_rt
    def get_msg_num(self) -> int: return self.msg_num
    def set_msg_num(self, msg_num: int) -> None: self.msg_num = msg_num

    #: Java ``msgIdSupplier`` (None: ``msg_id`` is set; the default of an instance made field by field)
    _msg_id_supplier: Optional[Callable[[], str]] = None

    def __init__(self, status: AppendMessageStatus, wrote_offset: int = 0, wrote_bytes: int = 0,
                 msg_id: Optional[str] = "", store_timestamp: int = 0, logics_offset: int = 0,
                 pagecache_rt: int = 0, msg_id_supplier: Optional[Callable[[], str]] = None) -> None:
        self.status = status
        self.wrote_offset = wrote_offset
        self.wrote_bytes = wrote_bytes
        self.msg_id = None if msg_id_supplier is not None else msg_id
        self._msg_id_supplier = msg_id_supplier
        self.store_timestamp = store_timestamp
        self.logics_offset = logics_offset
        self.pagecache_rt = pagecache_rt
        self.msg_num = 1

    def get_msg_id(self) -> Optional[str]:
        """Java ``getMsgId``: computed on first use from the supplier."""
        if self.msg_id is None and self._msg_id_supplier is not None:
            self.msg_id = self._msg_id_supplier()
        return self.msg_id

    def is_ok(self) -> bool:
        """Java ``isOk``."""
        return self.status is AppendMessageStatus.PUT_OK

    def __repr__(self) -> str:
        return ("AppendMessageResult{status=%s, wroteOffset=%d, wroteBytes=%d, msgId='%s', storeTimestamp=%d, "
                "logicsOffset=%d, pagecacheRT=%d, msgNum=%d}" % (
                    java_string(self.status), self.wrote_offset, self.wrote_bytes, self.msg_id,
                    self.store_timestamp, self.logics_offset, self.pagecache_rt, self.msg_num))
