"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingContext``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["TopicQueueMappingContext"]


class TopicQueueMappingContext(Bean):
    """What a broker resolved for a request on a static topic's logical queue (``global_id``): the topic's
    mapping detail, the queue's items, its leader item and the item the request is served from
    (``current_item``). ``mapping_detail`` is None for a topic that is not static."""

    topic = Prop(str)
    global_id = Prop(int)
    mapping_detail = Prop(TopicQueueMappingDetail)
    mapping_item_list = Prop(ListOf(LogicQueueMappingItem))
    leader_item = Prop(LogicQueueMappingItem)
    current_item = Prop(LogicQueueMappingItem)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_global_id(self) -> int: return self.global_id
    def set_global_id(self, global_id: Optional[int]) -> None: self.global_id = global_id
    def get_mapping_detail(self) -> TopicQueueMappingDetail: return self.mapping_detail
    def set_mapping_detail(self, mapping_detail: Optional[TopicQueueMappingDetail]) -> None:
        self.mapping_detail = mapping_detail
    def get_mapping_item_list(self) -> List[LogicQueueMappingItem]: return self.mapping_item_list
    def set_mapping_item_list(self, mapping_item_list: Optional[List[LogicQueueMappingItem]]) -> None:
        self.mapping_item_list = mapping_item_list
    def get_leader_item(self) -> LogicQueueMappingItem: return self.leader_item
    def set_leader_item(self, leader_item: Optional[LogicQueueMappingItem]) -> None: self.leader_item = leader_item
    def get_current_item(self) -> LogicQueueMappingItem: return self.current_item
    def set_current_item(self, current_item: Optional[LogicQueueMappingItem]) -> None: self.current_item = current_item

    def __init__(self, topic: Optional[str] = None, global_id: Optional[int] = None,
                 mapping_detail: Optional[TopicQueueMappingDetail] = None,
                 mapping_item_list: Optional[List[LogicQueueMappingItem]] = None,
                 leader_item: Optional[LogicQueueMappingItem] = None) -> None:
        super().__init__(topic=topic, global_id=global_id, mapping_detail=mapping_detail,
                         mapping_item_list=mapping_item_list, leader_item=leader_item)

    def is_leader(self) -> bool:
        """Java ``isLeader``: the leader item is on this broker."""
        return (self.leader_item is not None and self.mapping_detail is not None
                and self.leader_item.bname == self.mapping_detail.bname)
