"""Java 5.3.3 ``org.apache.rocketmq.client.trace.TraceDataEncoder``: trace contexts to and from Java's text format.

Each record is its fields joined by ``CONTENT_SPLITOR`` (``\\u0001``) and ended by ``FIELD_SPLITOR``
(``\\u0002``); values are written as Java's ``StringBuilder.append`` writes them (``null``, ``true`` /
``false``, enum names, message types as ordinals)::

    Pub         type, timeStamp, regionId, groupName, topic, msgId, tags, keys, storeHost, bodyLength, costTime,
                msgType, offsetMsgId, success
    SubBefore   type, timeStamp, regionId, groupName, requestId, msgId, retryTimes, keys       (one per message)
    SubAfter    type, requestId, msgId, costTime, success, keys, contextCode[, timeStamp, groupName]
                (one per message; the last two unless the access channel is CLOUD, which also leaves the record
                without its FIELD_SPLITOR, as Java does)
    EndTransaction  type, timeStamp, regionId, groupName, topic, msgId, tags, keys, storeHost, msgType,
                transactionId, transactionState, fromTransactionCheck
    Recall      type, timeStamp, regionId, groupName, topic, msgId, success
"""
from __future__ import annotations

from typing import List, Optional

from rocketmq_client.client_config import AccessChannel
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.trace.trace_bean import TraceBean
from rocketmq_client.trace.trace_constants import TraceConstants
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_transfer_bean import TraceTransferBean
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_type import MessageType
from rocketmq_remoting.common.bean import java_string

__all__ = ["TraceDataEncoder", "java_split"]

_C = TraceConstants.CONTENT_SPLITOR
_F = TraceConstants.FIELD_SPLITOR
_MESSAGE_TYPES = list(MessageType)


#: each field as Java's ``StringBuilder.append`` writes it
_j = java_string


def _ordinal(msg_type: Optional[MessageType]) -> str:
    if msg_type is None:
        raise ValueError("the trace bean has no message type")
    return str(_MESSAGE_TYPES.index(msg_type))


def java_split(text: str, separator: str) -> List[str]:
    """Java ``String.split`` by a one-character literal: trailing empty strings are dropped (the whole text when
    the separator does not occur)."""
    if separator not in text:
        return [text]
    parts = text.split(separator)
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def _at(line: List[str], index: int) -> str:
    """Field ``index`` of a record; fields Java's split dropped at the end (empty ones) read as empty."""
    return line[index] if index < len(line) else ""


def _parse_boolean(text: str) -> bool:
    """Java ``Boolean.parseBoolean``."""
    return text.lower() == "true"


