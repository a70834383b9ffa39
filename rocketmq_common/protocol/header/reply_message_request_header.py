"""Java ``org.apache.rocketmq.common.protocol.header.ReplyMessageRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["ReplyMessageRequestHeader"]


class ReplyMessageRequestHeader(TopicQueueRequestHeader):
    """Java ``ReplyMessageRequestHeader``."""

    producer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    default_topic = Prop(str, required=True)
    default_topic_queue_nums = Prop(int, required=True)
    queue_id = Prop(int, required=True)
    sys_flag = Prop(int, required=True)
    born_timestamp = Prop(int, required=True)
    flag = Prop(int, required=True)
    properties = Prop(str)
    reconsume_times = Prop(int)
    unit_mode = Prop(bool, False)
    born_host = Prop(str, required=True)
    store_host = Prop(str, required=True)
    store_timestamp = Prop(int, 0, required=True)

    def get_producer_group(self) -> str: return self.producer_group
    def set_producer_group(self, producer_group: Optional[str]) -> None: self.producer_group = producer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_default_topic(self) -> str: return self.default_topic
    def set_default_topic(self, default_topic: Optional[str]) -> None: self.default_topic = default_topic
    def get_default_topic_queue_nums(self) -> int: return self.default_topic_queue_nums
    def set_default_topic_queue_nums(self, default_topic_queue_nums: Optional[int]) -> None:
        self.default_topic_queue_nums = default_topic_queue_nums
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id
    def get_sys_flag(self) -> int: return self.sys_flag
    def set_sys_flag(self, sys_flag: Optional[int]) -> None: self.sys_flag = sys_flag
    def get_born_timestamp(self) -> int: return self.born_timestamp
    def set_born_timestamp(self, born_timestamp: Optional[int]) -> None: self.born_timestamp = born_timestamp
    def get_flag(self) -> int: return self.flag
    def set_flag(self, flag: Optional[int]) -> None: self.flag = flag
    def get_properties(self) -> str: return self.properties
    def set_properties(self, properties: Optional[str]) -> None: self.properties = properties
    def get_reconsume_times(self) -> int: return self.reconsume_times
    def set_reconsume_times(self, reconsume_times: Optional[int]) -> None: self.reconsume_times = reconsume_times
    def get_unit_mode(self) -> bool: return self.unit_mode
    def is_unit_mode(self) -> bool: return self.unit_mode
    def set_unit_mode(self, unit_mode: bool) -> None: self.unit_mode = unit_mode
    def get_born_host(self) -> str: return self.born_host
    def set_born_host(self, born_host: Optional[str]) -> None: self.born_host = born_host
    def get_store_host(self) -> str: return self.store_host
    def set_store_host(self, store_host: Optional[str]) -> None: self.store_host = store_host
    def get_store_timestamp(self) -> int: return self.store_timestamp
    def set_store_timestamp(self, store_timestamp: int) -> None: self.store_timestamp = store_timestamp
