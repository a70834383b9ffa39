"""Java ``org.apache.rocketmq.client.consumer.PullTaskContext``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["PullTaskContext"]


class PullTaskContext(Bean):
    """What a :class:`PullTaskCallback` gets: the pull consumer to use and the delay (ms) before its next run."""

    pull_next_delay_time_millis = Prop(int, 200)
    #: the DefaultMQPullConsumer (Java ``MQPullConsumer``)
    pull_consumer = Prop(object)
