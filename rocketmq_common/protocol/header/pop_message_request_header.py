"""Java ``org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader`` (5.3.3), with
``PopMessageResponseHeader``: POP_MESSAGE (200050)."""
from __future__ import annotations

import time
from typing import Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["PopMessageRequestHeader", "PopMessageResponseHeader"]


class PopMessageRequestHeader(TopicQueueRequestHeader):
    """Pop up to ``max_msg_nums`` messages of a queue (``queue_id`` -1: any queue of the topic) for a group,
    invisible to the group for ``invisible_time`` ms; the broker holds the request up to ``poll_time`` ms when
    there is none. ``init_mode`` is a ``ConsumeInitMode`` (0 MIN, 1 MAX) for a group without an offset;
    ``order`` marks an orderly pop."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    max_msg_nums = Prop(int, required=True)
    invisible_time = Prop(int, required=True)
    poll_time = Prop(int, required=True)
    born_time = Prop(int, required=True)
    init_mode = Prop(int, required=True)
    exp_type = Prop(str)
    exp = Prop(str)
    order = Prop(bool, False)
    attempt_id = Prop(str)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id
    def get_max_msg_nums(self) -> int: return self.max_msg_nums
    def set_max_msg_nums(self, max_msg_nums: Optional[int]) -> None: self.max_msg_nums = max_msg_nums
    def get_invisible_time(self) -> int: return self.invisible_time
    def set_invisible_time(self, invisible_time: Optional[int]) -> None: self.invisible_time = invisible_time
    def get_poll_time(self) -> int: return self.poll_time
    def set_poll_time(self, poll_time: Optional[int]) -> None: self.poll_time = poll_time
    def get_born_time(self) -> int: return self.born_time
    def set_born_time(self, born_time: Optional[int]) -> None: self.born_time = born_time
    def get_init_mode(self) -> int: return self.init_mode
    def set_init_mode(self, init_mode: Optional[int]) -> None: self.init_mode = init_mode
    def get_exp_type(self) -> str: return self.exp_type
    def set_exp_type(self, exp_type: Optional[str]) -> None: self.exp_type = exp_type
    def get_exp(self) -> str: return self.exp
    def set_exp(self, exp: Optional[str]) -> None: self.exp = exp
    def get_order(self) -> bool: return self.order
    def set_order(self, order: bool) -> None: self.order = order
    def get_attempt_id(self) -> str: return self.attempt_id
    def set_attempt_id(self, attempt_id: Optional[str]) -> None: self.attempt_id = attempt_id

    _java_int_fields = ("queue_id", "max_msg_nums", "init_mode")

    def get_queue_id(self) -> int:
        """Java ``getQueueId``: a negative queue id reads as -1 (pop from any queue)."""
        return -1 if self.queue_id is not None and self.queue_id < 0 else self.queue_id  # type: ignore[return-value]

    def is_timeout_too_much(self) -> bool:
        """Java ``isTimeoutTooMuch``: the request reached the broker more than 500 ms after its poll time."""
        return int(time.time() * 1000) - self.born_time - self.poll_time > 500

    def is_order(self) -> bool:
        """Java ``isOrder``."""
        return bool(self.order)


class PopMessageResponseHeader(CommandCustomHeader):
    """The pop's time, invisible time and revive queue (the receipt handle's fields), the messages left in the
    queue, and the ``ExtraInfoUtil`` offset infos (``startOffsetInfo``, ``msgOffsetInfo``, ``orderCountInfo``)."""

    pop_time = Prop(int, required=True)
    invisible_time = Prop(int, required=True)
    revive_qid = Prop(int, required=True)
    rest_num = Prop(int, required=True)
    start_offset_info = Prop(str)
    msg_offset_info = Prop(str)
    order_count_info = Prop(str)

    def get_pop_time(self) -> int: return self.pop_time
    def set_pop_time(self, pop_time: Optional[int]) -> None: self.pop_time = pop_time
    def get_invisible_time(self) -> int: return self.invisible_time
    def set_invisible_time(self, invisible_time: Optional[int]) -> None: self.invisible_time = invisible_time
    def get_revive_qid(self) -> int: return self.revive_qid
    def set_revive_qid(self, revive_qid: Optional[int]) -> None: self.revive_qid = revive_qid
    def get_rest_num(self) -> int: return self.rest_num
    def set_rest_num(self, rest_num: Optional[int]) -> None: self.rest_num = rest_num
    def get_start_offset_info(self) -> str: return self.start_offset_info
    def set_start_offset_info(self, start_offset_info: Optional[str]) -> None:
        self.start_offset_info = start_offset_info
    def get_msg_offset_info(self) -> str: return self.msg_offset_info
    def set_msg_offset_info(self, msg_offset_info: Optional[str]) -> None: self.msg_offset_info = msg_offset_info
    def get_order_count_info(self) -> str: return self.order_count_info
    def set_order_count_info(self, order_count_info: Optional[str]) -> None: self.order_count_info = order_count_info

    _java_int_fields = ("revive_qid",)
