"""Java ``org.apache.rocketmq.store.pop.AckMsg`` (5.3.3): an ack in the revive topic."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["AckMsg"]


class AckMsg(RemotingSerializable):
    """The ack of the message at ``ack_offset``, popped at ``pop_time`` in the checkpoint starting at
    ``start_offset``; stored as JSON under Java's short names (tag ``ack``), delivered by the timer at the
    message's revive time."""

    ack_offset = Prop(int, 0, wire="ao")
    start_offset = Prop(int, 0, wire="so")
    consumer_group = Prop(str, wire="c")
    topic = Prop(str, wire="t")
    queue_id = Prop(int, 0, wire="q")
    pop_time = Prop(int, 0, wire="pt")
    broker_name = Prop(str, wire="bn")

    def __repr__(self) -> str:
        return ("AckMsg{ackOffset=%d, startOffset=%d, consumerGroup='%s', topic='%s', queueId=%d, popTime=%d, "
                "brokerName=%s}" % (self.ack_offset, self.start_offset, self.consumer_group, self.topic,
                                    self.queue_id, self.pop_time, self.broker_name))
