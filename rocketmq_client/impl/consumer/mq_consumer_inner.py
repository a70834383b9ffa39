"""Java ``org.apache.rocketmq.client.impl.consumer.MQConsumerInner``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Set

if TYPE_CHECKING:
    from rocketmq_client.consumer.store.offset_store import OffsetStore
    from rocketmq_client.impl.consumer.consume_message_service import ConsumeMessageService
    from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
    from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
    from rocketmq_common.protocol.heartbeat.message_model import MessageModel
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

__all__ = ["MQConsumerInner"]


class MQConsumerInner:
    """What the client instance needs from a consumer (the push, pull and lite-pull consumer impls).

    Java's interface, plus the three methods for which Java's MQClientInstance casts to
    ``DefaultMQPushConsumerImpl`` / ``DefaultMQPullConsumerImpl``: ``adjust_thread_pool``, ``get_offset_store``
    and ``get_consume_message_service``, with what a consumer without a consume pool, offset store or listener
    answers (the push consumer impl overrides all three, the pull consumer impls ``get_offset_store``). The push
    consumer is the one whose ``consume_type`` is CONSUME_PASSIVELY.
    """

    def group_name(self) -> str:
        """Java ``groupName``."""
        raise NotImplementedError

    def message_model(self) -> "MessageModel":
        """Java ``messageModel``."""
        raise NotImplementedError

    def consume_type(self) -> "ConsumeType":
        """Java ``consumeType``."""
        raise NotImplementedError

    def consume_from_where(self) -> "ConsumeFromWhere":
        """Java ``consumeFromWhere``."""
        raise NotImplementedError

    def subscriptions(self) -> Set["SubscriptionData"]:
        """Java ``subscriptions``."""
        raise NotImplementedError

    def do_rebalance(self) -> None:
        """Java ``doRebalance``."""
        raise NotImplementedError

    def persist_consumer_offset(self) -> None:
        """Java ``persistConsumerOffset``."""
        raise NotImplementedError

    def update_topic_subscribe_info(self, topic: str, info: Set["MessageQueue"]) -> None:
        """Java ``updateTopicSubscribeInfo``."""
        raise NotImplementedError

    def is_subscribe_topic_need_update(self, topic: str) -> bool:
        """Java ``isSubscribeTopicNeedUpdate``."""
        raise NotImplementedError

    def is_unit_mode(self) -> bool:
        """Java ``isUnitMode``."""
        raise NotImplementedError

    def consumer_running_info(self) -> "ConsumerRunningInfo":
        """Java ``consumerRunningInfo``."""
        raise NotImplementedError

    def adjust_thread_pool(self) -> None:
        """``DefaultMQPushConsumerImpl.adjustThreadPool``: resize the consume pool. The pull consumers have none:
        nothing to do."""

    def get_offset_store(self) -> "Optional[OffsetStore]":
        """``getOffsetStore`` of the consumer impls: the consumer's offset store (None: it has none yet)."""
        return None

    def get_consume_message_service(self) -> "Optional[ConsumeMessageService]":
        """``DefaultMQPushConsumerImpl.getConsumeMessageService``: the service that runs the listener (None for the
        pull consumers, which have no listener)."""
        return None
