"""Java ``org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader`` (5.3.3), with
``PopMessageResponseHeader``: POP_MESSAGE (200050)."""
from __future__ import annotations

import time

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

    _java_int_fields = ("revive_qid",)
