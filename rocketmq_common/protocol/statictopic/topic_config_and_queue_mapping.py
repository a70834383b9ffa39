"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.statictopic.TopicConfigAndQueueMapping``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.common.bean import Prop, java_string

__all__ = ["TopicConfigAndQueueMapping"]


class TopicConfigAndQueueMapping(TopicConfig):
    """A broker's topic config with its static-topic mapping (the ``GET_TOPIC_CONFIG`` response body of a 5.x
    broker, the per-broker entries of ``updateStaticTopic``). Its JSON is TopicConfig's plus ``mappingDetail``
    (decode it with ``from_json_value``: :meth:`TopicConfig.decode` is the text form). Equal and hashed by the
    topic config and the mapping detail, as in Java."""

    mapping_detail = Prop(TopicQueueMappingDetail)

    def get_mapping_detail(self) -> TopicQueueMappingDetail: return self.mapping_detail
    def set_mapping_detail(self, mapping_detail: Optional[TopicQueueMappingDetail]) -> None:
        self.mapping_detail = mapping_detail

    def __init__(self, topic_config: Optional[TopicConfig] = None,
                 mapping_detail: Optional[TopicQueueMappingDetail] = None, **kwargs: Any) -> None:
        """``TopicConfigAndQueueMapping(topic_config, mapping_detail)`` copies the config's fields as Java's
        ``TopicConfig(TopicConfig)`` does; keywords set properties, as on other beans."""
        super().__init__(**kwargs)
        if topic_config is not None:
            for prop in TopicConfig._props:
                value = getattr(topic_config, prop.name)
                setattr(self, prop.name, dict(value) if isinstance(value, dict) else value)
        if mapping_detail is not None:
            self.mapping_detail = mapping_detail

    def _key(self):
        return super()._key() + (self.mapping_detail,)

    def __repr__(self) -> str:
        return "%s, mappingDetail=%s]" % (super().__repr__()[:-1], java_string(self.mapping_detail))
