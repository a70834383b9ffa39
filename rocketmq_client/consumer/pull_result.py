"""Java ``org.apache.rocketmq.client.consumer.PullResult``."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import ListOf, Prop, TypedBean

__all__ = ["PullResult"]


class PullResult(TypedBean):
    """Status, next offset, queue offset bounds and the messages found by a pull."""

    pull_status = Prop(PullStatus, required=True)
    next_begin_offset = Prop(int, 0)
    min_offset = Prop(int, 0)
    max_offset = Prop(int, 0)
    # (a ListOf Prop is a Prop[Any]: the annotation gives its reads their type)
    msg_found_list: Prop[Optional[List[MessageExt]]] = Prop(ListOf(MessageExt))

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_pull_status(self) -> PullStatus: ...
        def set_pull_status(self, pull_status: PullStatus) -> None: ...
        def get_next_begin_offset(self) -> int: ...
        def set_next_begin_offset(self, next_begin_offset: int) -> None: ...
        def get_min_offset(self) -> int: ...
        def set_min_offset(self, min_offset: int) -> None: ...
        def get_max_offset(self) -> int: ...
        def set_max_offset(self, max_offset: int) -> None: ...
        def get_msg_found_list(self) -> Optional[List[MessageExt]]: ...
        def set_msg_found_list(self, msg_found_list: Optional[List[MessageExt]]) -> None: ...
    # end of generated accessors

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
