"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeMessageDirectlyResult``."""
from __future__ import annotations

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
