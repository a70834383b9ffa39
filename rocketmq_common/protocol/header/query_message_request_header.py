"""Java ``org.apache.rocketmq.common.protocol.header.QueryMessageRequestHeader``,
with ``QueryMessageResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["QueryMessageRequestHeader", "QueryMessageResponseHeader"]


class QueryMessageRequestHeader(TopicRequestHeader):
    """Java ``QueryMessageRequestHeader``."""

    topic = Prop(str, required=True)
    key = Prop(str, required=True)
    max_num = Prop(int, required=True)
    begin_timestamp = Prop(int, required=True)
    end_timestamp = Prop(int, required=True)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_key(self) -> str: return self.key
    def set_key(self, key: Optional[str]) -> None: self.key = key
    def get_max_num(self) -> int: return self.max_num
    def set_max_num(self, max_num: Optional[int]) -> None: self.max_num = max_num
    def get_begin_timestamp(self) -> int: return self.begin_timestamp
    def set_begin_timestamp(self, begin_timestamp: Optional[int]) -> None: self.begin_timestamp = begin_timestamp
    def get_end_timestamp(self) -> int: return self.end_timestamp
    def set_end_timestamp(self, end_timestamp: Optional[int]) -> None: self.end_timestamp = end_timestamp


class QueryMessageResponseHeader(CommandCustomHeader):
    """Java ``QueryMessageResponseHeader``."""

    index_last_update_timestamp = Prop(int, required=True)
    index_last_update_phyoffset = Prop(int, required=True)

    def get_index_last_update_timestamp(self) -> int: return self.index_last_update_timestamp
    def set_index_last_update_timestamp(self, index_last_update_timestamp: Optional[int]) -> None:
        self.index_last_update_timestamp = index_last_update_timestamp
    def get_index_last_update_phyoffset(self) -> int: return self.index_last_update_phyoffset
    def set_index_last_update_phyoffset(self, index_last_update_phyoffset: Optional[int]) -> None:
        self.index_last_update_phyoffset = index_last_update_phyoffset
