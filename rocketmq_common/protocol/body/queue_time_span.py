"""Java ``org.apache.rocketmq.common.protocol.body.QueueTimeSpan``."""
from __future__ import annotations

import time

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

    def get_min_time_stamp_str(self) -> str:
        """Java ``getMinTimeStampStr``."""
        return _format_millis(self.min_time_stamp)

    def get_max_time_stamp_str(self) -> str:
        """Java ``getMaxTimeStampStr``."""
        return _format_millis(self.max_time_stamp)

    def get_consume_time_stamp_str(self) -> str:
        """Java ``getConsumeTimeStampStr``."""
        return _format_millis(self.consume_time_stamp)
