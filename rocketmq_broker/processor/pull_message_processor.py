"""Java ``org.apache.rocketmq.broker.processor.PullMessageProcessor``: PULL_MESSAGE.

Checks (broker readable, subscription group, topic, queue id, subscription from the request or from the
group's heartbeat; for SQL92 the request's compiled expression or the group's registered
:class:`ConsumerFilterData`), reads from the store through an :class:`ExpressionMessageFilter` and maps the
``GetMessageStatus`` to the response code, remark and header exactly as Java (PROTOCOL.md §2.5). The body is the
concatenation of the stored records (``transferMsgByHeap``), counted in the broker's statistics (the group's
messages, bytes and pull latency, the broker's get total). A ``PULL_NOT_FOUND`` pull with the SUSPEND flag is
handed to the :class:`PullRequestHoldService` and answered later, when a matching message arrives or its hold
time is over: the re-evaluation runs on the pull executor, never suspends again and writes its response through
the request's response writer. The commit offset carried by the request is stored on its first evaluation.

(5.3.3) A NO_PERMISSION answer says why in the header's ``forbiddenType`` (a group the subscription group manager's
forbidden table bars from reading the topic is refused too); an answer from the store carries the topic's and the
group's sys flags; a queue whose offset was reset on the broker (INVOKE_BROKER_TO_RESET_OFFSET,
``useServerSideResetOffset``) is answered PULL_OFFSET_MOVED to the reset offset once (status OFFSET_RESET).

(5.3.3) A static topic's pull names a logical queue and offset: :meth:`rewrite_request_for_static_topic` turns
them into the physical queue and offset of the mapping item the offset falls in (forwarding the pull, without
suspension or commit, when that item is on another broker) and :meth:`rewrite_response_for_static_topic` makes
the answer's offsets logical again (``offsetDelta`` tells the client how to fix the messages' queue offsets), moving
a pull at the end of an older item on to the next one. Unlike Java, which stores the request's logical commit
offset under the physical queue (where a later offset query reads it as physical), the commit offset is stored
made physical, and only when its item is on this broker.
"""
from __future__ import annotations

import logging
import struct
import time
from typing import TYPE_CHECKING, Optional, cast

from rocketmq_broker.filter.consumer_filter_manager import ConsumerFilterManager
from rocketmq_broker.filter.expression_for_retry_message_filter import ExpressionForRetryMessageFilter
from rocketmq_broker.filter.expression_message_filter import ExpressionMessageFilter
from rocketmq_broker.longpolling.pull_request import PullRequest
from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.get_message_result import GetMessageResult
from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.default_message_store import MAX_PULL_MSG_SIZE
from rocketmq_broker.topic.topic_queue_mapping_manager import mapping_item_of
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.forbidden_type import ForbiddenType
from rocketmq_common.protocol.header.pull_message_request_header import (
    PullMessageRequestHeader, PullMessageResponseHeader)
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_queue_mapping_context import TopicQueueMappingContext
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils
from rocketmq_common.protocol.topic.offset_moved_event import OffsetMovedEvent
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_common.rpc.rpc_client_utils import RpcClientUtils
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.thread_pool import executor_submitter
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["PullMessageProcessor"]

log = logging.getLogger(__name__)

_FLAG_COMMIT_OFFSET = PullSysFlag.FLAG_COMMIT_OFFSET
_FLAG_SUSPEND = PullSysFlag.FLAG_SUSPEND
_FLAG_SUBSCRIPTION = PullSysFlag.FLAG_SUBSCRIPTION
_INT = struct.Struct(">i")
_LONG = struct.Struct(">q")
_SYSFLAG_POSITION = 36          # a stored record's sysFlag; its storeTimestamp follows bornTimestamp and bornHost
_BORNHOST_V6_FLAG = MessageSysFlag.BORNHOST_V6_FLAG

