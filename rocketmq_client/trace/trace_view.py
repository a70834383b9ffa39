"""Java ``org.apache.rocketmq.client.trace.TraceView``."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from rocketmq_client.trace.trace_data_encoder import TraceDataEncoder
from rocketmq_remoting.common.bean import Bean, Prop

if TYPE_CHECKING:
    from rocketmq_common.message.message_ext import MessageExt

__all__ = ["TraceView"]


class TraceView(Bean):
    """A trace record of one message, as tools show it."""

    msg_id = Prop(str)
    tags = Prop(str)
    keys = Prop(str)
    store_host = Prop(str)
    client_host = Prop(str)
    cost_time = Prop(int, 0)
    msg_type = Prop(str)
    off_set_msg_id = Prop(str)
    time_stamp = Prop(int, 0)
    born_time = Prop(int, 0)
    topic = Prop(str)
    group_name = Prop(str)
    status = Prop(str)

    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
    def get_tags(self) -> str: return self.tags
    def set_tags(self, tags: Optional[str]) -> None: self.tags = tags
    def get_keys(self) -> str: return self.keys
    def set_keys(self, keys: Optional[str]) -> None: self.keys = keys
    def get_store_host(self) -> str: return self.store_host
    def set_store_host(self, store_host: Optional[str]) -> None: self.store_host = store_host
    def get_client_host(self) -> str: return self.client_host
    def set_client_host(self, client_host: Optional[str]) -> None: self.client_host = client_host
    def get_cost_time(self) -> int: return self.cost_time
    def set_cost_time(self, cost_time: int) -> None: self.cost_time = cost_time
    def get_msg_type(self) -> str: return self.msg_type
    def set_msg_type(self, msg_type: Optional[str]) -> None: self.msg_type = msg_type
    def get_off_set_msg_id(self) -> str: return self.off_set_msg_id
    def set_off_set_msg_id(self, off_set_msg_id: Optional[str]) -> None: self.off_set_msg_id = off_set_msg_id
    def get_time_stamp(self) -> int: return self.time_stamp
    def set_time_stamp(self, time_stamp: int) -> None: self.time_stamp = time_stamp
    def get_born_time(self) -> int: return self.born_time
    def set_born_time(self, born_time: int) -> None: self.born_time = born_time
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_group_name(self) -> str: return self.group_name
    def set_group_name(self, group_name: Optional[str]) -> None: self.group_name = group_name
    def get_status(self) -> str: return self.status
    def set_status(self, status: Optional[str]) -> None: self.status = status

    @staticmethod
    def decode_from_trace_trans_data(key: str, message_ext: "MessageExt") -> List["TraceView"]:
        """Java ``decodeFromTraceTransData``: the records of the trace message ``message_ext`` about message id
        ``key``."""
        message_trace_view_list: List[TraceView] = []
        message_body = (message_ext.get_body() or b"").decode("utf-8", errors="replace")
        if not message_body:
            return message_trace_view_list
        for context in TraceDataEncoder.decoder_from_trace_data_string(message_body):
            trace_bean = context.get_trace_beans()[0]
            if trace_bean.get_msg_id() != key:
                continue
            view = TraceView()
            view.set_cost_time(context.get_cost_time())
            view.set_group_name(context.get_group_name())
            view.set_status("success" if context.is_success() else "failed")
            view.set_keys(trace_bean.get_keys())
            view.set_msg_id(trace_bean.get_msg_id())
            view.set_tags(trace_bean.get_tags())
            view.set_topic(trace_bean.get_topic())
            view.set_msg_type(context.get_trace_type().name)
            view.set_off_set_msg_id(trace_bean.get_offset_msg_id())
            view.set_time_stamp(context.get_time_stamp())
            view.set_store_host(trace_bean.get_store_host())
            view.set_client_host(message_ext.get_born_host_string())
            message_trace_view_list.append(view)
        return message_trace_view_list
