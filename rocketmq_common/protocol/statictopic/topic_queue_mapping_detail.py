"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail``."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_remoting.common.bean import ListOf, MapOf, Prop, java_string

__all__ = ["TopicQueueMappingDetail"]


class TopicQueueMappingDetail(TopicQueueMappingInfo):
    """A broker's full mapping of a static topic: besides the registered info, ``hosted_queues``, logical queue
    id -> its items (generations, oldest first, the last one the leader) for every logical queue this broker
    holds an item of. Kept by the broker, not registered to the NameServer. Equal and hashed by
    ``hosted_queues`` only, as in Java."""

    hosted_queues = Prop(MapOf(int, ListOf(LogicQueueMappingItem)), {})

    def get_hosted_queues(self) -> Dict[int, List[LogicQueueMappingItem]]: return self.hosted_queues
    def set_hosted_queues(self, hosted_queues: Dict[int, List[LogicQueueMappingItem]]) -> None:
        self.hosted_queues = hosted_queues

    @staticmethod
    def put_mapping_info(mapping_detail: "TopicQueueMappingDetail", global_id: int,
                         mapping_info: List[LogicQueueMappingItem]) -> bool:
        """Java ``putMappingInfo``: store the items of a logical queue (an empty list is not stored)."""
        if not mapping_info:
            return True
        mapping_detail.hosted_queues[global_id] = mapping_info
        return True

    @staticmethod
    def get_mapping_info(mapping_detail: "TopicQueueMappingDetail",
                         global_id: int) -> Optional[List[LogicQueueMappingItem]]:
        """Java ``getMappingInfo``: the items of a logical queue (None when this broker holds none)."""
        return mapping_detail.hosted_queues.get(global_id)

    @staticmethod
    def build_id_map(mapping_detail: "TopicQueueMappingDetail", level: int) -> Dict[int, int]:
        """Java ``buildIdMap``: logical -> physical queue id of the queues whose leader item is on this broker
        (level 0, the only one Java defines)."""
        assert level == TopicQueueMappingInfo.LEVEL_0
        id_map: Dict[int, int] = {}
        for global_id, items in (mapping_detail.hosted_queues or {}).items():
            if items:
                curr = items[-1]
                if mapping_detail.bname == curr.bname:
                    id_map[global_id] = curr.queue_id
        return id_map

    @staticmethod
    def compute_max_offset_from_mapping(mapping_detail: "TopicQueueMappingDetail", global_id: int) -> int:
        """Java ``computeMaxOffsetFromMapping``: the max logical offset of the queue's last item (-1 without)."""
        items = TopicQueueMappingDetail.get_mapping_info(mapping_detail, global_id)
        if not items:
            return -1
        return items[-1].compute_max_static_queue_offset()

    @staticmethod
    def clone_as_mapping_info(mapping_detail: "TopicQueueMappingDetail") -> TopicQueueMappingInfo:
        """Java ``cloneAsMappingInfo``: the info the broker registers, with its level-0 id map."""
        info = TopicQueueMappingInfo(mapping_detail.topic, mapping_detail.total_queues, mapping_detail.bname,
                                     mapping_detail.epoch)
        info.curr_id_map = TopicQueueMappingDetail.build_id_map(mapping_detail, TopicQueueMappingInfo.LEVEL_0)
        return info

    @staticmethod
    def check_if_as_physical(mapping_detail: "TopicQueueMappingDetail", global_id: int) -> bool:
        """Java ``checkIfAsPhysical``: the logical queue is its physical queue (not hosted, or one item from 0)."""
        items = TopicQueueMappingDetail.get_mapping_info(mapping_detail, global_id)
        return items is None or (len(items) == 1 and items[0].logic_offset == 0)

    def __init__(self, topic: Optional[str] = None, total_queues: int = 0, bname: Optional[str] = None,
                 epoch: int = 0, **kwargs: Any) -> None:
        super().__init__(topic, total_queues, bname, epoch, **kwargs)

    def _key(self):
        return None if self.hosted_queues is None else tuple(
            sorted((k, tuple(v or ())) for k, v in self.hosted_queues.items()))

    def __repr__(self) -> str:
        return ("TopicQueueMappingDetail{hostedQueues=%s, topic='%s', totalQueues=%d, bname='%s', epoch=%d, "
                "dirty=%s, currIdMap=%s}" % (java_string(self.hosted_queues), self.topic, self.total_queues,
                                             self.bname, self.epoch, java_string(self.dirty),
                                             java_string(self.curr_id_map)))
