"""Java ``org.apache.rocketmq.broker.transaction.queue.GetResult``."""
from __future__ import annotations

from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["GetResult"]


class GetResult(Bean):
    """One half message read at an offset (``msg``, None when none was found) with the
    :class:`~rocketmq_client.consumer.pull_result.PullResult` it came from (None when the store returned
    nothing)."""

    msg = Prop(MessageExt)
    pull_result = Prop(object)
