"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo``."""
from __future__ import annotations

from typing import Any, Dict, Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.common.bean import MapOf, Prop, java_string
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicQueueMappingInfo"]


class TopicQueueMappingInfo(RemotingSerializable):
    """What one broker registers about a static topic (the route's ``topicQueueMappingByBroker`` values): the
    topic's logical queue count, the broker ``bname``, the ``epoch`` that fences older data, and ``curr_id_map``,
    logical queue id -> physical queue id of the queues whose current leader is on this broker. Equal and hashed
    by every field, as in Java."""

    LEVEL_0 = 0

    topic = Prop(str)
    scope = Prop(str, MixAll.METADATA_SCOPE_GLOBAL)
    total_queues = Prop(int, 0)
    bname = Prop(str)
    epoch = Prop(int, 0)
    dirty = Prop(bool, False)
    curr_id_map = Prop(MapOf(int, int), {})

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_scope(self) -> str: return self.scope
    def set_scope(self, scope: str) -> None: self.scope = scope
    def get_total_queues(self) -> int: return self.total_queues
    def set_total_queues(self, total_queues: int) -> None: self.total_queues = total_queues
    def get_bname(self) -> str: return self.bname
    def set_bname(self, bname: Optional[str]) -> None: self.bname = bname
    def get_epoch(self) -> int: return self.epoch
    def set_epoch(self, epoch: int) -> None: self.epoch = epoch
    def get_dirty(self) -> bool: return self.dirty
    def is_dirty(self) -> bool: return self.dirty
    def set_dirty(self, dirty: bool) -> None: self.dirty = dirty
    def get_curr_id_map(self) -> Dict[int, int]: return self.curr_id_map
    def set_curr_id_map(self, curr_id_map: Dict[int, int]) -> None: self.curr_id_map = curr_id_map

    def __init__(self, topic: Optional[str] = None, total_queues: int = 0, bname: Optional[str] = None,
                 epoch: int = 0, **kwargs: Any) -> None:
        super().__init__(topic=topic, total_queues=total_queues, bname=bname, epoch=epoch, **kwargs)

    def _key(self):
        return (self.topic, self.scope, self.total_queues, self.bname, self.epoch, self.dirty,
                None if self.curr_id_map is None else tuple(sorted(self.curr_id_map.items())))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, TopicQueueMappingInfo) and self._key() == other._key())

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return ("TopicQueueMappingInfo{topic='%s', scope='%s', totalQueues=%d, bname='%s', epoch=%d, dirty=%s, "
                "currIdMap=%s}" % (self.topic, self.scope, self.total_queues, self.bname, self.epoch,
                                   java_string(self.dirty), java_string(self.curr_id_map)))
