"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingOne``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicQueueMappingOne"]


class TopicQueueMappingOne(RemotingSerializable):
    """One logical queue as the tools see it while checking a static topic: its id, the broker of its leader
    item, the items and the detail they came from. Equal and hashed by every field, as in Java."""

    topic = Prop(str)
    bname = Prop(str)
    global_id = Prop(int)
    items = Prop(ListOf(LogicQueueMappingItem))
    mapping_detail = Prop(TopicQueueMappingDetail)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_bname(self) -> str: return self.bname
    def set_bname(self, bname: Optional[str]) -> None: self.bname = bname
    def get_global_id(self) -> int: return self.global_id
    def set_global_id(self, global_id: Optional[int]) -> None: self.global_id = global_id
    def get_items(self) -> List[LogicQueueMappingItem]: return self.items
    def set_items(self, items: Optional[List[LogicQueueMappingItem]]) -> None: self.items = items
    def get_mapping_detail(self) -> TopicQueueMappingDetail: return self.mapping_detail
    def set_mapping_detail(self, mapping_detail: Optional[TopicQueueMappingDetail]) -> None:
        self.mapping_detail = mapping_detail

    def __init__(self, mapping_detail: Optional[TopicQueueMappingDetail] = None, topic: Optional[str] = None,
                 bname: Optional[str] = None, global_id: Optional[int] = None,
                 items: Optional[List[LogicQueueMappingItem]] = None) -> None:
        super().__init__(mapping_detail=mapping_detail, topic=topic, bname=bname, global_id=global_id, items=items)

    def _key(self):
        return (self.topic, self.bname, self.global_id, None if self.items is None else tuple(self.items),
                self.mapping_detail)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, TopicQueueMappingOne) and self._key() == other._key())

    def __hash__(self) -> int:
        return hash(self._key())
