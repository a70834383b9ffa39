"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.body.TopicQueueMappingSerializeWrapper``."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_common.data_version import DataVersion
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicQueueMappingSerializeWrapper"]


class TopicQueueMappingSerializeWrapper(RemotingSerializable):
    """A broker's static-topic mapping details by topic with their data version (its ``topicQueueMapping.json``
    store file)."""

    topic_queue_mapping_info_map = Prop(MapOf(str, TopicQueueMappingDetail))
    data_version = Prop(DataVersion, factory=DataVersion)

    def get_topic_queue_mapping_info_map(self) -> Dict[str, TopicQueueMappingDetail]:
        return self.topic_queue_mapping_info_map
    def set_topic_queue_mapping_info_map(
            self, topic_queue_mapping_info_map: Optional[Dict[str, TopicQueueMappingDetail]]) -> None:
        self.topic_queue_mapping_info_map = topic_queue_mapping_info_map
    def get_data_version(self) -> DataVersion: return self.data_version
    def set_data_version(self, data_version: DataVersion) -> None: self.data_version = data_version
