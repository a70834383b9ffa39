"""Java ``org.apache.rocketmq.common.protocol.body.TopicConfigSerializeWrapper``."""
from __future__ import annotations


from typing import Dict

from rocketmq_common.data_version import DataVersion
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicConfigSerializeWrapper"]


class TopicConfigSerializeWrapper(RemotingSerializable):
    """A broker's topic configurations with their data version (``GET_ALL_TOPIC_CONFIG`` response, broker
    registration)."""

    topic_config_table = Prop(MapOf(str, TopicConfig), {})
    data_version = Prop(DataVersion, factory=DataVersion)

    def get_topic_config_table(self) -> Dict[str, TopicConfig]: return self.topic_config_table
    def set_topic_config_table(self, topic_config_table: Dict[str, TopicConfig]) -> None:
        self.topic_config_table = topic_config_table
    def get_data_version(self) -> DataVersion: return self.data_version
    def set_data_version(self, data_version: DataVersion) -> None: self.data_version = data_version
