"""Java 5.3.3 ``org.apache.rocketmq.client.trace.hook.DefaultRecallMessageTraceHook``."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

from rocketmq_client.trace.trace_bean import TraceBean
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.producer.recall_message_handle import HandleV1, RecallMessageHandle
from rocketmq_common.protocol.header.recall_message_request_header import RecallMessageRequestHeader
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.netty.netty_system_config import get_system_property, parse_bool
from rocketmq_remoting.rpc_hook import RPCHook

if TYPE_CHECKING:
    from rocketmq_client.trace.trace_dispatcher import TraceDispatcher
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["DefaultRecallMessageTraceHook"]

log = logging.getLogger(__name__)


class DefaultRecallMessageTraceHook(RPCHook):
    """An RPC hook of a tracing producer's remoting client: a ``Recall`` trace record (topic, message id, group,
    region, success) for every RECALL_MESSAGE answer that names the broker's region. Off unless the property
    ``com.rocketmq.recall.default.trace.enable`` (or ``COM_ROCKETMQ_RECALL_DEFAULT_TRACE_ENABLE``) is ``true``,
    as in Java."""

    RECALL_TRACE_ENABLE_KEY = "com.rocketmq.recall.default.trace.enable"

    def __init__(self, trace_dispatcher: "Optional[TraceDispatcher]") -> None:
        self.enable_default_trace = parse_bool(get_system_property(
            self.RECALL_TRACE_ENABLE_KEY, "COM_ROCKETMQ_RECALL_DEFAULT_TRACE_ENABLE", "false"))
        self.trace_dispatcher = trace_dispatcher

    def do_before_request(self, remote_addr: Optional[str], request: "RemotingCommand") -> None:
        pass

    def do_after_response(self, remote_addr: Optional[str], request: "RemotingCommand",
                          response: "Optional[RemotingCommand]") -> None:
        """Java ``doAfterResponse``: one trace context for the recall (a failure to build it is logged at DEBUG
        and never reaches the recall's caller; Java swallows it)."""
        if (request.code != RequestCode.RECALL_MESSAGE or not self.enable_default_trace or response is None
                or not response.ext_fields or response.ext_fields.get(MessageConst.PROPERTY_MSG_REGION) is None
                or self.trace_dispatcher is None):
            return
        try:
            region_id = response.ext_fields[MessageConst.PROPERTY_MSG_REGION]
            request_header = request.decode_command_custom_header(RecallMessageRequestHeader)
            handle = RecallMessageHandle.decode_handle(request_header.get_recall_handle())
            assert isinstance(handle, HandleV1)  # the only version decode_handle returns (Java casts)
            trace_bean = TraceBean(topic=NamespaceUtil.without_namespace(request_header.get_topic()),
                                   msg_id=handle.get_message_id())
            trace_context = TraceContext(trace_type=TraceType.Recall, region_id=region_id, trace_beans=[trace_bean],
                                         group_name=NamespaceUtil.without_namespace(
                                             request_header.get_producer_group()))
            trace_context.set_success(response.code == ResponseCode.SUCCESS)
            self.trace_dispatcher.append(trace_context)
        except Exception:  # noqa: BLE001 - Java ignores every failure here
            log.debug("recall trace of %s not recorded", request, exc_info=True)
