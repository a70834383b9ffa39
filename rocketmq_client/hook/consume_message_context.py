"""Java ``org.apache.rocketmq.client.hook.ConsumeMessageContext``."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rocketmq_client.client_config import AccessChannel
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, ListOf, MapOf, Prop

__all__ = ["ConsumeMessageContext"]


class ConsumeMessageContext(Bean):
    """What a ConsumeMessageHook sees before and after a consume call."""

    consumer_group = Prop(str)
    msg_list = Prop(ListOf(MessageExt))
    mq = Prop(MessageQueue)
    success = Prop(bool, False)
    status = Prop(str)
    mq_trace_context = Prop(object)
    props = Prop(MapOf(str, str))
    namespace = Prop(str)
    access_channel = Prop(AccessChannel)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_msg_list(self) -> List[MessageExt]: return self.msg_list
    def set_msg_list(self, msg_list: Optional[List[MessageExt]]) -> None: self.msg_list = msg_list
    def get_mq(self) -> MessageQueue: return self.mq
    def set_mq(self, mq: Optional[MessageQueue]) -> None: self.mq = mq
    def get_success(self) -> bool: return self.success
    def is_success(self) -> bool: return self.success
    def set_success(self, success: bool) -> None: self.success = success
    def get_status(self) -> str: return self.status
    def set_status(self, status: Optional[str]) -> None: self.status = status
    def get_mq_trace_context(self) -> Any: return self.mq_trace_context
    def set_mq_trace_context(self, mq_trace_context: Any) -> None: self.mq_trace_context = mq_trace_context
    def get_props(self) -> Dict[str, str]: return self.props
    def set_props(self, props: Optional[Dict[str, str]]) -> None: self.props = props
    def get_namespace(self) -> str: return self.namespace
    def set_namespace(self, namespace: Optional[str]) -> None: self.namespace = namespace
    def get_access_channel(self) -> AccessChannel: return self.access_channel
    def set_access_channel(self, access_channel: Optional[AccessChannel]) -> None: self.access_channel = access_channel
