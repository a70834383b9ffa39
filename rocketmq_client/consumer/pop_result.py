"""Java ``org.apache.rocketmq.client.consumer.PopResult`` (5.3.3)."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from rocketmq_client.consumer.pop_status import PopStatus
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import ListOf, Prop, TypedBean

__all__ = ["PopResult"]


class PopResult(TypedBean):
    """Status, the messages popped (each carrying its handle in the ``POP_CK`` property), the pop time, the
    invisible time and the number of messages left in the queue."""

    # (a ListOf Prop is a Prop[Any]: the annotation gives its reads their type)
    msg_found_list: Prop[Optional[List[MessageExt]]] = Prop(ListOf(MessageExt))
    pop_status = Prop(PopStatus, required=True)
    pop_time = Prop(int, 0)
    invisible_time = Prop(int, 0)
    rest_num = Prop(int, 0)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_msg_found_list(self) -> Optional[List[MessageExt]]: ...
        def set_msg_found_list(self, msg_found_list: Optional[List[MessageExt]]) -> None: ...
        def get_pop_status(self) -> PopStatus: ...
        def set_pop_status(self, pop_status: PopStatus) -> None: ...
        def get_pop_time(self) -> int: ...
        def set_pop_time(self, pop_time: int) -> None: ...
        def get_invisible_time(self) -> int: ...
        def set_invisible_time(self, invisible_time: int) -> None: ...
        def get_rest_num(self) -> int: ...
        def set_rest_num(self, rest_num: int) -> None: ...
    # end of generated accessors

    def __init__(self, pop_status: PopStatus, msg_found_list: Optional[List[MessageExt]]) -> None:
        self.pop_status = pop_status
        self.msg_found_list = msg_found_list
        self.pop_time = 0
        self.invisible_time = 0
        self.rest_num = 0

    def __repr__(self) -> str:
        return "PopResult [popStatus=%s,msgFoundList=%d,restNum=%d]" % (
            self.pop_status.name, 0 if self.msg_found_list is None else len(self.msg_found_list), self.rest_num)
