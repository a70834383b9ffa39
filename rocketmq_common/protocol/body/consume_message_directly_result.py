"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeMessageDirectlyResult``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.protocol.body.cm_result import CMResult
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ConsumeMessageDirectlyResult"]


class ConsumeMessageDirectlyResult(RemotingSerializable):
    """Body of the ``CONSUME_MESSAGE_DIRECTLY`` response (``spentTimeMills`` is Java's spelling)."""

    order = Prop(bool, False)
    auto_commit = Prop(bool, True)
    consume_result = Prop(CMResult)
    remark = Prop(str)
    spent_time_mills = Prop(int, 0)

    def get_order(self) -> bool: return self.order
    def is_order(self) -> bool: return self.order
    def set_order(self, order: bool) -> None: self.order = order
    def get_auto_commit(self) -> bool: return self.auto_commit
    def is_auto_commit(self) -> bool: return self.auto_commit
    def set_auto_commit(self, auto_commit: bool) -> None: self.auto_commit = auto_commit
    def get_consume_result(self) -> CMResult: return self.consume_result
    def set_consume_result(self, consume_result: Optional[CMResult]) -> None: self.consume_result = consume_result
    def get_remark(self) -> str: return self.remark
    def set_remark(self, remark: Optional[str]) -> None: self.remark = remark
    def get_spent_time_mills(self) -> int: return self.spent_time_mills
    def set_spent_time_mills(self, spent_time_mills: int) -> None: self.spent_time_mills = spent_time_mills
