"""Java ``org.apache.rocketmq.common.protocol.body.QueueTimeSpan``."""
from __future__ import annotations

import time
from typing import Optional

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["QueueTimeSpan"]


def _format_millis(millis: int) -> str:
    """Java ``UtilAll.formatDate(new Date(millis), "yyyy-MM-dd#HH:mm:ss:SSS")`` in local time."""
    seconds, ms = divmod(millis, 1000)
    return time.strftime("%Y-%m-%d#%H:%M:%S", time.localtime(seconds)) + ":%03d" % ms


class QueueTimeSpan(Bean):
    """Store-time span of a queue and the consume position of a group (``QUERY_CONSUME_TIME_SPAN``).

    fastjson also writes the derived ``minTimeStampStr``/``maxTimeStampStr``/``consumeTimeStampStr`` getters;
    Java readers ignore them (no setters), so they are provided as methods but not serialized.
    """

    message_queue = Prop(MessageQueue)
    min_time_stamp = Prop(int, 0)
    max_time_stamp = Prop(int, 0)
    consume_time_stamp = Prop(int, 0)
    delay_time = Prop(int, 0)

    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_min_time_stamp(self) -> int: return self.min_time_stamp
    def set_min_time_stamp(self, min_time_stamp: int) -> None: self.min_time_stamp = min_time_stamp
    def get_max_time_stamp(self) -> int: return self.max_time_stamp
    def set_max_time_stamp(self, max_time_stamp: int) -> None: self.max_time_stamp = max_time_stamp
    def get_consume_time_stamp(self) -> int: return self.consume_time_stamp
    def set_consume_time_stamp(self, consume_time_stamp: int) -> None: self.consume_time_stamp = consume_time_stamp
    def get_delay_time(self) -> int: return self.delay_time
    def set_delay_time(self, delay_time: int) -> None: self.delay_time = delay_time

    def get_min_time_stamp_str(self) -> str:
        """Java ``getMinTimeStampStr``."""
        return _format_millis(self.min_time_stamp)

    def get_max_time_stamp_str(self) -> str:
        """Java ``getMaxTimeStampStr``."""
        return _format_millis(self.max_time_stamp)

    def get_consume_time_stamp_str(self) -> str:
        """Java ``getConsumeTimeStampStr``."""
        return _format_millis(self.consume_time_stamp)
