"""Java ``org.apache.rocketmq.store.MessageExtBrokerInner``: a message being written by the broker."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.topic_filter_type import TopicFilterType
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Prop

__all__ = ["MessageExtBrokerInner"]


class MessageExtBrokerInner(MessageExt):
    """Adds the raw properties string (written as is into the store) and the tags hash code."""

    properties_string = Prop(str)
    tags_code = Prop(int, 0)
    encoded_buff = Prop(bytes)

    def get_properties_string(self) -> str: return self.properties_string
    def set_properties_string(self, properties_string: Optional[str]) -> None:
        self.properties_string = properties_string
    def get_tags_code(self) -> int: return self.tags_code
    def set_tags_code(self, tags_code: int) -> None: self.tags_code = tags_code
    def get_encoded_buff(self) -> bytes: return self.encoded_buff
    def set_encoded_buff(self, encoded_buff: Optional[bytes]) -> None: self.encoded_buff = encoded_buff

    @staticmethod
    def tags_string2tags_code(tags: Optional[str], filter_type: Optional[TopicFilterType] = None) -> int:
        """Java ``tagsString2tagsCode`` (both overloads): ``String.hashCode`` of the tags, 0 when empty."""
        if not tags:
            return 0
        return UtilAll.string_hash_code(tags)
