"""Java ``org.apache.rocketmq.broker.transaction.queue.TransactionalMessageUtil``."""
from __future__ import annotations

from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator

__all__ = ["TransactionalMessageUtil"]


class TransactionalMessageUtil:
    """Names of the transaction system topics and group, and the op-message tag."""

    #: tag of an op message: the half message at the offset in its body is decided (committed or rolled back)
    REMOVETAG = "d"
    charset = "utf-8"

    @staticmethod
    def build_op_topic() -> str:
        """Java ``buildOpTopic``: ``RMQ_SYS_TRANS_OP_HALF_TOPIC``."""
        return TopicValidator.RMQ_SYS_TRANS_OP_HALF_TOPIC

    @staticmethod
    def build_half_topic() -> str:
        """Java ``buildHalfTopic``: ``RMQ_SYS_TRANS_HALF_TOPIC``."""
        return TopicValidator.RMQ_SYS_TRANS_HALF_TOPIC

    @staticmethod
    def build_consumer_group() -> str:
        """Java ``buildConsumerGroup``: ``CID_RMQ_SYS_TRANS``, the group of the check service's offsets."""
        return MixAll.CID_SYS_RMQ_TRANS
