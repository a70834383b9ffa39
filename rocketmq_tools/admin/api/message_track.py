"""Java ``org.apache.rocketmq.tools.admin.api.MessageTrack``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop, java_string
from rocketmq_tools.admin.api.track_type import TrackType

__all__ = ["MessageTrack"]


class MessageTrack(Bean):
    """One consumer group's track of a message."""

    consumer_group = Prop(str)
    track_type = Prop(TrackType)
    exception_desc = Prop(str)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_track_type(self) -> TrackType: return self.track_type
    def set_track_type(self, track_type: Optional[TrackType]) -> None: self.track_type = track_type
    def get_exception_desc(self) -> str: return self.exception_desc
    def set_exception_desc(self, exception_desc: Optional[str]) -> None: self.exception_desc = exception_desc

    def __str__(self) -> str:
        return "MessageTrack [consumerGroup=%s, trackType=%s, exceptionDesc=%s]" % tuple(
            map(java_string, (self.consumer_group, self.track_type, self.exception_desc)))
