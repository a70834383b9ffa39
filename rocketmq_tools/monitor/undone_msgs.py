"""Java ``org.apache.rocketmq.tools.monitor.UndoneMsgs``, ``FailedMsgs`` and ``DeleteMsgsEvent``: what a monitor
round reports."""
from __future__ import annotations

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

    def __repr__(self) -> str:
        return ("UndoneMsgs [consumerGroup=%s, topic=%s, undoneMsgsTotal=%d, undoneMsgsSingleMQ=%d, "
                "undoneMsgsDelayTimeMills=%d]" % (self.consumer_group, self.topic, self.undone_msgs_total,
                                                  self.undone_msgs_single_mq, self.undone_msgs_delay_time_mills))


class FailedMsgs(Bean):
    """Java ``FailedMsgs`` (Java never reports one; kept for the listener interface)."""

    consumer_group = Prop(str)
    topic = Prop(str)
    failed_msgs_total_recently = Prop(int, 0)

    def __repr__(self) -> str:
        return "FailedMsgs [consumerGroup=%s, topic=%s, failedMsgsTotalRecently=%d]" % (
            self.consumer_group, self.topic, self.failed_msgs_total_recently)


class DeleteMsgsEvent(Bean):
    """Java ``DeleteMsgsEvent``: an offset-moved event read from ``OFFSET_MOVED_EVENT``."""

    offset_moved_event = Prop(OffsetMovedEvent)
    event_timestamp = Prop(int, 0)

    def __repr__(self) -> str:
        return "DeleteMsgsEvent [offsetMovedEvent=%s, eventTimestamp=%d]" % (self.offset_moved_event,
                                                                             self.event_timestamp)
