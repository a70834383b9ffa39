"""Java ``org.apache.rocketmq.client.QueryResult``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["QueryResult"]


class QueryResult(Bean):
    """Messages found by a key query, with the newest index update time of the brokers that answered."""

    index_last_update_timestamp = Prop(int, required=True)
    # (a ListOf Prop is a Prop[Any]: the annotation gives its reads their type)
    message_list: Prop[List[MessageExt]] = Prop(ListOf(MessageExt), required=True)

    def get_index_last_update_timestamp(self) -> int: return self.index_last_update_timestamp
    def set_index_last_update_timestamp(self, index_last_update_timestamp: Optional[int]) -> None:
        self.index_last_update_timestamp = index_last_update_timestamp
    def get_message_list(self) -> List[MessageExt]: return self.message_list
    def set_message_list(self, message_list: Optional[List[MessageExt]]) -> None: self.message_list = message_list

    def __init__(self, index_last_update_timestamp: int, message_list: List[MessageExt]) -> None:
        self.index_last_update_timestamp = index_last_update_timestamp
        self.message_list = message_list

    def __repr__(self) -> str:
        return "QueryResult [indexLastUpdateTimestamp=%d, messageList=%s]" % (
            self.index_last_update_timestamp, self.message_list)
