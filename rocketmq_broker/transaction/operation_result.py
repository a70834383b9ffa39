"""Java ``org.apache.rocketmq.broker.transaction.OperationResult``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["OperationResult"]


class OperationResult(Bean):
    """Outcome of a commit or rollback lookup: the half message found (or None) with a response code and
    remark."""

    prepare_message = Prop(MessageExt)
    response_code = Prop(int, 0)
    response_remark = Prop(str)

    def get_prepare_message(self) -> MessageExt: return self.prepare_message
    def set_prepare_message(self, prepare_message: Optional[MessageExt]) -> None: self.prepare_message = prepare_message
    def get_response_code(self) -> int: return self.response_code
    def set_response_code(self, response_code: int) -> None: self.response_code = response_code
    def get_response_remark(self) -> str: return self.response_remark
    def set_response_remark(self, response_remark: Optional[str]) -> None: self.response_remark = response_remark
