"""Java ``org.apache.rocketmq.common.PopAckConstants`` (5.3.3): names and intervals of POP consumption."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator

__all__ = ["PopAckConstants"]


class PopAckConstants:
    """The revive topic and group, the tags of checkpoint and ack messages in it, and the key separator."""

    ack_time_interval = 1000
    SECOND = 1000

    lock_time = 5000
    retry_queue_num = 1

    REVIVE_GROUP = MixAll.CID_RMQ_SYS_PREFIX + "REVIVE_GROUP"
    LOCAL_HOST = "127.0.0.1"
    REVIVE_TOPIC = TopicValidator.SYSTEM_TOPIC_PREFIX + "REVIVE_LOG_"
    CK_TAG = "ck"
    ACK_TAG = "ack"
    BATCH_ACK_TAG = "bAck"
    SPLIT = "@"

    @staticmethod
    def build_cluster_revive_topic(cluster_name: str) -> str:
        """Java ``buildClusterReviveTopic``: ``rmq_sys_REVIVE_LOG_<cluster>``."""
        return PopAckConstants.REVIVE_TOPIC + cluster_name

    @staticmethod
    def is_start_with_revive_prefix(topic_name: Optional[str]) -> bool:
        """Java ``isStartWithRevivePrefix``."""
        return topic_name is not None and topic_name.startswith(PopAckConstants.REVIVE_TOPIC)
