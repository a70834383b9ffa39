"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.statictopic.TopicRemappingDetailWrapper``."""
from __future__ import annotations

from typing import Dict, Optional, Set

from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_remoting.common.bean import MapOf, Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicRemappingDetailWrapper"]


class TopicRemappingDetailWrapper(RemotingSerializable):
    """The outcome of planning a static topic change (``updateStaticTopic`` / ``remappingStaticTopic``): the new
    config and mapping of every broker, the new epoch, and for a remapping the brokers queues move into and out
    of. The tools write it to ``<tmpdir>/<topic>-<epoch>.before`` / ``.after`` and read it back with ``-f``."""

    TYPE_CREATE_OR_UPDATE = "CREATE_OR_UPDATE"
    TYPE_REMAPPING = "REMAPPING"
    SUFFIX_BEFORE = ".before"
    SUFFIX_AFTER = ".after"

    topic = Prop(str)
    type = Prop(str)
    epoch = Prop(int, 0)
    broker_config_map = Prop(MapOf(str, TopicConfigAndQueueMapping), {})
    broker_to_map_in = Prop(SetOf(str), set())
    broker_to_map_out = Prop(SetOf(str), set())

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_type(self) -> str: return self.type
    def set_type(self, type: Optional[str]) -> None: self.type = type
    def get_epoch(self) -> int: return self.epoch
    def set_epoch(self, epoch: int) -> None: self.epoch = epoch
    def get_broker_config_map(self) -> Dict[str, TopicConfigAndQueueMapping]: return self.broker_config_map
    def set_broker_config_map(self, broker_config_map: Dict[str, TopicConfigAndQueueMapping]) -> None:
        self.broker_config_map = broker_config_map
    def get_broker_to_map_in(self) -> Set[str]: return self.broker_to_map_in
    def set_broker_to_map_in(self, broker_to_map_in: Set[str]) -> None: self.broker_to_map_in = broker_to_map_in
    def get_broker_to_map_out(self) -> Set[str]: return self.broker_to_map_out
    def set_broker_to_map_out(self, broker_to_map_out: Set[str]) -> None: self.broker_to_map_out = broker_to_map_out

    def __init__(self, topic: Optional[str] = None, type: Optional[str] = None, epoch: int = 0,
                 broker_config_map: Optional[Dict[str, TopicConfigAndQueueMapping]] = None,
                 broker_to_map_in: Optional[Set[str]] = None, broker_to_map_out: Optional[Set[str]] = None) -> None:
        super().__init__()
        self.topic = topic
        self.type = type
        self.epoch = epoch
        if broker_config_map is not None:
            self.broker_config_map = broker_config_map
        if broker_to_map_in is not None:
            self.broker_to_map_in = broker_to_map_in
        if broker_to_map_out is not None:
            self.broker_to_map_out = broker_to_map_out
