"""Java ``org.apache.rocketmq.client.trace.TraceContext``."""
from __future__ import annotations

import time
from typing import Optional

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
