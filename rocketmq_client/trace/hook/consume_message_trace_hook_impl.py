"""Java ``org.apache.rocketmq.client.trace.hook.ConsumeMessageTraceHookImpl``."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, List

from rocketmq_client.consumer.listener.consume_return_type import ConsumeReturnType
from rocketmq_client.hook.consume_message_hook import ConsumeMessageHook
from rocketmq_client.trace.trace_bean import TraceBean
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.namespace_util import NamespaceUtil

if TYPE_CHECKING:
    from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
    from rocketmq_client.trace.trace_dispatcher import TraceDispatcher

__all__ = ["ConsumeMessageTraceHookImpl"]


class ConsumeMessageTraceHookImpl(ConsumeMessageHook):
    """``SubBefore`` and ``SubAfter`` trace records around every consume call (messages whose ``TRACE_ON`` is
    ``false`` are left out)."""

    def __init__(self, local_dispatcher: "TraceDispatcher") -> None:
        self.local_dispatcher = local_dispatcher

    def hook_name(self) -> str:
        return "ConsumeMessageTraceHook"

    def consume_message_before(self, context: "ConsumeMessageContext") -> None:
        """Java ``consumeMessageBefore``: one SubBefore context for the traced messages of the call."""
        if context is None or not context.get_msg_list():
            return
        trace_context = TraceContext(trace_type=TraceType.SubBefore)
        context.set_mq_trace_context(trace_context)
        trace_context.set_group_name(NamespaceUtil.without_namespace(context.get_consumer_group()))
        beans: List[TraceBean] = []
        for msg in context.get_msg_list():
            if msg is None:
                continue
            region_id = msg.get_property(MessageConst.PROPERTY_MSG_REGION)
            trace_on = msg.get_property(MessageConst.PROPERTY_TRACE_SWITCH)
            if trace_on is not None and trace_on == "false":
                # if the trace switch is false, skip it
                continue
            trace_bean = TraceBean()
            trace_bean.set_topic(NamespaceUtil.without_namespace(msg.get_topic()))
            trace_bean.set_msg_id(msg.get_msg_id())
            trace_bean.set_tags(msg.get_tags())
            trace_bean.set_keys(msg.get_keys())
            trace_bean.set_store_time(msg.get_store_timestamp())
            trace_bean.set_body_length(msg.get_store_size())
            trace_bean.set_retry_times(msg.get_reconsume_times())
            trace_context.set_region_id(region_id)
            beans.append(trace_bean)
        if beans:
            trace_context.set_trace_beans(beans)
            trace_context.set_time_stamp(int(time.time() * 1000))
            self.local_dispatcher.append(trace_context)

    def consume_message_after(self, context: "ConsumeMessageContext") -> None:
        """Java ``consumeMessageAfter``: the SubAfter context (outcome, cost per message, return type)."""
        if context is None or not context.get_msg_list():
            return
        sub_before_context = context.get_mq_trace_context()
        if sub_before_context is None or not sub_before_context.get_trace_beans():
            # if the subBefore bean is null, skip it
            return
        sub_after_context = TraceContext(trace_type=TraceType.SubAfter)
        sub_after_context.set_region_id(sub_before_context.get_region_id())
        sub_after_context.set_group_name(NamespaceUtil.without_namespace(sub_before_context.get_group_name()))
        sub_after_context.set_request_id(sub_before_context.get_request_id())
        sub_after_context.set_access_channel(context.get_access_channel())
        sub_after_context.set_success(context.is_success())
        # the cost time of processing the messages
        cost_time = int((int(time.time() * 1000) - sub_before_context.get_time_stamp()) / len(context.get_msg_list()))
        sub_after_context.set_cost_time(cost_time)
        sub_after_context.set_trace_beans(sub_before_context.get_trace_beans())
        props = context.get_props()
        if props is not None:
            context_type = props.get(MixAll.CONSUME_CONTEXT_TYPE)
            if context_type is not None:
                sub_after_context.set_context_code(list(ConsumeReturnType).index(ConsumeReturnType[context_type]))
        self.local_dispatcher.append(sub_after_context)
