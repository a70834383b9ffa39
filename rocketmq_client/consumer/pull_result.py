"""Java ``org.apache.rocketmq.client.consumer.PullResult``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.message.message_ext import MessageExt

__all__ = ["PullResult"]


class PullResult:
    """Status, next offset, queue offset bounds and the messages found by a pull."""

    __slots__ = ("_pull_status", "_next_begin_offset", "_min_offset", "_max_offset", "_msg_found_list")

    def __init__(self, pull_status: PullStatus, next_begin_offset: int, min_offset: int, max_offset: int,
                 msg_found_list: Optional[List[MessageExt]]) -> None:
        self._pull_status = pull_status
        self._next_begin_offset = next_begin_offset
        self._min_offset = min_offset
        self._max_offset = max_offset
        self._msg_found_list = msg_found_list

    def get_pull_status(self) -> PullStatus:
        """Java ``getPullStatus``."""
        return self._pull_status

    def get_next_begin_offset(self) -> int:
        """Java ``getNextBeginOffset``."""
        return self._next_begin_offset

    def get_min_offset(self) -> int:
        """Java ``getMinOffset``."""
        return self._min_offset

    def get_max_offset(self) -> int:
        """Java ``getMaxOffset``."""
        return self._max_offset

    def get_msg_found_list(self) -> Optional[List[MessageExt]]:
        """Java ``getMsgFoundList``."""
        return self._msg_found_list

    def set_msg_found_list(self, msg_found_list: Optional[List[MessageExt]]) -> None:
        """Java ``setMsgFoundList``."""
        self._msg_found_list = msg_found_list

    def __repr__(self) -> str:
        return "PullResult [pullStatus=%s, nextBeginOffset=%d, minOffset=%d, maxOffset=%d, msgFoundList=%d]" % (
            self._pull_status.name, self._next_begin_offset, self._min_offset, self._max_offset,
            0 if self._msg_found_list is None else len(self._msg_found_list))
