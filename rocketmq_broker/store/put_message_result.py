"""Java ``org.apache.rocketmq.store.PutMessageResult``."""
from __future__ import annotations

from typing import Optional

from rocketmq_broker.store.append_message_result import AppendMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["PutMessageResult"]


class PutMessageResult(Bean):
    """Status of a put plus the append result (None when the put was refused before writing)."""

    put_message_status = Prop(PutMessageStatus)
    append_message_result = Prop(AppendMessageResult)

    def get_put_message_status(self) -> PutMessageStatus: return self.put_message_status
    def set_put_message_status(self, put_message_status: Optional[PutMessageStatus]) -> None:
        self.put_message_status = put_message_status
    def get_append_message_result(self) -> AppendMessageResult: return self.append_message_result
    def set_append_message_result(self, append_message_result: Optional[AppendMessageResult]) -> None:
        self.append_message_result = append_message_result

    def __init__(self, put_message_status: PutMessageStatus,
                 append_message_result: Optional[AppendMessageResult] = None) -> None:
        self.put_message_status = put_message_status
        self.append_message_result = append_message_result

    def is_ok(self) -> bool:
        """Java ``isOk``: the record was appended (even if the flush then timed out)."""
        return self.append_message_result is not None and self.append_message_result.is_ok()

    def __repr__(self) -> str:
        return "PutMessageResult [putMessageStatus=%s, appendMessageResult=%r]" % (
            self.put_message_status.name, self.append_message_result)