# GetMessageStatus -> response code (the NO_MATCHED_LOGIC_QUEUE / NO_MESSAGE_IN_QUEUE code depends on the offset)
_STATUS_CODES = {
    GetMessageStatus.FOUND: ResponseCode.SUCCESS,
    GetMessageStatus.MESSAGE_WAS_REMOVING: ResponseCode.PULL_RETRY_IMMEDIATELY,
    GetMessageStatus.NO_MATCHED_MESSAGE: ResponseCode.PULL_RETRY_IMMEDIATELY,
    GetMessageStatus.OFFSET_FOUND_NULL: ResponseCode.PULL_NOT_FOUND,
    GetMessageStatus.OFFSET_OVERFLOW_BADLY: ResponseCode.PULL_OFFSET_MOVED,
    GetMessageStatus.OFFSET_OVERFLOW_ONE: ResponseCode.PULL_NOT_FOUND,
    GetMessageStatus.OFFSET_TOO_SMALL: ResponseCode.PULL_OFFSET_MOVED,
    GetMessageStatus.OFFSET_RESET: ResponseCode.PULL_OFFSET_MOVED,
}
_EMPTY_QUEUE_STATUSES = (GetMessageStatus.NO_MATCHED_LOGIC_QUEUE, GetMessageStatus.NO_MESSAGE_IN_QUEUE)


def _store_timestamp(record) -> int:
    """The storeTimestamp of a stored record (Java ``readGetMessageResult``'s ``msgStoreTimePos``)."""
    sys_flag = _INT.unpack_from(record, _SYSFLAG_POSITION)[0]
    return _LONG.unpack_from(record, _SYSFLAG_POSITION + 4 + 8 + (8 if sys_flag & _BORNHOST_V6_FLAG == 0 else 20))[0]


