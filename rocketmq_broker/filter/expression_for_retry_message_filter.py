"""Java ``org.apache.rocketmq.broker.filter.ExpressionForRetryMessageFilter`` (broker option
``filterSupportRetry``)."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_broker.filter.expression_message_filter import ExpressionMessageFilter
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.mix_all import MixAll

__all__ = ["ExpressionForRetryMessageFilter"]

_RETRY_PREFIX = MixAll.RETRY_GROUP_TOPIC_PREFIX


class ExpressionForRetryMessageFilter(ExpressionMessageFilter):
    """Also filters a group's retry topic: a retried message is evaluated with the filter data the group has
    on the message's original topic (property ``RETRY_TOPIC``)."""

    def is_matched_by_commit_log(self, msg_buffer: Optional[bytes], properties: Optional[Dict[str, str]]) -> bool:
        sub = self.subscription_data
        if sub is None or sub.class_filter_mode:
            return True
        is_retry_topic = sub.topic.startswith(_RETRY_PREFIX)
        if not is_retry_topic and ExpressionType.is_tag_type(sub.expression_type):
            return True
        real_filter_data = self.consumer_filter_data
        if is_retry_topic:
            if properties is None and msg_buffer is not None:
                properties = MessageDecoder.decode_properties(msg_buffer)
            real_topic = properties.get(MessageConst.PROPERTY_RETRY_TOPIC) if properties is not None else None
            group = sub.topic[len(_RETRY_PREFIX):]
            manager = self.consumer_filter_manager
            real_filter_data = manager.get(real_topic, group) if manager is not None and real_topic else None
        return self._evaluate(real_filter_data, msg_buffer, properties)
