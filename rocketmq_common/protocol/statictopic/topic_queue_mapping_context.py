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
