"""Java ``org.apache.rocketmq.client.consumer.PullTaskContext``."""
from __future__ import annotations

from typing import Any

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["PullTaskContext"]


class PullTaskContext(Bean):
    """What a :class:`PullTaskCallback` gets: the pull consumer to use and the delay (ms) before its next run."""

    pull_next_delay_time_millis = Prop(int, 200)
    #: the DefaultMQPullConsumer (Java ``MQPullConsumer``)
    pull_consumer = Prop(object)

    def get_pull_next_delay_time_millis(self) -> int: return self.pull_next_delay_time_millis
    def set_pull_next_delay_time_millis(self, pull_next_delay_time_millis: int) -> None:
        self.pull_next_delay_time_millis = pull_next_delay_time_millis
    def get_pull_consumer(self) -> Any: return self.pull_consumer
    def set_pull_consumer(self, pull_consumer: Any) -> None: self.pull_consumer = pull_consumer
