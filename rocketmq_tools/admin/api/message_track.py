"""Java ``org.apache.rocketmq.tools.admin.api.MessageTrack``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop, java_string
from rocketmq_tools.admin.api.track_type import TrackType

__all__ = ["MessageTrack"]


class MessageTrack(Bean):
    """One consumer group's track of a message."""

    consumer_group = Prop(str)
    track_type = Prop(TrackType)
    exception_desc = Prop(str)

    def __str__(self) -> str:
        return "MessageTrack [consumerGroup=%s, trackType=%s, exceptionDesc=%s]" % tuple(
            map(java_string, (self.consumer_group, self.track_type, self.exception_desc)))
