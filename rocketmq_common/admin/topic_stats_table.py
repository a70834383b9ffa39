"""Java ``org.apache.rocketmq.common.admin.TopicStatsTable``."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_common.admin.topic_offset import TopicOffset
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicStatsTable"]


class TopicStatsTable(RemotingSerializable):
    """Body of the ``GET_TOPIC_STATS_INFO`` response: offsets per queue (MessageQueue object keys on the wire) and,
    from a 5.x broker, the topic's put TPS (``topic_put_tps``, 5.3.3; None from a 4.9 broker)."""

    offset_table = Prop(MapOf(MessageQueue, TopicOffset), {})
    topic_put_tps = Prop(float)

    def get_offset_table(self) -> Dict[MessageQueue, TopicOffset]: return self.offset_table
    def set_offset_table(self, offset_table: Dict[MessageQueue, TopicOffset]) -> None: self.offset_table = offset_table
    def get_topic_put_tps(self) -> float: return self.topic_put_tps
    def set_topic_put_tps(self, topic_put_tps: Optional[float]) -> None: self.topic_put_tps = topic_put_tps
