"""Java ``org.apache.rocketmq.client.impl.consumer.RebalanceLitePullImpl``."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, List, Optional, Set

from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_client.impl.consumer.pull_request import PullRequest
from rocketmq_client.impl.consumer.rebalance_impl import RebalanceImpl
from rocketmq_client.impl.consumer.rebalance_push_impl import compute_pull_from_where
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel

if TYPE_CHECKING:
    from rocketmq_client.consumer.allocate_message_queue_strategy import AllocateMessageQueueStrategy
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["RebalanceLitePullImpl"]

log = logging.getLogger(__name__)

_SUPPORTED = (ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
              ConsumeFromWhere.CONSUME_FROM_TIMESTAMP)


class RebalanceLitePullImpl(RebalanceImpl):
    """Rebalance of a ``DefaultLitePullConsumerImpl`` (subscribe mode): assignment changes go to its
    MessageQueueListener, which updates the assigned queues."""

    def __init__(self, lite_pull_consumer_impl: Any, consumer_group: Optional[str] = None,
                 message_model: Optional[MessageModel] = None,
                 allocate_message_queue_strategy: Optional["AllocateMessageQueueStrategy"] = None,
                 mq_client_factory: Optional["MQClientInstance"] = None) -> None:
        super().__init__(consumer_group, message_model, allocate_message_queue_strategy, mq_client_factory)
        self.lite_pull_consumer_impl = lite_pull_consumer_impl

    def message_queue_changed(self, topic: str, mq_all: Set["MessageQueue"],
                              mq_divided: Set["MessageQueue"]) -> None:
        """Java ``messageQueueChanged``: tell the consumer's MessageQueueListener (errors are logged)."""
        listener = self.lite_pull_consumer_impl.get_default_lite_pull_consumer().get_message_queue_listener()
        if listener is not None:
            try:
                listener.message_queue_changed(topic, mq_all, mq_divided)
            except Exception:
                log.error("messageQueueChanged exception", exc_info=True)

    def remove_unnecessary_message_queue(self, mq: "MessageQueue", pq: ProcessQueue) -> bool:
        self.lite_pull_consumer_impl.get_offset_store().persist(mq)
        self.lite_pull_consumer_impl.get_offset_store().remove_offset(mq)
        return True

    def consume_type(self) -> ConsumeType:
        return ConsumeType.CONSUME_ACTIVELY

    def remove_dirty_offset(self, mq: "MessageQueue") -> None:
        self.lite_pull_consumer_impl.get_offset_store().remove_offset(mq)

    def compute_pull_from_where(self, mq: "MessageQueue") -> int:
        try:
            return self.compute_pull_from_where_with_exception(mq)
        except MQClientException:
            log.warning("Compute consume offset exception, mq=%s", mq)
            return -1

    def compute_pull_from_where_with_exception(self, mq: "MessageQueue") -> int:
        """Java ``computePullFromWhereWithException``: like the push consumer's, reading memory first
        (MEMORY_FIRST_THEN_STORE); the deprecated CONSUME_FROM_* values give -1."""
        consumer = self.lite_pull_consumer_impl.get_default_lite_pull_consumer()
        consume_from_where = consumer.get_consume_from_where()
        if consume_from_where not in _SUPPORTED:
            return -1
        return compute_pull_from_where(self, mq, consume_from_where, consumer.get_consume_timestamp(),
                                       self.lite_pull_consumer_impl.get_offset_store(),
                                       ReadOffsetType.MEMORY_FIRST_THEN_STORE)

    def dispatch_pull_request(self, pull_request_list: List[PullRequest]) -> None:
        """Nothing: the lite-pull consumer schedules its own pull tasks."""
