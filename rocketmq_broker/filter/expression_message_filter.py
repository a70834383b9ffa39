"""Java ``org.apache.rocketmq.broker.filter.ExpressionMessageFilter``: the filter of a pull request."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Dict, Optional

from rocketmq_broker.filter.message_evaluation_context import MessageEvaluationContext
from rocketmq_broker.store.message_filter import MessageFilter
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

if TYPE_CHECKING:
    from rocketmq_broker.filter.consumer_filter_data import ConsumerFilterData
    from rocketmq_broker.filter.consumer_filter_manager import ConsumerFilterManager

__all__ = ["ExpressionMessageFilter"]

log = logging.getLogger(__name__)

_SUB_ALL = SubscriptionData.SUB_ALL


class ExpressionMessageFilter(MessageFilter):
    """TAG subscriptions match a consume-queue entry when the subscription is ``*`` or its code set holds the
    entry's tags hash code (PROTOCOL.md §5.6); the client re-checks the tag strings.

    SQL92 subscriptions match every consume-queue entry (this store keeps no bloom filter bit maps, so Java's
    bit-map pre-check always passes) and are decided on the stored record: the compiled expression of
    ``consumer_filter_data`` is evaluated over the message's properties; a result other than True, or an
    evaluation error, means no match. Without filter data (or a compiled expression) everything matches, as in
    Java.
    """

    def __init__(self, subscription_data: Optional[SubscriptionData],
                 consumer_filter_data: Optional["ConsumerFilterData"] = None,
                 consumer_filter_manager: Optional["ConsumerFilterManager"] = None) -> None:
        self.subscription_data = subscription_data
        self.consumer_filter_data = consumer_filter_data
        self.consumer_filter_manager = consumer_filter_manager
        self.bloom_data_valid = False
        sub = subscription_data
        self._tag_type = sub is not None and not sub.class_filter_mode \
            and ExpressionType.is_tag_type(sub.expression_type)
        if sub is not None and self._tag_type:
            self._match_all = sub.sub_string == _SUB_ALL
            self._code_set = sub.code_set
        else:
            self._match_all = True
            self._code_set = None

    def is_matched_by_consume_queue(self, tags_code: Optional[int], cq_ext_unit: Any = None) -> bool:
        """Java ``isMatchedByConsumeQueue``: TAG subscriptions by hash code (``None`` tags code matches)."""
        if self._match_all or tags_code is None:
            return True
        tags_code &= 0xFFFFFFFF  # Java Long.intValue: the low 32 bits, signed
        if tags_code >= 0x80000000:
            tags_code -= 0x100000000
        return tags_code in self._code_set  # type: ignore[operator]

    def is_matched_by_commit_log(self, msg_buffer: Optional[bytes], properties: Optional[Dict[str, str]]) -> bool:
        """Java ``isMatchedByCommitLog``: TAG subscriptions always match here; SQL92 ones evaluate their
        expression over ``properties`` (decoded from ``msg_buffer`` when None)."""
        sub = self.subscription_data
        if sub is None or sub.class_filter_mode or self._tag_type:
            return True
        return self._evaluate(self.consumer_filter_data, msg_buffer, properties)

    @staticmethod
    def _evaluate(filter_data: Optional["ConsumerFilterData"], msg_buffer: Optional[bytes],
                  properties: Optional[Dict[str, str]]) -> bool:
        if filter_data is None or filter_data.expression is None or filter_data.compiled_expression is None:
            return True
        if properties is None and msg_buffer is not None:
            properties = MessageDecoder.decode_properties(msg_buffer)
        result = None
        try:
            result = filter_data.compiled_expression.evaluate(MessageEvaluationContext(properties))
        except Exception:
            log.error("Message Filter error, %s, %s", filter_data, properties, exc_info=True)
        log.debug("Pull eval result: %s, %s, %s", result, filter_data, properties)
        return result is True
