"""Java ``org.apache.rocketmq.common.admin.TopicStatsTable``."""
from __future__ import annotations

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
