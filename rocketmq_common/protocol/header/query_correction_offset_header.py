"""Java ``org.apache.rocketmq.common.protocol.header.QueryCorrectionOffsetHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["QueryCorrectionOffsetHeader"]


class QueryCorrectionOffsetHeader(TopicRequestHeader):
    """Java ``QueryCorrectionOffsetHeader``."""

    filter_groups = Prop(str)
    compare_group = Prop(str, required=True)
    topic = Prop(str, required=True)

    def get_filter_groups(self) -> str: return self.filter_groups
    def set_filter_groups(self, filter_groups: Optional[str]) -> None: self.filter_groups = filter_groups
    def get_compare_group(self) -> str: return self.compare_group
    def set_compare_group(self, compare_group: Optional[str]) -> None: self.compare_group = compare_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
