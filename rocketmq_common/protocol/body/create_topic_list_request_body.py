"""Java ``org.apache.rocketmq.remoting.protocol.body.CreateTopicListRequestBody`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["CreateTopicListRequestBody"]


class CreateTopicListRequestBody(RemotingSerializable):
    """Body of UPDATE_AND_CREATE_TOPIC_LIST (18): the topic configurations to create or update at once."""

    topic_config_list = Prop(ListOf(TopicConfig), required=True)

    def get_topic_config_list(self) -> List[TopicConfig]: return self.topic_config_list
    def set_topic_config_list(self, topic_config_list: Optional[List[TopicConfig]]) -> None:
        self.topic_config_list = topic_config_list
