"""Java ``org.apache.rocketmq.client.trace.hook.EndTransactionTraceHookImpl``."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Optional

from rocketmq_client.hook.end_transaction_hook import EndTransactionHook
from rocketmq_client.trace.trace_bean import TraceBean
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_type import MessageType
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.namespace_util import NamespaceUtil

if TYPE_CHECKING:
    from rocketmq_client.hook.end_transaction_context import EndTransactionContext
    from rocketmq_client.trace.async_trace_dispatcher import AsyncTraceDispatcher

__all__ = ["EndTransactionTraceHookImpl"]


class EndTransactionTraceHookImpl(EndTransactionHook):
    """An ``EndTransaction`` trace record for every commit, rollback or unknown outcome of a transaction."""

    def __init__(self, local_dispatcher: "AsyncTraceDispatcher") -> None:
        self.local_dispatcher = local_dispatcher

    def hook_name(self) -> str:
        return "EndTransactionTraceHook"

    def end_transaction(self, context: "EndTransactionContext") -> None:
        """Java ``endTransaction`` (messages of the trace topic are not traced)."""
        dispatcher = self.local_dispatcher
        if context is None or context.get_message().get_topic().startswith(dispatcher.get_trace_topic_name()):
            return
        msg = context.get_message()
        tuxe_context = TraceContext(trace_type=TraceType.EndTransaction, trace_beans=[])
        tuxe_context.set_group_name(NamespaceUtil.without_namespace(context.get_producer_group()))
        trace_bean = TraceBean()
        trace_bean.set_topic(NamespaceUtil.without_namespace(msg.get_topic()))
        trace_bean.set_tags(msg.get_tags())
        trace_bean.set_keys(msg.get_keys())
        trace_bean.set_store_host(context.get_broker_addr())
        trace_bean.set_msg_type(MessageType.Trans_msg_Commit)
        trace_bean.set_client_host(self._client_id())
        trace_bean.set_msg_id(context.get_msg_id())
        trace_bean.set_transaction_state(context.get_transaction_state())
        trace_bean.set_transaction_id(context.get_transaction_id())
        trace_bean.set_from_transaction_check(context.is_from_transaction_check())
        region_id = msg.get_property(MessageConst.PROPERTY_MSG_REGION)
        if not region_id:
            region_id = MixAll.DEFAULT_TRACE_REGION_ID
        tuxe_context.set_region_id(region_id)
        tuxe_context.get_trace_beans().append(trace_bean)
        tuxe_context.set_time_stamp(int(time.time() * 1000))
        dispatcher.append(tuxe_context)

    def _client_id(self) -> Optional[str]:
        host_producer = self.local_dispatcher.get_host_producer()
        factory = host_producer.get_mq_client_factory() if host_producer is not None else None
        return factory.get_client_id() if factory is not None else None
