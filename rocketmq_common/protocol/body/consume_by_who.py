"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeByWho``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ConsumeByWho"]


class ConsumeByWho(RemotingSerializable):
    """Which groups consumed (or did not consume) a message at a queue offset."""

    consumed_group = Prop(SetOf(str), set())
    not_consumed_group = Prop(SetOf(str), set())
    topic = Prop(str)
    queue_id = Prop(int, 0)
    offset = Prop(int, 0)
