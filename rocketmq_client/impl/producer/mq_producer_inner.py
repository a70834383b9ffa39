"""Java ``org.apache.rocketmq.client.impl.producer.MQProducerInner``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Set

if TYPE_CHECKING:
    from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.protocol.header.check_transaction_state_request_header import \
        CheckTransactionStateRequestHeader

__all__ = ["MQProducerInner"]


class MQProducerInner:
    """What the client instance needs from a producer (``DefaultMQProducerImpl`` implements it)."""

    def get_publish_topic_list(self) -> Set[str]:
        """Java ``getPublishTopicList``: the topics whose routes the instance refreshes."""
        raise NotImplementedError

    def is_publish_topic_need_update(self, topic: str) -> bool:
        """Java ``isPublishTopicNeedUpdate``: the cached publish info of ``topic`` is missing or empty."""
        raise NotImplementedError

    def check_listener(self) -> Optional[Any]:
        """Java ``checkListener`` (deprecated ``TransactionCheckListener``)."""
        raise NotImplementedError

    def get_check_listener(self) -> Optional[Any]:
        """Java ``getCheckListener``: the ``TransactionListener``."""
        raise NotImplementedError

    def check_transaction_state(self, addr: str, msg: "MessageExt",
                                check_request_header: "CheckTransactionStateRequestHeader") -> None:
        """Java ``checkTransactionState``: answer a broker's check-back (CHECK_TRANSACTION_STATE)."""
        raise NotImplementedError

    def update_topic_publish_info(self, topic: str, info: "TopicPublishInfo") -> None:
        """Java ``updateTopicPublishInfo``."""
        raise NotImplementedError

    def is_unit_mode(self) -> bool:
        """Java ``isUnitMode``."""
        raise NotImplementedError
