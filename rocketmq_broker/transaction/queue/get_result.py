"""Java ``org.apache.rocketmq.broker.transaction.queue.GetResult``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["GetResult"]


class GetResult(Bean):
    """One half message read at an offset (``msg``, None when none was found) with the
    :class:`~rocketmq_client.consumer.pull_result.PullResult` it came from (None when the store returned
    nothing)."""

    msg = Prop(MessageExt)
    pull_result = Prop(object)

    def get_msg(self) -> MessageExt: return self.msg
    def set_msg(self, msg: Optional[MessageExt]) -> None: self.msg = msg
    def get_pull_result(self) -> Any: return self.pull_result
    def set_pull_result(self, pull_result: Any) -> None: self.pull_result = pull_result
