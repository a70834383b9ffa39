"""Java ``org.apache.rocketmq.store.pop.AckMsg`` (5.3.3): an ack in the revive topic."""
from __future__ import annotations

from typing import Optional

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

    def get_ack_offset(self) -> int: return self.ack_offset
    def set_ack_offset(self, ack_offset: int) -> None: self.ack_offset = ack_offset
    def get_start_offset(self) -> int: return self.start_offset
    def set_start_offset(self, start_offset: int) -> None: self.start_offset = start_offset
    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_pop_time(self) -> int: return self.pop_time
    def set_pop_time(self, pop_time: int) -> None: self.pop_time = pop_time
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name

    def __repr__(self) -> str:
        return ("AckMsg{ackOffset=%d, startOffset=%d, consumerGroup='%s', topic='%s', queueId=%d, popTime=%d, "
                "brokerName=%s}" % (self.ack_offset, self.start_offset, self.consumer_group, self.topic,
                                    self.queue_id, self.pop_time, self.broker_name))
