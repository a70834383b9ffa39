"""Java ``org.apache.rocketmq.common.protocol.header.CreateTopicRequestHeader`` as of 5.3.3 (``attributes``)."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_common.topic_filter_type import TopicFilterType
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.exception import RemotingCommandException

__all__ = ["CreateTopicRequestHeader"]


class CreateTopicRequestHeader(TopicRequestHeader):
    """Java ``CreateTopicRequestHeader``."""

    topic = Prop(str, required=True)
    default_topic = Prop(str, required=True)
    read_queue_nums = Prop(int, required=True)
    write_queue_nums = Prop(int, required=True)
    perm = Prop(int, required=True)
    topic_filter_type = Prop(str, required=True)
    topic_sys_flag = Prop(int)
    order = Prop(bool, False, required=True)
    #: 5.3.3: the attribute changes, ``+key=value,-key`` (AttributeParser); a 4.9.7 broker ignores them
    attributes = Prop(str)
    #: 5.3.3 (``updateStaticTopic``): create or update the topic even though it is a static topic's. Java
    #: initialises it false and sends it always; here it is sent only when set, as a 4.9.7 client sends the header
    force = Prop(bool)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_default_topic(self) -> str: return self.default_topic
    def set_default_topic(self, default_topic: Optional[str]) -> None: self.default_topic = default_topic
    def get_read_queue_nums(self) -> int: return self.read_queue_nums
    def set_read_queue_nums(self, read_queue_nums: Optional[int]) -> None: self.read_queue_nums = read_queue_nums
    def get_write_queue_nums(self) -> int: return self.write_queue_nums
    def set_write_queue_nums(self, write_queue_nums: Optional[int]) -> None: self.write_queue_nums = write_queue_nums
    def get_perm(self) -> int: return self.perm
    def set_perm(self, perm: Optional[int]) -> None: self.perm = perm
    def get_topic_filter_type(self) -> str: return self.topic_filter_type
    def set_topic_filter_type(self, topic_filter_type: Optional[str]) -> None:
        self.topic_filter_type = topic_filter_type
    def get_topic_sys_flag(self) -> int: return self.topic_sys_flag
    def set_topic_sys_flag(self, topic_sys_flag: Optional[int]) -> None: self.topic_sys_flag = topic_sys_flag
    def get_order(self) -> bool: return self.order
    def is_order(self) -> bool: return self.order
    def set_order(self, order: bool) -> None: self.order = order
    def get_attributes(self) -> str: return self.attributes
    def set_attributes(self, attributes: Optional[str]) -> None: self.attributes = attributes
    def get_force(self) -> bool: return self.force
    def is_force(self) -> bool: return self.force
    def set_force(self, force: Optional[bool]) -> None: self.force = force

    def check_fields(self) -> None:
        """Java ``checkFields``: required fields, and ``topicFilterType`` must name a :class:`TopicFilterType`."""
        super().check_fields()
        if self.topic_filter_type not in TopicFilterType.__members__:
            raise RemotingCommandException("topicFilterType = [%s] value invalid" % self.topic_filter_type)

    def get_topic_filter_type_enum(self) -> TopicFilterType:
        """Java ``getTopicFilterTypeEnum``."""
        return TopicFilterType[self.topic_filter_type]
