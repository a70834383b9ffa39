"""Java ``org.apache.rocketmq.common.protocol.header.CreateTopicRequestHeader`` as of 5.3.3 (``attributes``)."""
from __future__ import annotations

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

    def check_fields(self) -> None:
        """Java ``checkFields``: required fields, and ``topicFilterType`` must name a :class:`TopicFilterType`."""
        super().check_fields()
        if self.topic_filter_type not in TopicFilterType.__members__:
            raise RemotingCommandException("topicFilterType = [%s] value invalid" % self.topic_filter_type)

    def get_topic_filter_type_enum(self) -> TopicFilterType:
        """Java ``getTopicFilterTypeEnum``."""
        return TopicFilterType[self.topic_filter_type]
