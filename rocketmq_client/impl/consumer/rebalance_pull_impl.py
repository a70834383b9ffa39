"""Java ``org.apache.rocketmq.client.impl.consumer.RebalancePullImpl``."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, List, Optional, Set

from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_client.impl.consumer.pull_request import PullRequest
from rocketmq_client.impl.consumer.rebalance_impl import RebalanceImpl
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel

if TYPE_CHECKING:
    from rocketmq_client.consumer.allocate_message_queue_strategy import AllocateMessageQueueStrategy
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["RebalancePullImpl"]

log = logging.getLogger(__name__)


class RebalancePullImpl(RebalanceImpl):
    """Rebalance of a ``DefaultMQPullConsumerImpl``: the user pulls; assignment changes go to the consumer's
    MessageQueueListener."""

    def __init__(self, default_mq_pull_consumer_impl: Any, consumer_group: Optional[str] = None,
                 message_model: Optional[MessageModel] = None,
                 allocate_message_queue_strategy: Optional["AllocateMessageQueueStrategy"] = None,
                 mq_client_factory: Optional["MQClientInstance"] = None) -> None:
        super().__init__(consumer_group, message_model, allocate_message_queue_strategy, mq_client_factory)
        self.default_mq_pull_consumer_impl = default_mq_pull_consumer_impl

    def message_queue_changed(self, topic: str, mq_all: Set["MessageQueue"],
                              mq_divided: Set["MessageQueue"]) -> None:
        """Java ``messageQueueChanged``: tell the consumer's MessageQueueListener (errors are logged)."""
        listener = self.default_mq_pull_consumer_impl.get_default_mq_pull_consumer().get_message_queue_listener()
        if listener is not None:
            try:
                listener.message_queue_changed(topic, mq_all, mq_divided)
            except Exception:
                log.error("messageQueueChanged exception", exc_info=True)

    def remove_unnecessary_message_queue(self, mq: "MessageQueue", pq: ProcessQueue) -> bool:
        self.default_mq_pull_consumer_impl.get_offset_store().persist(mq)
        self.default_mq_pull_consumer_impl.get_offset_store().remove_offset(mq)
        return True

    def consume_type(self) -> ConsumeType:
        return ConsumeType.CONSUME_ACTIVELY

    def remove_dirty_offset(self, mq: "MessageQueue") -> None:
        self.default_mq_pull_consumer_impl.get_offset_store().remove_offset(mq)

    def compute_pull_from_where(self, mq: "MessageQueue") -> int:
        return 0

    def compute_pull_from_where_with_exception(self, mq: "MessageQueue") -> int:
        return 0

    def dispatch_pull_request(self, pull_request_list: List[PullRequest]) -> None:
        """Nothing: the user pulls."""
