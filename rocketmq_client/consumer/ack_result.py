"""Java ``org.apache.rocketmq.client.consumer.AckResult`` (5.3.3)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rocketmq_client.consumer.ack_status import AckStatus
from rocketmq_remoting.common.bean import Prop, TypedBean, java_string

__all__ = ["AckResult"]


class AckResult(TypedBean):
    """Status of an ack or invisible-time change; after CHANGE_MESSAGE_INVISIBLETIME also the new pop time and
    the message's new handle (``extra_info``, what the next ack must carry)."""

    status = Prop(AckStatus)
    extra_info = Prop(str)
    pop_time = Prop(int, 0)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_status(self) -> Optional[AckStatus]: ...
        def set_status(self, status: Optional[AckStatus]) -> None: ...
        def get_extra_info(self) -> Optional[str]: ...
        def set_extra_info(self, extra_info: Optional[str]) -> None: ...
        def get_pop_time(self) -> int: ...
        def set_pop_time(self, pop_time: int) -> None: ...
    # end of generated accessors

    def __init__(self) -> None:
        self.status = None
        self.extra_info = None
        self.pop_time = 0

    def __repr__(self) -> str:
        return "AckResult [AckStatus=%s,extraInfo=%s]" % (
            "null" if self.status is None else self.status.name, java_string(self.extra_info))
