"""Java ``org.apache.rocketmq.client.trace.TraceContext``."""
from __future__ import annotations

import time
from typing import List, Optional

from rocketmq_client.client_config import AccessChannel
from rocketmq_client.trace.trace_bean import TraceBean
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["TraceContext"]


def _now_millis() -> int:
    return int(time.time() * 1000)


class TraceContext(Bean):
    """One trace record: its type, time, region, group, cost, outcome, request id and traced messages. Contexts
    order by ``time_stamp`` (Java ``compareTo``)."""

    trace_type = Prop(TraceType)
    time_stamp = Prop(int, factory=_now_millis)
    region_id: Prop[Optional[str]] = Prop(str, "")  # (a send result's region may be None)
    region_name = Prop(str, "")
    group_name = Prop(str, "")
    cost_time = Prop(int, 0)
    #: Java ``isSuccess`` / ``setSuccess``
    success = Prop(bool, True)
    request_id = Prop(str, factory=MessageClientIDSetter.create_uniq_id)
    context_code = Prop(int, 0)
    access_channel = Prop(AccessChannel)
    trace_beans = Prop(ListOf(TraceBean))

    def get_trace_type(self) -> TraceType: return self.trace_type
    def set_trace_type(self, trace_type: Optional[TraceType]) -> None: self.trace_type = trace_type
    def get_time_stamp(self) -> int: return self.time_stamp
    def set_time_stamp(self, time_stamp: int) -> None: self.time_stamp = time_stamp
    def get_region_id(self) -> Optional[str]: return self.region_id
    def set_region_id(self, region_id: Optional[str]) -> None: self.region_id = region_id
    def get_region_name(self) -> str: return self.region_name
    def set_region_name(self, region_name: str) -> None: self.region_name = region_name
    def get_group_name(self) -> str: return self.group_name
    def set_group_name(self, group_name: str) -> None: self.group_name = group_name
    def get_cost_time(self) -> int: return self.cost_time
    def set_cost_time(self, cost_time: int) -> None: self.cost_time = cost_time
    def get_success(self) -> bool: return self.success
    def is_success(self) -> bool: return self.success
    def set_success(self, success: bool) -> None: self.success = success
    def get_request_id(self) -> str: return self.request_id
    def set_request_id(self, request_id: str) -> None: self.request_id = request_id
    def get_context_code(self) -> int: return self.context_code
    def set_context_code(self, context_code: int) -> None: self.context_code = context_code
    def get_access_channel(self) -> AccessChannel: return self.access_channel
    def set_access_channel(self, access_channel: Optional[AccessChannel]) -> None: self.access_channel = access_channel
    def get_trace_beans(self) -> List[TraceBean]: return self.trace_beans
    def set_trace_beans(self, trace_beans: Optional[List[TraceBean]]) -> None: self.trace_beans = trace_beans

    def compare_to(self, o: "TraceContext") -> int:
        """Java ``compareTo``: by ``time_stamp``."""
        return (self.time_stamp > o.time_stamp) - (self.time_stamp < o.time_stamp)

    def __lt__(self, o: "TraceContext") -> bool:
        return self.time_stamp < o.time_stamp

    def __str__(self) -> str:
        parts = ["%s_%s_%s_%s_" % (self.trace_type.name if self.trace_type is not None else "null", self.group_name,
                                   self.region_id, "true" if self.success else "false")]
        for bean in self.trace_beans or ():
            parts.append("%s_%s_" % (bean.msg_id, bean.topic))
        return "TraceContext{%s}" % "".join(parts)
