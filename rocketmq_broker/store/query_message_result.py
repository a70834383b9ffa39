"""Java ``org.apache.rocketmq.store.QueryMessageResult``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["QueryMessageResult"]


class QueryMessageResult(Bean):
    """Messages found by key (raw stored records) and the index's last update point."""

    message_buffer_list = Prop(ListOf(bytes), [])
    index_last_update_timestamp = Prop(int, 0)
    index_last_update_phyoffset = Prop(int, 0)
    buffer_total_size = Prop(int, 0)

    def add_message(self, buffer: bytes) -> None:
        """Java ``addMessage``."""
        self.message_buffer_list.append(buffer)
        self.buffer_total_size += len(buffer)

    def get_message_count(self) -> int:
        """Number of records (Java callers use ``getMessageBufferList().size()``)."""
        return len(self.message_buffer_list)

    def release(self) -> None:
        """Java ``release``: nothing is mapped, nothing to release."""
