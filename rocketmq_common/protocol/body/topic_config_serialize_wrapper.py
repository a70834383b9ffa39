"""Java ``org.apache.rocketmq.common.protocol.body.TopicConfigSerializeWrapper``."""
from __future__ import annotations


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
