"""Java ``org.apache.rocketmq.broker.transaction.OperationResult``."""
from __future__ import annotations

from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["OperationResult"]


class OperationResult(Bean):
    """Outcome of a commit or rollback lookup: the half message found (or None) with a response code and
    remark."""

    prepare_message = Prop(MessageExt)
    response_code = Prop(int, 0)
    response_remark = Prop(str)
