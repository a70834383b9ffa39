"""Java ``org.apache.rocketmq.common.protocol.header.filtersrv.RegisterMessageFilterClassRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RegisterMessageFilterClassRequestHeader"]


class RegisterMessageFilterClassRequestHeader(CommandCustomHeader):
    """Java ``RegisterMessageFilterClassRequestHeader``."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    class_name = Prop(str, required=True)
    class_crc = Prop(int, wire="classCRC", required=True)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_class_name(self) -> str: return self.class_name
    def set_class_name(self, class_name: Optional[str]) -> None: self.class_name = class_name
    def get_class_crc(self) -> int: return self.class_crc
    def set_class_crc(self, class_crc: Optional[int]) -> None: self.class_crc = class_crc
