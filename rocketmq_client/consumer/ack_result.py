"""Java ``org.apache.rocketmq.client.consumer.AckResult`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_client.consumer.ack_status import AckStatus
from rocketmq_remoting.common.bean import Bean, Prop, java_string

__all__ = ["AckResult"]


class AckResult(Bean):
    """Status of an ack or invisible-time change; after CHANGE_MESSAGE_INVISIBLETIME also the new pop time and
    the message's new handle (``extra_info``, what the next ack must carry)."""

    status = Prop(AckStatus)
    extra_info = Prop(str)
    pop_time = Prop(int, 0)

    def get_status(self) -> AckStatus: return self.status
    def set_status(self, status: Optional[AckStatus]) -> None: self.status = status
    def get_extra_info(self) -> str: return self.extra_info
    def set_extra_info(self, extra_info: Optional[str]) -> None: self.extra_info = extra_info
    def get_pop_time(self) -> int: return self.pop_time
    def set_pop_time(self, pop_time: int) -> None: self.pop_time = pop_time

    def __init__(self) -> None:
        self.status = None
        self.extra_info = None
        self.pop_time = 0

    def __repr__(self) -> str:
        return "AckResult [AckStatus=%s,extraInfo=%s]" % (
            "null" if self.status is None else self.status.name, java_string(self.extra_info))
