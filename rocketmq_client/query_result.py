"""Java ``org.apache.rocketmq.client.QueryResult``."""
from __future__ import annotations

from typing import List

from rocketmq_common.message.message_ext import MessageExt

__all__ = ["QueryResult"]


class QueryResult:
    """Messages found by a key query, with the newest index update time of the brokers that answered."""

    __slots__ = ("_index_last_update_timestamp", "_message_list")

    def __init__(self, index_last_update_timestamp: int, message_list: List[MessageExt]) -> None:
        self._index_last_update_timestamp = index_last_update_timestamp
        self._message_list = message_list

    def get_index_last_update_timestamp(self) -> int:
        """Java ``getIndexLastUpdateTimestamp``."""
        return self._index_last_update_timestamp

    def get_message_list(self) -> List[MessageExt]:
        """Java ``getMessageList``."""
        return self._message_list

    def __repr__(self) -> str:
        return "QueryResult [indexLastUpdateTimestamp=%d, messageList=%s]" % (
            self._index_last_update_timestamp, self._message_list)
