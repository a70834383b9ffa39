"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper``."""
from __future__ import annotations

from typing import Dict

from rocketmq_common.data_version import DataVersion
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_remoting.common.bean import MapOf, Prop

__all__ = ["TopicConfigAndMappingSerializeWrapper"]


class TopicConfigAndMappingSerializeWrapper(TopicConfigSerializeWrapper):
    """A 5.x broker's topic configurations with their static-topic mappings: the infos it registers to the
    NameServer (``topicQueueMappingInfoMap``), the full details (``GET_ALL_TOPIC_CONFIG`` to the tools) and the
    mapping data version. A 4.9.7 NameServer or broker ignores the extra fields."""

    topic_queue_mapping_info_map = Prop(MapOf(str, TopicQueueMappingInfo), {})
    topic_queue_mapping_detail_map = Prop(MapOf(str, TopicQueueMappingDetail), {})
    mapping_data_version = Prop(DataVersion, factory=DataVersion)

    def get_topic_queue_mapping_info_map(self) -> Dict[str, TopicQueueMappingInfo]:
        return self.topic_queue_mapping_info_map
    def set_topic_queue_mapping_info_map(self, topic_queue_mapping_info_map: Dict[str, TopicQueueMappingInfo]) -> None:
        self.topic_queue_mapping_info_map = topic_queue_mapping_info_map
    def get_topic_queue_mapping_detail_map(self) -> Dict[str, TopicQueueMappingDetail]:
        return self.topic_queue_mapping_detail_map
    def set_topic_queue_mapping_detail_map(
            self, topic_queue_mapping_detail_map: Dict[str, TopicQueueMappingDetail]) -> None:
        self.topic_queue_mapping_detail_map = topic_queue_mapping_detail_map
    def get_mapping_data_version(self) -> DataVersion: return self.mapping_data_version
    def set_mapping_data_version(self, mapping_data_version: DataVersion) -> None:
        self.mapping_data_version = mapping_data_version

    @staticmethod
    def from_(wrapper: TopicConfigSerializeWrapper) -> "TopicConfigAndMappingSerializeWrapper":
        """Java ``from`` (a Python keyword): ``wrapper`` itself when it already is one, else a wrapper with its
        configs and data version and no mapping."""
        if isinstance(wrapper, TopicConfigAndMappingSerializeWrapper):
            return wrapper
        mapping_wrapper = TopicConfigAndMappingSerializeWrapper()
        mapping_wrapper.data_version = wrapper.data_version
        mapping_wrapper.topic_config_table = wrapper.topic_config_table
        return mapping_wrapper
