"""Java ``org.apache.rocketmq.store.GetMessageResult``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_remoting.common.bean import Bean, ListOf, Prop, java_string

__all__ = ["GetMessageResult"]

#: Java ``BrokerStatsManager.SIZE_PER_COUNT``
_SIZE_PER_COUNT = 64 * 1024


class GetMessageResult(Bean):
    """Result of a pull: status, offsets and the raw stored records (``message_buffer_list``, one ``bytes``
    per message, PROTOCOL.md §5.1) that the pull response body concatenates."""

    status = Prop(GetMessageStatus)
    next_begin_offset = Prop(int, 0)
    min_offset = Prop(int, 0)
    max_offset = Prop(int, 0)
    buffer_total_size = Prop(int, 0)
    suggest_pulling_from_slave = Prop(bool, False)
    msg_count4_commercial = Prop(int, 0)
    message_buffer_list: Prop[List[bytes]] = Prop(ListOf(bytes), [])
    #: commit-log offset of each message (not in Java's class: the broker can log or trace with it)
    message_offset_list: Prop[List[int]] = Prop(ListOf(int), [])

    def get_status(self) -> GetMessageStatus: return self.status
    def set_status(self, status: Optional[GetMessageStatus]) -> None: self.status = status
    def get_next_begin_offset(self) -> int: return self.next_begin_offset
    def set_next_begin_offset(self, next_begin_offset: int) -> None: self.next_begin_offset = next_begin_offset
    def get_min_offset(self) -> int: return self.min_offset
    def set_min_offset(self, min_offset: int) -> None: self.min_offset = min_offset
    def get_max_offset(self) -> int: return self.max_offset
    def set_max_offset(self, max_offset: int) -> None: self.max_offset = max_offset
    def get_buffer_total_size(self) -> int: return self.buffer_total_size
    def set_buffer_total_size(self, buffer_total_size: int) -> None: self.buffer_total_size = buffer_total_size
    def get_suggest_pulling_from_slave(self) -> bool: return self.suggest_pulling_from_slave
    def is_suggest_pulling_from_slave(self) -> bool: return self.suggest_pulling_from_slave
    def set_suggest_pulling_from_slave(self, suggest_pulling_from_slave: bool) -> None:
        self.suggest_pulling_from_slave = suggest_pulling_from_slave
    def get_msg_count4_commercial(self) -> int: return self.msg_count4_commercial
    def set_msg_count4_commercial(self, msg_count4_commercial: int) -> None:
        self.msg_count4_commercial = msg_count4_commercial
    def get_message_buffer_list(self) -> List[bytes]: return self.message_buffer_list
    def set_message_buffer_list(self, message_buffer_list: List[bytes]) -> None:
        self.message_buffer_list = message_buffer_list
    def get_message_offset_list(self) -> List[int]: return self.message_offset_list
    def set_message_offset_list(self, message_offset_list: List[int]) -> None:
        self.message_offset_list = message_offset_list

    def __init__(self, status: Optional[GetMessageStatus] = None) -> None:
        super().__init__()  # the declared defaults
        self.status = status
        self.next_begin_offset = 0
        self.min_offset = 0
        self.max_offset = 0
        self.buffer_total_size = 0
        self.suggest_pulling_from_slave = False
        self.msg_count4_commercial = 0

    def add_message(self, buffer: bytes, commit_log_offset: int = -1) -> None:
        """Java ``addMessage``: append one record."""
        self.message_buffer_list.append(buffer)
        self.message_offset_list.append(commit_log_offset)
        size = len(buffer)
        self.buffer_total_size += size
        self.msg_count4_commercial += -(-size // _SIZE_PER_COUNT)  # Math.ceil(size / SIZE_PER_COUNT)

    def get_message_count(self) -> int:
        """Java ``getMessageCount``."""
        return len(self.message_buffer_list)

    def release(self) -> None:
        """Java ``release``: nothing is mapped, nothing to release."""

    def __repr__(self) -> str:
        return ("GetMessageResult [status=%s, nextBeginOffset=%d, minOffset=%d, maxOffset=%d, bufferTotalSize=%d, "
                "suggestPullingFromSlave=%s]" % (java_string(self.status), self.next_begin_offset,
                                                  self.min_offset, self.max_offset, self.buffer_total_size,
                                                  "true" if self.suggest_pulling_from_slave else "false"))
