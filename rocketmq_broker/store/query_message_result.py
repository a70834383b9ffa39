"""Java ``org.apache.rocketmq.store.QueryMessageResult``."""
from __future__ import annotations

from typing import List

from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["QueryMessageResult"]


class QueryMessageResult(Bean):
    """Messages found by key (raw stored records) and the index's last update point."""

    message_buffer_list = Prop(ListOf(bytes), [])
    index_last_update_timestamp = Prop(int, 0)
    index_last_update_phyoffset = Prop(int, 0)
    buffer_total_size = Prop(int, 0)

    def get_message_buffer_list(self) -> List[bytes]: return self.message_buffer_list
    def set_message_buffer_list(self, message_buffer_list: List[bytes]) -> None:
        self.message_buffer_list = message_buffer_list
    def get_index_last_update_timestamp(self) -> int: return self.index_last_update_timestamp
    def set_index_last_update_timestamp(self, index_last_update_timestamp: int) -> None:
        self.index_last_update_timestamp = index_last_update_timestamp
    def get_index_last_update_phyoffset(self) -> int: return self.index_last_update_phyoffset
    def set_index_last_update_phyoffset(self, index_last_update_phyoffset: int) -> None:
        self.index_last_update_phyoffset = index_last_update_phyoffset
    def get_buffer_total_size(self) -> int: return self.buffer_total_size
    def set_buffer_total_size(self, buffer_total_size: int) -> None: self.buffer_total_size = buffer_total_size

    def add_message(self, buffer: bytes) -> None:
        """Java ``addMessage``."""
        self.message_buffer_list.append(buffer)
        self.buffer_total_size += len(buffer)

    def get_message_count(self) -> int:
        """Number of records (Java callers use ``getMessageBufferList().size()``)."""
        return len(self.message_buffer_list)

    def release(self) -> None:
        """Java ``release``: nothing is mapped, nothing to release."""
