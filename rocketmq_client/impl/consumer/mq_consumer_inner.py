"""Java ``org.apache.rocketmq.client.impl.consumer.MQConsumerInner``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Set

if TYPE_CHECKING:
    from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
    from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
    from rocketmq_common.protocol.heartbeat.message_model import MessageModel
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

__all__ = ["MQConsumerInner"]


class MQConsumerInner:
    """What the client instance needs from a consumer (the push, pull and lite-pull consumer impls).

    Optional extras the instance uses when present (Java casts to ``DefaultMQPushConsumerImpl`` /
    ``DefaultMQPullConsumerImpl``): ``adjust_thread_pool()``, ``get_offset_store()``, ``suspend()`` /
    ``resume()``, ``get_rebalance_impl()``, ``update_consume_offset(mq, offset)``,
    ``get_consume_message_service()``.
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