class PullMessageProcessor(AsyncNettyRequestProcessor):
    """See the module docstring. Registered by the broker controller for PULL_MESSAGE and (5.3.3)
    LITE_PULL_MESSAGE."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest``: the response, or None when the pull was suspended (answered later)."""
        return self._process_request(ctx, request, True)

    def reject_request(self) -> bool:
        return False

    def _process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand,
                         broker_allow_suspend: bool) -> Optional[RemotingCommand]:
        begin_time = time.time()  # Java beginTimeMills
        response = RemotingCommand.create_response_command(class_header=PullMessageResponseHeader)
        response_header: PullMessageResponseHeader = response.custom_header  # type: ignore[assignment]
        request_header = request.decode_command_custom_header(PullMessageRequestHeader)
        broker_controller = self.broker_controller
        broker_config = broker_controller.get_broker_config()
        if not PermName.is_readable(broker_config.broker_permission):
            response.code = ResponseCode.NO_PERMISSION
            response_header.forbidden_type = ForbiddenType.BROKER_FORBIDDEN
            response.remark = "the broker[%s] pulling message is forbidden" % broker_config.broker_ip1
            return response
        if request.code == RequestCode.LITE_PULL_MESSAGE and not broker_config.lite_pull_message_enable:
            response.code = ResponseCode.NO_PERMISSION
            response_header.forbidden_type = ForbiddenType.BROKER_FORBIDDEN
            response.remark = "the broker[%s] for lite pull consumer is forbidden" % broker_config.broker_ip1
            return response
        group = request_header.consumer_group
        topic = request_header.topic
        subscription_group_config = broker_controller.get_subscription_group_manager() \
            .find_subscription_group_config(group)
        if subscription_group_config is None:
            response.code = ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
            response.remark = "subscription group [%s] does not exist, %s" % (
                group, FAQUrl.suggest_todo(FAQUrl.SUBSCRIPTION_GROUP_NOT_EXIST))
            return response
        if not subscription_group_config.consume_enable:
            response.code = ResponseCode.NO_PERMISSION
            response_header.forbidden_type = ForbiddenType.GROUP_FORBIDDEN
            response.remark = "subscription group no permission, %s" % group
            return response
        sys_flag = request_header.sys_flag
        has_suspend_flag = sys_flag & _FLAG_SUSPEND != 0
        has_commit_offset_flag = sys_flag & _FLAG_COMMIT_OFFSET != 0
        has_subscription_flag = sys_flag & _FLAG_SUBSCRIPTION != 0
        suspend_timeout_millis = request_header.suspend_timeout_millis if has_suspend_flag else 0
        channel = ctx.channel()
        topic_config = broker_controller.get_topic_config_manager().select_topic_config(topic)
        if topic_config is None:
            log.error("the topic %s not exist, consumer: %s", topic, channel.get_remote_addr())
            response.code = ResponseCode.TOPIC_NOT_EXIST
            response.remark = "topic[%s] not exist, apply first please! %s" % (
                topic, FAQUrl.suggest_todo(FAQUrl.APPLY_TOPIC_URL))
            return response
        if not PermName.is_readable(topic_config.perm):
            response.code = ResponseCode.NO_PERMISSION
            response_header.forbidden_type = ForbiddenType.TOPIC_FORBIDDEN
            response.remark = "the topic[%s] pulling message is forbidden" % topic
            return response
        mapping_context = broker_controller.get_topic_queue_mapping_manager().build_topic_queue_mapping_context(
            request_header, False)
        rewrite_result = self.rewrite_request_for_static_topic(request_header, mapping_context)
        if rewrite_result is not None:
            return rewrite_result
        queue_id = request_header.queue_id
        if queue_id < 0 or queue_id >= topic_config.read_queue_nums:
            error_info = "queueId[%d] is illegal, topic:[%s] topicConfig.readQueueNums:[%d] consumer:[/%s]" % (
                queue_id, topic, topic_config.read_queue_nums, channel.get_remote_addr())
            log.warning(error_info)
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = error_info
            return response

        consumer_filter_manager = broker_controller.get_consumer_filter_manager()
        consumer_filter_data = None
        subscription_data: Optional[SubscriptionData]
        if has_subscription_flag:
            try:
                subscription_data = FilterAPI.build(topic, request_header.subscription,
                                                    request_header.expression_type)
                if not ExpressionType.is_tag_type(subscription_data.expression_type):
                    consumer_filter_data = ConsumerFilterManager.build(
                        topic, group, request_header.subscription, request_header.expression_type,
                        request_header.sub_version)
            except Exception:
                log.warning("Parse the consumer's subscription[%s] failed, group: %s", request_header.subscription,
                            group, exc_info=True)
                response.code = ResponseCode.SUBSCRIPTION_PARSE_FAILED
                response.remark = "parse the consumer's subscription failed"
                return response
        else:
            consumer_group_info = broker_controller.get_consumer_manager().get_consumer_group_info(group)
            if consumer_group_info is None:
                log.info("the consumer's group info not exist, group: %s", group)  # Java: warn; a consumer gone
                response.code = ResponseCode.SUBSCRIPTION_NOT_EXIST
                response.remark = "the consumer's group info not exist" + FAQUrl.suggest_todo(
                    FAQUrl.SAME_GROUP_DIFFERENT_TOPIC)
                return response
            if not subscription_group_config.consume_broadcast_enable \
                    and consumer_group_info.get_message_model() is MessageModel.BROADCASTING:
                response.code = ResponseCode.NO_PERMISSION
                response_header.forbidden_type = ForbiddenType.BROADCASTING_DISABLE_FORBIDDEN
                response.remark = "the consumer group[%s] can not consume by broadcast way" % group
                return response
            if broker_controller.get_subscription_group_manager().get_forbidden(
                    subscription_group_config.group_name, topic, PermName.INDEX_PERM_READ):
                response.code = ResponseCode.NO_PERMISSION
                response_header.forbidden_type = ForbiddenType.SUBSCRIPTION_FORBIDDEN
                response.remark = "the consumer group[%s] is forbidden for topic[%s]" % (group, topic)
                return response
            subscription_data = consumer_group_info.find_subscription_data(topic)
            if subscription_data is None:
                log.info("the consumer's subscription not exist, group: %s, topic:%s", group, topic)
                response.code = ResponseCode.SUBSCRIPTION_NOT_EXIST
                response.remark = "the consumer's subscription not exist" + FAQUrl.suggest_todo(
                    FAQUrl.SAME_GROUP_DIFFERENT_TOPIC)
                return response
            if subscription_data.sub_version < request_header.sub_version:
                log.info("The broker's subscription is not latest, group: %s %s", group,
                            subscription_data.sub_string)
                response.code = ResponseCode.SUBSCRIPTION_NOT_LATEST
                response.remark = "the consumer's subscription not latest"
                return response
            if not ExpressionType.is_tag_type(subscription_data.expression_type):
                consumer_filter_data = consumer_filter_manager.get(topic, group)
                if consumer_filter_data is None:
                    response.code = ResponseCode.FILTER_DATA_NOT_EXIST
                    response.remark = "The broker's consumer filter data is not exist!Your expression may be wrong!"
                    return response
                if consumer_filter_data.get_client_version() < request_header.sub_version:
                    log.warning("The broker's consumer filter data is not latest, group: %s, topic: %s, serverV: %s, "
                                "clientV: %s", group, topic, consumer_filter_data.get_client_version(),
                                request_header.sub_version)
                    response.code = ResponseCode.FILTER_DATA_NOT_LATEST
                    response.remark = "the consumer's consumer filter data not latest"
                    return response
        if not ExpressionType.is_tag_type(subscription_data.expression_type):
            if not broker_config.enable_property_filter:
                response.code = ResponseCode.SYSTEM_ERROR
                response.remark = "The broker does not support consumer to filter message by %s" % (
                    subscription_data.expression_type)
                return response
            if consumer_filter_data is None:
                # the request's expression does not compile (Java asserts this cannot happen)
                log.warning("Parse the consumer's subscription[%s] failed, group: %s", request_header.subscription,
                            group)
                response.code = ResponseCode.SUBSCRIPTION_PARSE_FAILED
                response.remark = "parse the consumer's subscription failed"
                return response
        if broker_config.filter_support_retry:
            message_filter: ExpressionMessageFilter = ExpressionForRetryMessageFilter(
                subscription_data, consumer_filter_data, consumer_filter_manager)
        else:
            message_filter = ExpressionMessageFilter(subscription_data, consumer_filter_data,
                                                     consumer_filter_manager)

        store = broker_controller.get_message_store()
        queue_offset = request_header.queue_offset
        reset_offset = broker_controller.get_consumer_offset_manager().query_then_erase_reset_offset(
            topic, group, queue_id)
        get_message_result: Optional[GetMessageResult]
        if reset_offset is not None and broker_config.use_server_side_reset_offset:
            get_message_result = GetMessageResult(GetMessageStatus.OFFSET_RESET)
            get_message_result.next_begin_offset = reset_offset
            get_message_result.min_offset = store.get_min_offset_in_queue(topic, queue_id)
            get_message_result.max_offset = store.get_max_offset_in_queue(topic, queue_id)
        else:
            # beyond the 5.3.3 broker, which passes no byte cap to its store: the request's maxMsgBytes is applied
            max_msg_bytes = request_header.max_msg_bytes
            get_message_result = store.get_message(group, topic, queue_id, queue_offset,
                                                   request_header.max_msg_nums, message_filter,
                                                   MAX_PULL_MSG_SIZE if max_msg_bytes is None
                                                   else min(max(max_msg_bytes, 1), MAX_PULL_MSG_SIZE))
        store_config = broker_controller.get_message_store_config()
        if get_message_result is not None:
            status = get_message_result.status
            response.remark = status.name
            response_header.next_begin_offset = get_message_result.next_begin_offset
            response_header.min_offset = get_message_result.min_offset
            response_header.max_offset = get_message_result.max_offset
            response_header.topic_sys_flag = topic_config.topic_sys_flag
            response_header.group_sys_flag = subscription_group_config.group_sys_flag
            if get_message_result.suggest_pulling_from_slave:
                response_header.suggest_which_broker_id = subscription_group_config.which_broker_when_consume_slowly
            else:
                response_header.suggest_which_broker_id = MixAll.MASTER_ID
            if store_config.broker_role is BrokerRole.SLAVE and not broker_config.slave_read_enable:
                response.code = ResponseCode.PULL_RETRY_IMMEDIATELY
                response_header.suggest_which_broker_id = MixAll.MASTER_ID
            if broker_config.slave_read_enable:
                if get_message_result.suggest_pulling_from_slave:
                    response_header.suggest_which_broker_id = \
                        subscription_group_config.which_broker_when_consume_slowly
                else:
                    response_header.suggest_which_broker_id = subscription_group_config.broker_id
            else:
                response_header.suggest_which_broker_id = MixAll.MASTER_ID

            code = _STATUS_CODES.get(status)
            if code is None:  # NO_MATCHED_LOGIC_QUEUE, NO_MESSAGE_IN_QUEUE
                if queue_offset != 0:
                    code = ResponseCode.PULL_OFFSET_MOVED
                    log.info("the broker store no queue data, fix the request offset %d to %d, Topic: %s "
                             "QueueId: %d Consumer Group: %s", queue_offset, get_message_result.next_begin_offset,
                             topic, queue_id, group)
                else:
                    code = ResponseCode.PULL_NOT_FOUND
            elif status is GetMessageStatus.OFFSET_OVERFLOW_BADLY:
                log.info("the request offset: %d over flow badly, broker max offset: %d, consumer: %s",
                         queue_offset, get_message_result.max_offset, channel.get_remote_addr())
            elif status is GetMessageStatus.OFFSET_RESET:
                log.info("The queue under pulling was previously reset to start from %d",
                         get_message_result.next_begin_offset)
            elif status is GetMessageStatus.OFFSET_TOO_SMALL:
                log.info("the request offset too small. group=%s, topic=%s, requestOffset=%d, brokerMinOffset=%d, "
                         "clientIp=%s", group, topic, queue_offset, get_message_result.min_offset,
                         channel.get_remote_addr())
            response.code = code
            rewrite_result = self.rewrite_response_for_static_topic(request_header, response_header, mapping_context,
                                                                    code)
            if rewrite_result is not None:
                response = rewrite_result
                code = response.code

            if code == ResponseCode.SUCCESS:
                stats = broker_controller.broker_stats_manager
                message_count = len(get_message_result.message_buffer_list)
                stats.inc_group_get_nums(group, topic, message_count)
                stats.inc_group_get_size(group, topic, get_message_result.buffer_total_size)
                stats.inc_broker_get_nums(message_count)
                response.body = b"".join(get_message_result.message_buffer_list)  # Java readGetMessageResult
                now = time.time()
                stats.inc_group_get_latency(group, topic, queue_id, int((now - begin_time) * 1000))
                stats.record_disk_fall_behind_time(group, topic, queue_id, int(now * 1000) - _store_timestamp(
                    get_message_result.message_buffer_list[-1]))
            elif code == ResponseCode.PULL_NOT_FOUND:
                if broker_allow_suspend and has_suspend_flag:
                    polling_time_mills = suspend_timeout_millis
                    if not broker_config.long_polling_enable:
                        polling_time_mills = broker_config.short_polling_time_mills
                    pull_request = PullRequest(request, channel, polling_time_mills, int(time.time() * 1000),
                                               queue_offset, subscription_data, message_filter, ctx)
                    hold_service = broker_controller.get_pull_request_hold_service()
                    hold_service.suspend_pull_request(topic, queue_id, pull_request)
                    # a message stored between the read above and the suspension wakes the pull at once
                    # (Java leaves it to the next periodic check)
                    max_offset = store.get_max_offset_in_queue(topic, queue_id)
                    if max_offset > queue_offset:
                        hold_service.notify_message_arriving(topic, queue_id, max_offset)
                    response = None  # type: ignore[assignment]  # Java's null: the hold service answers later
            elif code == ResponseCode.PULL_OFFSET_MOVED:
                if store_config.broker_role is not BrokerRole.SLAVE or store_config.offset_check_in_slave:
                    mq = MessageQueue(topic, broker_config.broker_name, queue_id)
                    event = OffsetMovedEvent()
                    event.consumer_group = group
                    event.message_queue = mq
                    event.offset_request = queue_offset
                    event.offset_new = get_message_result.next_begin_offset
                    self.generate_offset_moved_event(event)
                    log.warning("PULL_OFFSET_MOVED:correction offset. topic=%s, groupId=%s, requestOffset=%d, "
                                "newOffset=%d, suggestBrokerId=%d", topic, group, event.offset_request,
                                event.offset_new, response_header.suggest_which_broker_id)
                else:
                    response_header.suggest_which_broker_id = subscription_group_config.broker_id
                    response.code = ResponseCode.PULL_RETRY_IMMEDIATELY
                    log.warning("PULL_OFFSET_MOVED:none correction. topic=%s, groupId=%s, requestOffset=%d, "
                                "suggestBrokerId=%d", topic, group, queue_offset,
                                response_header.suggest_which_broker_id)
        else:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "store getMessage return null"

        if get_message_result is not None:  # Java 5.3.3 tryCommitOffset: the offset the group has pulled up to
            broker_controller.get_consumer_offset_manager().commit_pull_offset(
                RemotingHelper.parse_channel_remote_addr(channel), group, topic, queue_id,
                get_message_result.next_begin_offset)
        if broker_allow_suspend and has_commit_offset_flag and store_config.broker_role is not BrokerRole.SLAVE:
            commit_offset: Optional[int] = request_header.commit_offset
            if mapping_context.mapping_detail is not None and commit_offset is not None:
                commit_offset = self._physical_commit_offset(commit_offset, mapping_context)
            if commit_offset is not None:
                broker_controller.get_consumer_offset_manager().commit_offset(
                    RemotingHelper.parse_channel_remote_addr(channel), group, topic, queue_id, commit_offset)
        return response

    @staticmethod
    def _physical_commit_offset(commit_offset: int, mapping_context: TopicQueueMappingContext) -> Optional[int]:
        # the logical commit offset made physical in the queue of the item it falls in (None: not this broker's)
        item = TopicQueueMappingUtils.find_logic_queue_mapping_item(mapping_context.mapping_item_list,
                                                                    commit_offset, True)
        if item is None or item.bname != cast(TopicQueueMappingDetail, mapping_context.mapping_detail).bname:
            return None
        return item.compute_physical_queue_offset(commit_offset)

    def rewrite_request_for_static_topic(self, request_header: PullMessageRequestHeader,
                                         mapping_context: TopicQueueMappingContext) -> Optional[RemotingCommand]:
        """Java 5.3.3 ``rewriteRequestForStaticTopic``: None to pull here (the header made physical), else the
        answer: NOT_LEADER_FOR_QUEUE, or the pull forwarded to the broker of the item the offset falls in (its
        response made logical)."""
        mapping_detail = mapping_context.mapping_detail
        if mapping_detail is None:
            return None
        topic = mapping_context.topic
        if not mapping_context.is_leader():
            return RemotingCommand.create_response_command(
                ResponseCode.NOT_LEADER_FOR_QUEUE, "%s-%s cannot find mapping item in request process of current "
                "broker %s" % (topic, mapping_context.global_id, mapping_detail.bname))
        try:
            global_offset = request_header.queue_offset
            mapping_item = mapping_item_of(mapping_context, global_offset)
            mapping_context.current_item = mapping_item
            bname = mapping_item.bname
            request_header.queue_id = mapping_item.queue_id
            request_header.queue_offset = mapping_item.compute_physical_queue_offset(global_offset)
            if mapping_item.check_if_end_offset_decided() and request_header.max_msg_nums is not None:
                request_header.max_msg_nums = min(mapping_item.end_offset - mapping_item.start_offset,
                                                  request_header.max_msg_nums)
            if mapping_detail.bname == bname:
                return None
            request_header.lo = False
            request_header.bname = bname
            request_header.sys_flag = PullSysFlag.clear_commit_offset_flag(
                PullSysFlag.clear_suspend_flag(request_header.sys_flag))
            rpc_response = self.broker_controller.forward_request(RequestCode.PULL_MESSAGE, request_header)
            rewrite_result = self.rewrite_response_for_static_topic(
                request_header, cast(PullMessageResponseHeader, rpc_response.get_header()), mapping_context,
                rpc_response.get_code())
            if rewrite_result is not None:
                return rewrite_result
            return RpcClientUtils.create_command_for_rpc_response(rpc_response)
        except Exception as e:  # noqa: BLE001 - Java answers every failure with SYSTEM_ERROR
            log.warning("rewriteRequestForStaticTopic failed: %r", e)
            return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, repr(e))

    @staticmethod
    def rewrite_response_for_static_topic(request_header: PullMessageRequestHeader,
                                          response_header: PullMessageResponseHeader,
                                          mapping_context: TopicQueueMappingContext,
                                          code: int) -> Optional[RemotingCommand]:
        """Java 5.3.3 ``rewriteResponseForStaticTopic``: the response header's offsets made logical (next begin
        offset, min, max, ``offsetDelta``) from the physical answer of the current item; a pull past the end of
        an older item moves on to the next item (PULL_RETRY_IMMEDIATELY), one before the earliest item's start
        is PULL_OFFSET_MOVED. A new response (header only) for a non-SUCCESS code, else None."""
        mapping_detail = mapping_context.mapping_detail
        if mapping_detail is None:
            return None
        try:
            # a context led here, its current item chosen by the request's rewrite
            leader_item = cast(LogicQueueMappingItem, mapping_context.leader_item)
            current_item = cast(LogicQueueMappingItem, mapping_context.current_item)
            item_list = mapping_context.mapping_item_list
            earliest_item = mapping_item_of(mapping_context, 0)
            request_offset = request_header.queue_offset
            next_begin_offset = response_header.next_begin_offset
            min_offset = response_header.min_offset
            max_offset = response_header.max_offset
            response_code = code
            if code != ResponseCode.SUCCESS:
                if leader_item.gen == current_item.gen:
                    if request_offset > max_offset:
                        if code == ResponseCode.PULL_OFFSET_MOVED:
                            next_begin_offset = max_offset
                    elif request_offset < min_offset:
                        next_begin_offset = min_offset
                        response_code = ResponseCode.PULL_RETRY_IMMEDIATELY
                # the earliest item, or one between it and the leader (Java's two blocks, which exclude each other)
                earliest = earliest_item.gen == current_item.gen
                if earliest or leader_item.gen != current_item.gen:
                    if request_offset < min_offset:
                        next_begin_offset = min_offset
                        response_code = ResponseCode.PULL_OFFSET_MOVED if earliest \
                            else ResponseCode.PULL_RETRY_IMMEDIATELY
                    elif request_offset >= max_offset:  # past the item's end: on to the next item
                        next_item = TopicQueueMappingUtils.find_next(item_list, current_item, True)
                        if next_item is not None:
                            current_item = next_item
                            next_begin_offset = min_offset = max_offset = current_item.start_offset
                            response_code = ResponseCode.PULL_RETRY_IMMEDIATELY
                        else:  # maybe the next one's logic offset is -1
                            response_code = ResponseCode.PULL_NOT_FOUND
                    else:
                        response_code = code
            if current_item.check_if_end_offset_decided() and next_begin_offset >= current_item.end_offset:
                next_begin_offset = current_item.end_offset
            response_header.next_begin_offset = current_item.compute_static_queue_offset_strictly(next_begin_offset)
            response_header.min_offset = current_item.compute_static_queue_offset_strictly(
                max(current_item.start_offset, min_offset))
            response_header.max_offset = max(
                current_item.compute_static_queue_offset_strictly(max_offset),
                TopicQueueMappingDetail.compute_max_offset_from_mapping(mapping_detail, mapping_context.global_id))
            response_header.offset_delta = current_item.compute_offset_delta()
            if code == ResponseCode.SUCCESS:
                return None
            response = RemotingCommand.create_response_command(response_code)  # Java createResponseCommandWithHeader
            response.write_custom_header(response_header)
            return response
        except Exception as e:  # noqa: BLE001 - Java answers every failure with SYSTEM_ERROR
            log.warning("rewriteResponseForStaticTopic failed: %r", e)
            return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, repr(e))

    def generate_offset_moved_event(self, event: OffsetMovedEvent) -> None:
        """Java ``generateOffsetMovedEvent``: record the correction in the ``OFFSET_MOVED_EVENT`` topic."""
        try:
            msg_inner = MessageExtBrokerInner()
            msg_inner.topic = TopicValidator.RMQ_SYS_OFFSET_MOVED_EVENT
            msg_inner.set_tags(event.consumer_group)
            msg_inner.set_delay_time_level(0)
            msg_inner.set_keys(event.consumer_group)
            msg_inner.body = event.encode()
            msg_inner.flag = 0
            msg_inner.properties_string = MessageDecoder.message_properties2string(msg_inner.properties)
            msg_inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(event.consumer_group)
            msg_inner.queue_id = 0
            msg_inner.sys_flag = 0
            msg_inner.born_timestamp = int(time.time() * 1000)
            msg_inner.born_host = RemotingHelper.string2socket_address(self.broker_controller.get_broker_addr())
            msg_inner.store_host = msg_inner.born_host
            msg_inner.reconsume_times = 0
            self.broker_controller.get_message_store().put_message(msg_inner)
        except Exception:
            log.warning("generateOffsetMovedEvent Exception, %s", event, exc_info=True)

    def execute_request_when_wakeup(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> None:
        """Java ``executeRequestWhenWakeup``: re-evaluate a held pull on the pull executor (it is never
        suspended again) and send its response through ``ctx`` (the request's opaque and serialize type)."""
        executor_submitter(self.broker_controller.get_pull_message_executor())(self._run_wakeup, ctx, request)

    def _run_wakeup(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> None:
        try:
            response = self._process_request(ctx, request, False)
        except Exception as e:
            log.error("executeRequestWhenWakeup run, request %s", request, exc_info=True)
            response = RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR,
                                                               RemotingHelper.exception_simple_desc(e))
        if response is not None:
            ctx.write_response(response)
