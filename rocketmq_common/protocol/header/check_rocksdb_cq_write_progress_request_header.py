"""Java ``org.apache.rocketmq.remoting.protocol.header.CheckRocksdbCqWriteProgressRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["CheckRocksdbCqWriteProgressRequestHeader"]


class CheckRocksdbCqWriteProgressRequestHeader(CommandCustomHeader):
    """Header of CHECK_ROCKSDB_CQ_WRITE_PROGRESS (354): the topic to compare (empty: every topic) and the store
    time the comparison starts from."""

    topic = Prop(str, required=True)
    check_store_time = Prop(int, 0)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_check_store_time(self) -> int: return self.check_store_time
    def set_check_store_time(self, check_store_time: int) -> None: self.check_store_time = check_store_time
