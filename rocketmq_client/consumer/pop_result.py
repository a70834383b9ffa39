"""Java ``org.apache.rocketmq.client.consumer.PopResult`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_client.consumer.pop_status import PopStatus
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["PopResult"]


class PopResult(Bean):
    """Status, the messages popped (each carrying its handle in the ``POP_CK`` property), the pop time, the
    invisible time and the number of messages left in the queue."""

    # (a ListOf Prop is a Prop[Any]: the annotation gives its reads their type)
    msg_found_list: Prop[Optional[List[MessageExt]]] = Prop(ListOf(MessageExt))
    pop_status = Prop(PopStatus, required=True)
    pop_time = Prop(int, 0)
    invisible_time = Prop(int, 0)
    rest_num = Prop(int, 0)

    def get_msg_found_list(self) -> Optional[List[MessageExt]]: return self.msg_found_list
    def set_msg_found_list(self, msg_found_list: Optional[List[MessageExt]]) -> None:
        self.msg_found_list = msg_found_list
    def get_pop_status(self) -> PopStatus: return self.pop_status
    def set_pop_status(self, pop_status: Optional[PopStatus]) -> None: self.pop_status = pop_status
    def get_pop_time(self) -> int: return self.pop_time
    def set_pop_time(self, pop_time: int) -> None: self.pop_time = pop_time
    def get_invisible_time(self) -> int: return self.invisible_time
    def set_invisible_time(self, invisible_time: int) -> None: self.invisible_time = invisible_time
    def get_rest_num(self) -> int: return self.rest_num
    def set_rest_num(self, rest_num: int) -> None: self.rest_num = rest_num

    def __init__(self, pop_status: PopStatus, msg_found_list: Optional[List[MessageExt]]) -> None:
        self.pop_status = pop_status
        self.msg_found_list = msg_found_list
        self.pop_time = 0
        self.invisible_time = 0
        self.rest_num = 0

    def __repr__(self) -> str:
        return "PopResult [popStatus=%s,msgFoundList=%d,restNum=%d]" % (
            self.pop_status.name, 0 if self.msg_found_list is None else len(self.msg_found_list), self.rest_num)
