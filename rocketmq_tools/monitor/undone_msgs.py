"""Java ``org.apache.rocketmq.tools.monitor.UndoneMsgs``, ``FailedMsgs`` and ``DeleteMsgsEvent``: what a monitor
round reports."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.protocol.topic.offset_moved_event import OffsetMovedEvent
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["UndoneMsgs", "FailedMsgs", "DeleteMsgsEvent"]


class UndoneMsgs(Bean):
    """Java ``UndoneMsgs``: a group's backlog on a topic (total, largest queue, delay of the newest message)."""

    consumer_group = Prop(str)
    topic = Prop(str)
    undone_msgs_total = Prop(int, 0)
    undone_msgs_single_mq = Prop(int, 0, wire="undoneMsgsSingleMQ")
    undone_msgs_delay_time_mills = Prop(int, 0)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_undone_msgs_total(self) -> int: return self.undone_msgs_total
    def set_undone_msgs_total(self, undone_msgs_total: int) -> None: self.undone_msgs_total = undone_msgs_total
    def get_undone_msgs_single_mq(self) -> int: return self.undone_msgs_single_mq
    def set_undone_msgs_single_mq(self, undone_msgs_single_mq: int) -> None:
        self.undone_msgs_single_mq = undone_msgs_single_mq
    def get_undone_msgs_delay_time_mills(self) -> int: return self.undone_msgs_delay_time_mills
    def set_undone_msgs_delay_time_mills(self, undone_msgs_delay_time_mills: int) -> None:
        self.undone_msgs_delay_time_mills = undone_msgs_delay_time_mills

    def __repr__(self) -> str:
        return ("UndoneMsgs [consumerGroup=%s, topic=%s, undoneMsgsTotal=%d, undoneMsgsSingleMQ=%d, "
                "undoneMsgsDelayTimeMills=%d]" % (self.consumer_group, self.topic, self.undone_msgs_total,
                                                  self.undone_msgs_single_mq, self.undone_msgs_delay_time_mills))


class FailedMsgs(Bean):
    """Java ``FailedMsgs`` (Java never reports one; kept for the listener interface)."""

    consumer_group = Prop(str)
    topic = Prop(str)
    failed_msgs_total_recently = Prop(int, 0)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_failed_msgs_total_recently(self) -> int: return self.failed_msgs_total_recently
    def set_failed_msgs_total_recently(self, failed_msgs_total_recently: int) -> None:
        self.failed_msgs_total_recently = failed_msgs_total_recently

    def __repr__(self) -> str:
        return "FailedMsgs [consumerGroup=%s, topic=%s, failedMsgsTotalRecently=%d]" % (
            self.consumer_group, self.topic, self.failed_msgs_total_recently)


class DeleteMsgsEvent(Bean):
    """Java ``DeleteMsgsEvent``: an offset-moved event read from ``OFFSET_MOVED_EVENT``."""

    offset_moved_event = Prop(OffsetMovedEvent)
    event_timestamp = Prop(int, 0)

    def get_offset_moved_event(self) -> OffsetMovedEvent: return self.offset_moved_event
    def set_offset_moved_event(self, offset_moved_event: Optional[OffsetMovedEvent]) -> None:
        self.offset_moved_event = offset_moved_event
    def get_event_timestamp(self) -> int: return self.event_timestamp
    def set_event_timestamp(self, event_timestamp: int) -> None: self.event_timestamp = event_timestamp

    def __repr__(self) -> str:
        return "DeleteMsgsEvent [offsetMovedEvent=%s, eventTimestamp=%d]" % (self.offset_moved_event,
                                                                             self.event_timestamp)
