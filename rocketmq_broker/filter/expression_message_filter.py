"""Java ``org.apache.rocketmq.broker.filter.ExpressionMessageFilter``: the filter of a pull request."""
from __future__ import annotations

import logging
from typing import Any, Dict, Optional

from rocketmq_broker.store.message_filter import MessageFilter
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

__all__ = ["ExpressionMessageFilter"]

log = logging.getLogger(__name__)

_SUB_ALL = SubscriptionData.SUB_ALL


class ExpressionMessageFilter(MessageFilter):
    """TAG subscriptions match a consume-queue entry when the subscription is ``*`` or its code set holds the
    entry's tags hash code (PROTOCOL.md §5.6); the client re-checks the tag strings.

    SQL92 subscriptions (``consumer_filter_data`` from the consumer filter manager) are evaluated only once
    property filtering exists (issue 9); until then they match everything here, and the pull processor refuses
    them beforehand unless ``enablePropertyFilter`` is on, as Java does.
    """

    def __init__(self, subscription_data: Optional[SubscriptionData], consumer_filter_data: Any = None,
                 consumer_filter_manager: Any = None) -> None:
        self.subscription_data = subscription_data
        self.consumer_filter_data = consumer_filter_data
        self.consumer_filter_manager = consumer_filter_manager
        self.bloom_data_valid = False
        # precomputed TAG decision: None when not a plain TAG filter
        sub = subscription_data
        if sub is None or sub.class_filter_mode:
            self._match_all = True
            self._code_set = None
        elif ExpressionType.is_tag_type(sub.expression_type):
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
        """Java ``isMatchedByCommitLog``: TAG subscriptions always match here; SQL92 evaluation is issue 9."""
        return True
