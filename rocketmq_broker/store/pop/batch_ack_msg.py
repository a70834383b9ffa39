"""Java ``org.apache.rocketmq.store.pop.BatchAckMsg`` (5.3.3): the acks of one checkpoint (tag ``bAck``)."""
from __future__ import annotations

from typing import List

from rocketmq_broker.store.pop.ack_msg import AckMsg
from rocketmq_remoting.common.bean import ListOf, Prop

__all__ = ["BatchAckMsg"]


class BatchAckMsg(AckMsg):
    """An :class:`AckMsg` for several offsets (``ack_offset_list``; ``ack_offset`` is -1)."""

    ack_offset_list = Prop(ListOf(int), [], wire="aol")

    def get_ack_offset_list(self) -> List[int]: return self.ack_offset_list
    def set_ack_offset_list(self, ack_offset_list: List[int]) -> None: self.ack_offset_list = ack_offset_list

    def __repr__(self) -> str:
        return ("BatchAckMsg{ackOffsetList=%s, startOffset=%d, consumerGroup='%s', topic='%s', queueId=%d, "
                "popTime=%d, brokerName=%s}" % (
                    "[%s]" % ", ".join(map(str, self.ack_offset_list)), self.start_offset, self.consumer_group,
                    self.topic, self.queue_id, self.pop_time, self.broker_name))
