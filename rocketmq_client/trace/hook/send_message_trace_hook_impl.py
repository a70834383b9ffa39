"""Java ``org.apache.rocketmq.client.trace.hook.SendMessageTraceHookImpl``."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from rocketmq_client.hook.send_message_hook import SendMessageHook
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.trace.trace_bean import TraceBean
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.protocol.namespace_util import NamespaceUtil

if TYPE_CHECKING:
    from rocketmq_client.hook.send_message_context import SendMessageContext
    from rocketmq_client.trace.async_trace_dispatcher import AsyncTraceDispatcher

__all__ = ["SendMessageTraceHookImpl"]


def _is_trace_message(context: "SendMessageContext", dispatcher: "AsyncTraceDispatcher") -> bool:
    return context.get_message().get_topic().startswith(dispatcher.get_trace_topic_name())


class SendMessageTraceHookImpl(SendMessageHook):
    """A ``Pub`` trace record for every send (not for sends to the trace topic itself)."""

    def __init__(self, local_dispatcher: "AsyncTraceDispatcher") -> None:
        self.local_dispatcher = local_dispatcher

    def hook_name(self) -> str:
        return "SendMessageTraceHook"

    def send_message_before(self, context: "SendMessageContext") -> None:
        """Java ``sendMessageBefore``: start the trace context (group and topic without namespace)."""
        if context is None or _is_trace_message(context, self.local_dispatcher):
            return
        message = context.get_message()
        tuxe_context = TraceContext(trace_type=TraceType.Pub, trace_beans=[])
        context.set_mq_trace_context(tuxe_context)
        tuxe_context.set_group_name(NamespaceUtil.without_namespace(context.get_producer_group()))
        trace_bean = TraceBean()
        trace_bean.set_topic(NamespaceUtil.without_namespace(message.get_topic()))
        trace_bean.set_tags(message.get_tags())
        trace_bean.set_keys(message.get_keys())
        trace_bean.set_store_host(context.get_broker_addr())
        trace_bean.set_body_length(len(message.get_body()))
        trace_bean.set_msg_type(context.get_msg_type())
        tuxe_context.get_trace_beans().append(trace_bean)

    def send_message_after(self, context: "SendMessageContext") -> None:
        """Java ``sendMessageAfter``: complete the record with the send result and hand it to the dispatcher
        (nothing without a result, a region or when the broker switched traces off)."""
        if (context is None or _is_trace_message(context, self.local_dispatcher)
                or context.get_mq_trace_context() is None):
            return
        send_result = context.get_send_result()
        if send_result is None:
            return
        if send_result.get_region_id() is None or not send_result.is_trace_on():
            # if switch is false, skip it
            return
        tuxe_context: TraceContext = context.get_mq_trace_context()
        trace_bean = tuxe_context.get_trace_beans()[0]
        cost_time = int((int(time.time() * 1000) - tuxe_context.get_time_stamp())
                        / len(tuxe_context.get_trace_beans()))
        tuxe_context.set_cost_time(cost_time)
        tuxe_context.set_success(send_result.get_send_status() is SendStatus.SEND_OK)
        tuxe_context.set_region_id(send_result.get_region_id())
        trace_bean.set_msg_id(send_result.get_msg_id())
        trace_bean.set_offset_msg_id(send_result.get_offset_msg_id())
        trace_bean.set_store_time(tuxe_context.get_time_stamp() + cost_time // 2)
        self.local_dispatcher.append(tuxe_context)
