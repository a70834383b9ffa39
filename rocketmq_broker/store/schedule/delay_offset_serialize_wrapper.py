"""Java ``org.apache.rocketmq.store.schedule.DelayOffsetSerializeWrapper``: ``config/delayOffset.json``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["DelayOffsetSerializeWrapper"]


class DelayOffsetSerializeWrapper(RemotingSerializable):
    """Delivery progress: delay level -> next consume-queue offset of ``SCHEDULE_TOPIC_XXXX`` to deliver."""

    offset_table = Prop(MapOf(int, int), {})