class TraceDataEncoder:
    """Static encode / decode of trace data."""

    @staticmethod
    def decoder_from_trace_data_string(trace_data: Optional[str]) -> List[TraceContext]:
        """Java ``decoderFromTraceDataString``: the contexts of a trace message body (records of unknown type are
        skipped; empty fields at the end of a record, which Java's split drops, read as empty instead of failing)."""
        res_list: List[TraceContext] = []
        if not trace_data:
            return res_list
        for context in java_split(trace_data, _F):
            line = java_split(context, _C)
            kind = line[0]

            def at(index: int) -> str:
                return _at(line, index)

            if kind == TraceType.Pub.name:
                pub_context = TraceContext(trace_type=TraceType.Pub, time_stamp=int(at(1)), region_id=at(2),
                                           group_name=at(3))
                bean = TraceBean(topic=at(4), msg_id=at(5), tags=at(6), keys=at(7), store_host=at(8),
                                 body_length=int(at(9)))
                pub_context.set_cost_time(int(at(10)))
                bean.set_msg_type(_MESSAGE_TYPES[int(at(11))])
                if len(line) == 13:
                    pub_context.set_success(_parse_boolean(at(12)))
                elif len(line) == 14:
                    bean.set_offset_msg_id(at(12))
                    pub_context.set_success(_parse_boolean(at(13)))
                # compatible with the old version
                if len(line) >= 15:
                    bean.set_offset_msg_id(at(12))
                    pub_context.set_success(_parse_boolean(at(13)))
                    bean.set_client_host(at(14))
                pub_context.set_trace_beans([bean])
                res_list.append(pub_context)
            elif kind == TraceType.SubBefore.name:
                sub_before_context = TraceContext(trace_type=TraceType.SubBefore, time_stamp=int(at(1)),
                                                  region_id=at(2), group_name=at(3), request_id=at(4))
                bean = TraceBean(msg_id=at(5), retry_times=int(at(6)), keys=at(7))
                sub_before_context.set_trace_beans([bean])
                res_list.append(sub_before_context)
            elif kind == TraceType.SubAfter.name:
                sub_after_context = TraceContext(trace_type=TraceType.SubAfter, request_id=at(1))
                bean = TraceBean(msg_id=at(2), keys=at(5))
                sub_after_context.set_trace_beans([bean])
                sub_after_context.set_cost_time(int(at(3)))
                sub_after_context.set_success(_parse_boolean(at(4)))
                if len(line) >= 7:
                    # add the context type
                    sub_after_context.set_context_code(int(at(6)))
                # compatible with the old version
                if len(line) >= 9:
                    sub_after_context.set_time_stamp(int(at(7)))
                    sub_after_context.set_group_name(at(8))
                res_list.append(sub_after_context)
            elif kind == TraceType.EndTransaction.name:
                end_transaction_context = TraceContext(trace_type=TraceType.EndTransaction, time_stamp=int(at(1)),
                                                       region_id=at(2), group_name=at(3))
                bean = TraceBean(topic=at(4), msg_id=at(5), tags=at(6), keys=at(7), store_host=at(8),
                                 msg_type=_MESSAGE_TYPES[int(at(9))], transaction_id=at(10),
                                 transaction_state=LocalTransactionState[at(11)],
                                 from_transaction_check=_parse_boolean(at(12)))
                end_transaction_context.set_trace_beans([bean])
                res_list.append(end_transaction_context)
            elif kind == TraceType.Recall.name:
                recall_context = TraceContext(trace_type=TraceType.Recall, time_stamp=int(at(1)), region_id=at(2),
                                              group_name=at(3), trace_beans=[TraceBean(topic=at(4), msg_id=at(5))])
                recall_context.set_success(_parse_boolean(at(6)))
                res_list.append(recall_context)
        return res_list

    @staticmethod
    def encoder_from_context_bean(ctx: Optional[TraceContext]) -> Optional[TraceTransferBean]:
        """Java ``encoderFromContextBean``: the record text of ``ctx`` and the keys of the trace message (each
        traced message's id and keys)."""
        if ctx is None:
            return None
        transfer_bean = TraceTransferBean()
        trace_type = ctx.trace_type
        beans = ctx.trace_beans or []
        sb: List[str] = []
        if trace_type is TraceType.Pub:
            bean = beans[0]
            sb.append(_C.join((trace_type.name, _j(ctx.time_stamp), _j(ctx.region_id), _j(ctx.group_name),
                               _j(bean.topic), _j(bean.msg_id), _j(bean.tags), _j(bean.keys), _j(bean.store_host),
                               _j(bean.body_length), _j(ctx.cost_time), _ordinal(bean.msg_type),
                               _j(bean.offset_msg_id), _j(ctx.success))) + _F)
        elif trace_type is TraceType.SubBefore:
            for bean in beans:
                sb.append(_C.join((trace_type.name, _j(ctx.time_stamp), _j(ctx.region_id), _j(ctx.group_name),
                                   _j(ctx.request_id), _j(bean.msg_id), _j(bean.retry_times), _j(bean.keys))) + _F)
        elif trace_type is TraceType.SubAfter:
            for bean in beans:
                sb.append(_C.join((trace_type.name, _j(ctx.request_id), _j(bean.msg_id), _j(ctx.cost_time),
                                   _j(ctx.success), _j(bean.keys), _j(ctx.context_code))) + _C)
                if ctx.access_channel is not AccessChannel.CLOUD:
                    sb.append(_j(ctx.time_stamp) + _C + _j(ctx.group_name) + _F)
        elif trace_type is TraceType.EndTransaction:
            bean = beans[0]
            state = bean.transaction_state
            sb.append(_C.join((trace_type.name, _j(ctx.time_stamp), _j(ctx.region_id), _j(ctx.group_name),
                               _j(bean.topic), _j(bean.msg_id), _j(bean.tags), _j(bean.keys), _j(bean.store_host),
                               _ordinal(bean.msg_type), _j(bean.transaction_id),
                               state.name if state is not None else "null", _j(bean.from_transaction_check))) + _F)
        elif trace_type is TraceType.Recall:
            bean = beans[0]
            sb.append(_C.join((trace_type.name, _j(ctx.time_stamp), _j(ctx.region_id), _j(ctx.group_name),
                               _j(bean.topic), _j(bean.msg_id), _j(ctx.success))) + _F)
        transfer_bean.set_trans_data("".join(sb))
        trans_key = transfer_bean.get_trans_key()
        for bean in beans:
            trans_key.add(_j(bean.msg_id))
            if bean.keys:
                trans_key.update(java_split(bean.keys, MessageConst.KEY_SEPARATOR))
        return transfer_bean
