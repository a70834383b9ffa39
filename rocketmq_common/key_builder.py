"""Java ``org.apache.rocketmq.common.KeyBuilder`` (5.3.3): the POP retry topic names and polling keys."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_common.pop_ack_constants import PopAckConstants
from rocketmq_common.util_all import UtilAll

__all__ = ["KeyBuilder"]

_POP_RETRY_REGEX_SEPARATOR_V2 = r"\+"


class KeyBuilder:
    """``%RETRY%group_topic`` (V1) and ``%RETRY%group+topic`` (V2, ``enableRetryTopicV2``) retry topics of POP."""

    POP_ORDER_REVIVE_QUEUE = 999
    _POP_RETRY_SEPARATOR_V1 = "_"
    _POP_RETRY_SEPARATOR_V2 = "+"

    @staticmethod
    def build_pop_retry_topic(topic: str, cid: str, enable_retry_v2: bool = False) -> str:
        """Java ``buildPopRetryTopic`` (both overloads: without ``enable_retry_v2`` the V1 name)."""
        if enable_retry_v2:
            return KeyBuilder.build_pop_retry_topic_v2(topic, cid)
        return KeyBuilder.build_pop_retry_topic_v1(topic, cid)

    @staticmethod
    def build_pop_retry_topic_v2(topic: str, cid: str) -> str:
        """Java ``buildPopRetryTopicV2``: ``%RETRY%cid+topic``."""
        return MixAll.RETRY_GROUP_TOPIC_PREFIX + cid + KeyBuilder._POP_RETRY_SEPARATOR_V2 + topic

    @staticmethod
    def build_pop_retry_topic_v1(topic: str, cid: str) -> str:
        """Java ``buildPopRetryTopicV1``: ``%RETRY%cid_topic``."""
        return MixAll.RETRY_GROUP_TOPIC_PREFIX + cid + KeyBuilder._POP_RETRY_SEPARATOR_V1 + topic

    @staticmethod
    def parse_normal_topic(topic: str, cid: Optional[str] = None) -> str:
        """Java ``parseNormalTopic``: the topic a retry topic retries; with ``cid`` the two-argument overload
        (strips ``%RETRY%cid_`` or ``%RETRY%cid+``), without it the V2 split on ``+``."""
        prefix = MixAll.RETRY_GROUP_TOPIC_PREFIX
        if cid is not None:
            if not topic.startswith(prefix):
                return topic
            v2 = prefix + cid + KeyBuilder._POP_RETRY_SEPARATOR_V2
            if topic.startswith(v2):
                return topic[len(v2):]
            return topic[len(prefix + cid + KeyBuilder._POP_RETRY_SEPARATOR_V1):]
        if KeyBuilder.is_pop_retry_topic_v2(topic):
            result = UtilAll.split(topic, _POP_RETRY_REGEX_SEPARATOR_V2)
            if len(result) == 2:
                return result[1]
        return topic

    @staticmethod
    def parse_group(retry_topic: str) -> str:
        """Java ``parseGroup``: the group of a (V2, or else plain ``%RETRY%group``) retry topic."""
        prefix = MixAll.RETRY_GROUP_TOPIC_PREFIX
        if KeyBuilder.is_pop_retry_topic_v2(retry_topic):
            result = UtilAll.split(retry_topic, _POP_RETRY_REGEX_SEPARATOR_V2)
            if len(result) == 2:
                return result[0][len(prefix):]
        return retry_topic[len(prefix):]

    @staticmethod
    def build_polling_key(topic: str, cid: str, queue_id: int) -> str:
        """Java ``buildPollingKey``: ``topic@cid@queueId``."""
        return "%s%s%s%s%d" % (topic, PopAckConstants.SPLIT, cid, PopAckConstants.SPLIT, queue_id)

    @staticmethod
    def is_pop_retry_topic_v2(retry_topic: str) -> bool:
        """Java ``isPopRetryTopicV2``."""
        return retry_topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX) and \
            KeyBuilder._POP_RETRY_SEPARATOR_V2 in retry_topic

