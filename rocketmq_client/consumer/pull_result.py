"""Java ``org.apache.rocketmq.client.consumer.PullResult``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["PullResult"]


class PullResult(Bean):
    """Status, next offset, queue offset bounds and the messages found by a pull."""

    pull_status = Prop(PullStatus, required=True)
    next_begin_offset = Prop(int, 0)
    min_offset = Prop(int, 0)
    max_offset = Prop(int, 0)
    # (a ListOf Prop is a Prop[Any]: the annotation gives its reads their type)
    msg_found_list: Prop[Optional[List[MessageExt]]] = Prop(ListOf(MessageExt))

    def get_pull_status(self) -> PullStatus: return self.pull_status
    def set_pull_status(self, pull_status: Optional[PullStatus]) -> None: self.pull_status = pull_status
    def get_next_begin_offset(self) -> int: return self.next_begin_offset
    def set_next_begin_offset(self, next_begin_offset: int) -> None: self.next_begin_offset = next_begin_offset
    def get_min_offset(self) -> int: return self.min_offset
    def set_min_offset(self, min_offset: int) -> None: self.min_offset = min_offset
    def get_max_offset(self) -> int: return self.max_offset
    def set_max_offset(self, max_offset: int) -> None: self.max_offset = max_offset
    def get_msg_found_list(self) -> Optional[List[MessageExt]]: return self.msg_found_list
    def set_msg_found_list(self, msg_found_list: Optional[List[MessageExt]]) -> None:
        self.msg_found_list = msg_found_list

    def __init__(self, pull_status: PullStatus, next_begin_offset: int, min_offset: int, max_offset: int,
                 msg_found_list: Optional[List[MessageExt]]) -> None:
        self.pull_status = pull_status
        self.next_begin_offset = next_begin_offset
        self.min_offset = min_offset
        self.max_offset = max_offset
        self.msg_found_list = msg_found_list

    def __repr__(self) -> str:
        return "PullResult [pullStatus=%s, nextBeginOffset=%d, minOffset=%d, maxOffset=%d, msgFoundList=%d]" % (
            self.pull_status.name, self.next_begin_offset, self.min_offset, self.max_offset,
            0 if self.msg_found_list is None else len(self.msg_found_list))
