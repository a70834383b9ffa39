"""Java ``org.apache.rocketmq.common.protocol.header.ConsumeMessageDirectlyResultRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["ConsumeMessageDirectlyResultRequestHeader"]


class ConsumeMessageDirectlyResultRequestHeader(TopicRequestHeader):
    """Java ``ConsumeMessageDirectlyResultRequestHeader``; 5.3.3's ``topic`` and the broker's ``topicSysFlag`` /
    ``groupSysFlag`` (added when it relays the request to the consumer) not sent while None."""

    consumer_group = Prop(str, required=True)
    client_id = Prop(str)
    msg_id = Prop(str)
    broker_name = Prop(str)
    topic = Prop(str)
    topic_sys_flag = Prop(int)
    group_sys_flag = Prop(int)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_topic_sys_flag(self) -> int: return self.topic_sys_flag
    def set_topic_sys_flag(self, topic_sys_flag: Optional[int]) -> None: self.topic_sys_flag = topic_sys_flag
    def get_group_sys_flag(self) -> int: return self.group_sys_flag
    def set_group_sys_flag(self, group_sys_flag: Optional[int]) -> None: self.group_sys_flag = group_sys_flag

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
