"""Java ``org.apache.rocketmq.broker.processor.SendMessageProcessor``: SEND_MESSAGE, SEND_MESSAGE_V2,
SEND_BATCH_MESSAGE and CONSUMER_SEND_MSG_BACK.

A send is checked (``msgCheck``), retried messages past their max reconsume times go to ``%DLQ%<group>``, the
stored message gets bornHost = the TCP peer, storeHost = the broker address, property ``CLUSTER`` and loses
``WAIT`` from its stored property string (single sends only; batch messages keep it), then the store's
``PutMessageStatus`` becomes the response code and remark exactly as Java's ``handlePutMessageResult``. Every
send response carries the extFields ``MSG_REGION`` and ``TRACE_ON``. Half messages (``TRAN_MSG=true``) go to
the broker's transactional service (``prepare_message``: ``RMQ_SYS_TRANS_HALF_TOPIC`` queue 0, real topic and
queue in ``REAL_TOPIC`` / ``REAL_QID``).
"""
from __future__ import annotations

import logging
import random
import time
from typing import TYPE_CHECKING, Dict, Optional, Tuple

from rocketmq_broker.processor.abstract_send_message_processor import AbstractSendMessageProcessor
from rocketmq_broker.store.config.store_path_config_helper import StorePathConfigHelper
from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.topic.topic_queue_mapping_manager import not_leader_response
from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_batch import MessageExtBatch
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.mix_all import MixAll
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.producer.recall_message_handle import HandleV1
from rocketmq_common.protocol.header.consumer_send_msg_back_request_header import ConsumerSendMsgBackRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeader)
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.sysflag.topic_sys_flag import TopicSysFlag
from rocketmq_common.topic_config import TopicConfig
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.topic_filter_type import TopicFilterType
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_common.protocol.statictopic.topic_queue_mapping_context import TopicQueueMappingContext
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["SendMessageProcessor"]

log = logging.getLogger(__name__)

_V3_4_9 = MQVersion.version_ordinal("V3_4_9")
_RETRY_PREFIX = MixAll.RETRY_GROUP_TOPIC_PREFIX
_PROPERTY_WAIT = MessageConst.PROPERTY_WAIT_STORE_MSG_OK
_PROPERTY_CLUSTER = MessageConst.PROPERTY_CLUSTER
_PROPERTY_TRAN_MSG = MessageConst.PROPERTY_TRANSACTION_PREPARED
_MULTI_TAG = TopicFilterType.MULTI_TAG
_MULTI_TAGS_FLAG = MessageSysFlag.MULTI_TAGS_FLAG
_BYTE_MAX = 127
_SCHEDULE_TOPIC = TopicValidator.RMQ_SYS_SCHEDULE_TOPIC
_CONSUMER_SEND_MSG_BACK = RequestCode.CONSUMER_SEND_MSG_BACK
_PUT_OK = PutMessageStatus.PUT_OK
_TRACE_SWITCH = MessageConst.PROPERTY_TRACE_SWITCH
_MSG_REGION = MessageConst.PROPERTY_MSG_REGION
_NOT_SET_REMARK = "not set any response code"  # Java createResponseCommand(classHeader)'s placeholder
#: the wire names of SendMessageResponseHeader's msgId, queueId and queueOffset
_MSG_ID, _QUEUE_ID, _QUEUE_OFFSET = "msgId", "queueId", "queueOffset"
_RECALL_HANDLE = "recallHandle"  # SendMessageResponseHeader's, 5.3.3

def _random_queue_id(write_queue_nums: int) -> int:
    """Java ``randomQueueId``: ``nextInt(99999999) % writeQueueNums``."""
    return random.randrange(99999999) % write_queue_nums


class SendMessageProcessor(AbstractSendMessageProcessor):
    """See the module docstring. Registered by the broker controller for SEND_MESSAGE, SEND_MESSAGE_V2,
    SEND_BATCH_MESSAGE and CONSUMER_SEND_MSG_BACK."""

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest`` / ``asyncProcessRequest``: the response (None when there is none to send)."""
        if request.code == _CONSUMER_SEND_MSG_BACK:
            return self.consumer_send_msg_back(ctx, request)
        request_header = self.parse_request_header(request)
        if request_header is None:
            return None
        # 5.3.3: a static topic's logical queue is written through its leader item's physical queue
        mapping_manager = self.broker_controller.get_topic_queue_mapping_manager()
        mapping_context = mapping_manager.build_topic_queue_mapping_context(request_header, True)
        rewrite_result = mapping_manager.rewrite_request_for_static_topic(request_header, mapping_context)
        if rewrite_result is not None:
            return rewrite_result
        if request_header.batch:
            return self.send_batch_message(ctx, request, request_header, mapping_context)
        return self.send_message(ctx, request, request_header, mapping_context)

    def reject_request(self) -> bool:
        """Java ``rejectRequest``: refuse sends while the store's page cache is busy."""
        store = self.broker_controller.get_message_store()
        return store.is_os_page_cache_busy() or store.is_transient_store_pool_deficient()

    # ------------------------------------------------------------------ single and batch sends

    def _pre_send(self, ctx: "ChannelHandlerContext", request_header: SendMessageRequestHeader
                  ) -> Tuple[RemotingCommand, Optional[TopicConfig]]:
        """Java ``preSend``: the response with ``MSG_REGION`` / ``TRACE_ON``, code -1 while undecided, and the
        topic config when ``msgCheck`` passed."""
        # no SendMessageResponseHeader instance: handle_put_message_result puts its fields into extFields
        response = RemotingCommand.create_response_command(-1, _NOT_SET_REMARK)
        broker_config = self.broker_controller.broker_config
        # TRACE_ON before MSG_REGION: the order a Java broker's HashMap writes them in (golden frames)
        response.ext_fields = {_TRACE_SWITCH: "true" if broker_config.trace_on else "false",
                               _MSG_REGION: broker_config.region_id}
        start_timestamp = broker_config.start_accept_send_request_time_stamp
        if start_timestamp > 0 and int(time.time() * 1000) < start_timestamp:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "broker unable to service, until %s" % UtilAll.time_millis_to_human_string2(
                start_timestamp)
            return response, None
        return response, self.msg_check(ctx, request_header, response)

    def send_message(self, ctx: "ChannelHandlerContext", request: RemotingCommand,
                     request_header: SendMessageRequestHeader,
                     mapping_context: Optional[TopicQueueMappingContext] = None) -> RemotingCommand:
        """Java ``asyncSendMessage``."""
        response, topic_config = self._pre_send(ctx, request_header)
        if response.code != -1:
            return response
        assert topic_config is not None  # _pre_send lets a send through only with its topic's config
        sys_flag = self.check_sys_flag(ctx, request_header.sys_flag, request.body, False, response)
        if sys_flag is None:
            return response
        request_header.sys_flag = sys_flag
        broker_controller = self.broker_controller
        queue_id = request_header.queue_id
        if queue_id < 0:
            queue_id = _random_queue_id(topic_config.write_queue_nums)
        msg_inner = MessageExtBrokerInner()
        msg_inner.topic = request_header.topic
        msg_inner.queue_id = queue_id
        if not self.handle_retry_and_dlq(request_header, response, request, msg_inner, topic_config):
            return response
        msg_inner.body = request.body
        msg_inner.flag = request_header.flag
        orig_props = MessageDecoder.string2message_properties(request_header.properties)
        msg_inner.properties = orig_props
        msg_inner.born_timestamp = request_header.born_timestamp
        msg_inner.born_host = self._peer(ctx)
        msg_inner.store_host = self.get_store_host()
        reconsume_times = request_header.reconsume_times
        msg_inner.reconsume_times = 0 if reconsume_times is None else reconsume_times
        cluster_name = broker_controller.broker_config.broker_cluster_name
        orig_props[_PROPERTY_CLUSTER] = cluster_name
        # no need to store "WAIT": it is left out of the stored string and put back for isWaitStoreMsgOK (at the
        # end of the map, as Java's HashMap chains it again); the map's capacity is that of its largest size
        max_size = len(orig_props)
        wait_value = orig_props.pop(_PROPERTY_WAIT, None)
        msg_inner.properties_string = MessageDecoder.message_properties2string(
            java_hash_map_order(orig_props, max_size))
        if wait_value is not None:
            orig_props[_PROPERTY_WAIT] = wait_value
        trans_flag = orig_props.get(_PROPERTY_TRAN_MSG)
        if trans_flag is not None and trans_flag.lower() == "true":
            broker_config = broker_controller.broker_config
            if broker_config.reject_transaction_message:
                response.code = ResponseCode.NO_PERMISSION
                response.remark = "the broker[%s] sending transaction message is forbidden" % (
                    broker_config.broker_ip1)
                return response
            put_message_result = broker_controller.get_transactional_message_service().prepare_message(msg_inner)
        else:
            put_message_result = broker_controller.get_message_store().put_message(msg_inner)
        return self.handle_put_message_result(put_message_result, response, request, msg_inner, queue_id,
                                              mapping_context)

    def send_batch_message(self, ctx: "ChannelHandlerContext", request: RemotingCommand,
                           request_header: SendMessageRequestHeader,
                           mapping_context: Optional[TopicQueueMappingContext] = None) -> RemotingCommand:
        """Java ``asyncSendBatchMessage``: the batch header's properties (plus ``CLUSTER``) are appended to every
        message of the batch by the store."""
        response, topic_config = self._pre_send(ctx, request_header)
        if response.code != -1:
            return response
        queue_id = request_header.queue_id
        if queue_id < 0:
            queue_id = _random_queue_id(topic_config.write_queue_nums)  # type: ignore[union-attr]
        topic = request_header.topic
        if len(topic) > _BYTE_MAX:
            response.code = ResponseCode.MESSAGE_ILLEGAL
            response.remark = "message topic length too long %d" % len(topic)
            return response
        batch = MessageExtBatch()
        batch.topic = topic
        batch.queue_id = queue_id
        sys_flag = self.check_sys_flag(ctx, request_header.sys_flag, request.body, True, response)
        if sys_flag is None:
            return response
        if topic_config.topic_filter_type is _MULTI_TAG:  # type: ignore[union-attr]
            sys_flag |= _MULTI_TAGS_FLAG
        batch.sys_flag = sys_flag
        batch.flag = request_header.flag
        properties = MessageDecoder.string2message_properties(request_header.properties)
        batch.body = request.body
        batch.born_timestamp = request_header.born_timestamp
        batch.born_host = self._peer(ctx)
        batch.store_host = self.get_store_host()
        reconsume_times = request_header.reconsume_times
        batch.reconsume_times = 0 if reconsume_times is None else reconsume_times
        properties[_PROPERTY_CLUSTER] = self.broker_controller.get_broker_config().broker_cluster_name
        batch.properties = java_hash_map_order(properties)
        put_message_result = self.broker_controller.get_message_store().put_messages(batch)
        return self.handle_put_message_result(put_message_result, response, request, batch, queue_id,
                                              mapping_context)

    def handle_retry_and_dlq(self, request_header: SendMessageRequestHeader, response: RemotingCommand,
                             request: RemotingCommand, msg: MessageExt, topic_config: TopicConfig) -> bool:
        """Java ``handleRetryAndDLQ``: a ``%RETRY%`` message past its max reconsume times goes to ``%DLQ%<group>``
        queue 0; sets the message's sysFlag. False (response filled) when the group or DLQ topic is missing."""
        new_topic = request_header.topic
        if new_topic is not None and new_topic.startswith(_RETRY_PREFIX):
            group_name = new_topic[len(_RETRY_PREFIX):]
            subscription_group_config = self.broker_controller.get_subscription_group_manager() \
                .find_subscription_group_config(group_name)
            if subscription_group_config is None:
                response.code = ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
                response.remark = "subscription group not exist, %s %s" % (
                    group_name, FAQUrl.suggest_todo(FAQUrl.SUBSCRIPTION_GROUP_NOT_EXIST))
                return False
            max_reconsume_times = subscription_group_config.retry_max_times
            if request.version >= _V3_4_9 and request_header.max_reconsume_times is not None:
                max_reconsume_times = request_header.max_reconsume_times
            reconsume_times = request_header.reconsume_times or 0
            if reconsume_times >= max_reconsume_times:
                new_topic = MixAll.get_dlq_topic(group_name)
                queue_id = random.randrange(99999999) % self.DLQ_NUMS_PER_GROUP
                dlq_topic_config = self.broker_controller.get_topic_config_manager() \
                    .create_topic_in_send_message_back_method(new_topic, self.DLQ_NUMS_PER_GROUP,
                                                              PermName.PERM_WRITE | PermName.PERM_READ, 0)
                msg.topic = new_topic
                msg.queue_id = queue_id
                msg.set_delay_time_level(0)
                if dlq_topic_config is None:
                    response.code = ResponseCode.SYSTEM_ERROR
                    response.remark = "topic[%s] not exist" % new_topic
                    return False
                topic_config = dlq_topic_config
        sys_flag = request_header.sys_flag
        if topic_config.topic_filter_type is _MULTI_TAG:
            sys_flag |= _MULTI_TAGS_FLAG
        msg.sys_flag = sys_flag
        return True

    def handle_put_message_result(self, put_message_result: Optional[PutMessageResult], response: RemotingCommand,
                                  request: RemotingCommand, msg: MessageExt, queue_id: int,
                                  mapping_context: Optional[TopicQueueMappingContext] = None) -> RemotingCommand:
        """Java ``handlePutMessageResult``: the store's status as response code and remark; the offset msgId
        (comma-joined for a batch), queue id, queue offset and the recall handle of a delayed message
        (:meth:`attach_recall_handle`) when stored, counted in the broker's statistics (messages and bytes of
        ``msg``'s topic, the broker's put total). (5.3.3) A static topic's send answers its logical queue id and
        offset (``rewriteResponseForStaticTopic``)."""
        if put_message_result is None:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "store putMessage return null"
            return response
        status = put_message_result.put_message_status
        send_ok = False
        if status is _PUT_OK:
            send_ok = True
            response.code = ResponseCode.SUCCESS
        elif status is PutMessageStatus.FLUSH_DISK_TIMEOUT:
            response.code = ResponseCode.FLUSH_DISK_TIMEOUT
            send_ok = True
        elif status is PutMessageStatus.FLUSH_SLAVE_TIMEOUT:
            response.code = ResponseCode.FLUSH_SLAVE_TIMEOUT
            send_ok = True
        elif status is PutMessageStatus.SLAVE_NOT_AVAILABLE:
            response.code = ResponseCode.SLAVE_NOT_AVAILABLE
            send_ok = True
        elif status is PutMessageStatus.CREATE_MAPEDFILE_FAILED:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "create mapped file failed, server is busy or broken."
        elif status is PutMessageStatus.MESSAGE_ILLEGAL or status is PutMessageStatus.PROPERTIES_SIZE_EXCEEDED:
            response.code = ResponseCode.MESSAGE_ILLEGAL
            response.remark = ("the message is illegal, maybe msg body or properties length not matched. msg body "
                               "length limit %dB, msg properties length limit 32KB." %
                               self.broker_controller.get_message_store_config().max_message_size)
        elif status is PutMessageStatus.SERVICE_NOT_AVAILABLE:
            response.code = ResponseCode.SERVICE_NOT_AVAILABLE
            response.remark = ("service not available now. It may be caused by one of the following reasons: the "
                               "broker's disk is full [%s], messages are put to the slave, message store has been "
                               "shut down, etc." % self._disk_util())
        elif status is PutMessageStatus.OS_PAGECACHE_BUSY:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "[PC_SYNCHRONIZED]broker busy, start flow control for a while"
        elif status is PutMessageStatus.LMQ_CONSUME_QUEUE_NUM_EXCEEDED:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = ("[LMQ_CONSUME_QUEUE_NUM_EXCEEDED]broker config enableLmq and enableMultiDispatch, lmq "
                               "consumeQueue num exceed maxLmqConsumeQueueNum config num, default limit 2w.")
        elif status is PutMessageStatus.UNKNOWN_ERROR:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "UNKNOWN_ERROR"
        elif status is PutMessageStatus.WHEEL_TIMER_MSG_ILLEGAL:
            response.code = ResponseCode.MESSAGE_ILLEGAL
            response.remark = ("timer message illegal, the delay time should not be bigger than the max delay %dms; "
                               "or if set del msg, the delay time should be bigger than the current time" %
                               (self.broker_controller.get_message_store_config().timer_max_delay_sec * 1000))
        elif status is PutMessageStatus.WHEEL_TIMER_FLOW_CONTROL:
            congest = self.broker_controller.get_message_store_config().timer_congest_num_each_slot
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = ("timer message is under flow control, max num limit is %d or the current value is "
                               "greater than %d and less than %d, trigger random flow control" %
                               (congest * 2, congest, congest * 2))
        elif status is PutMessageStatus.WHEEL_TIMER_NOT_ENABLE:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "accurate timer message is not enabled, timerWheelEnable is %s" % (
                "true" if self.broker_controller.get_message_store_config().timer_wheel_enable else "false")
        else:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "UNKNOWN_ERROR DEFAULT"
        if send_ok:
            append_result = put_message_result.append_message_result
            assert append_result is not None  # every status that counts as sent carries the append result
            msg_num, wrote_bytes = append_result.msg_num, append_result.wrote_bytes
            stats = self.broker_controller.broker_stats_manager
            topic = msg.topic
            if topic == _SCHEDULE_TOPIC:
                stats.inc_queue_put_nums(topic, msg.queue_id, msg_num, 1)
                stats.inc_queue_put_size(topic, msg.queue_id, wrote_bytes)
            stats.inc_topic_put_nums(topic, msg_num, 1)
            stats.inc_topic_put_size(topic, wrote_bytes)
            stats.inc_broker_put_nums(msg_num)
            response.remark = None
            queue_offset = append_result.logics_offset
            if mapping_context is not None and mapping_context.mapping_detail is not None:
                leader_item = mapping_context.leader_item
                if leader_item is None:
                    return not_leader_response(mapping_context)
                # a logic offset of -1 (not decided yet) answers -1, as Java lets it go
                queue_offset = leader_item.compute_static_queue_offset_loosely(queue_offset)
                queue_id = mapping_context.global_id
            # the SendMessageResponseHeader fields, ahead of the others as makeCustomHeaderToNet puts them
            ext_fields: Dict[str, Optional[str]] = {_MSG_ID: append_result.get_msg_id(),
                                                    _QUEUE_ID: str(queue_id),
                                                    _QUEUE_OFFSET: str(queue_offset)}
            self.attach_recall_handle(request, msg, ext_fields)
            ext_fields.update(response.ext_fields or {})
            response.ext_fields = ext_fields  # type: ignore[assignment]  # a computed msgId is never None
        return response

    def attach_recall_handle(self, request: RemotingCommand, msg: MessageExt,
                             response_fields: Dict[str, Optional[str]]) -> None:
        """Java 5.3.3 ``attachRecallHandle``: a single message the timer hook put into the wheel (it has
        ``TIMER_OUT_MS`` and ``REAL_TOPIC``, not a retry topic) gets the SendMessageResponseHeader field
        ``recallHandle``: the v1 handle of its real topic, this broker, its slot + 1 ms (the slot is floored) and
        its unique key."""
        if request.code == RequestCode.SEND_BATCH_MESSAGE or request.code == _CONSUMER_SEND_MSG_BACK:
            return
        properties = msg.properties
        if not properties:
            return
        timestamp_str = properties.get(MessageConst.PROPERTY_TIMER_OUT_MS)
        real_topic = properties.get(MessageConst.PROPERTY_REAL_TOPIC)
        if timestamp_str is not None and real_topic is not None and not real_topic.startswith(_RETRY_PREFIX):
            response_fields[_RECALL_HANDLE] = HandleV1.build_handle(
                real_topic, self.broker_controller.get_broker_config().broker_name, str(int(timestamp_str) + 1),
                MessageClientIDSetter.get_uniq_id(msg) or "null")  # Java joins a null id as "null"

    def _disk_util(self) -> str:
        """Java ``diskUtil``: used ratios of the commit log, consume queue and index partitions."""
        config = self.broker_controller.get_message_store_config()
        physic_ratio = 100.0
        for path in config.get_store_path_commit_log().strip().split(config.MULTI_PATH_SPLITTER):
            physic_ratio = min(physic_ratio, UtilAll.get_disk_partition_space_used_percent(path))
        root = config.store_path_root_dir
        logis_ratio = UtilAll.get_disk_partition_space_used_percent(
            StorePathConfigHelper.get_store_path_consume_queue(root))
        index_ratio = UtilAll.get_disk_partition_space_used_percent(StorePathConfigHelper.get_store_path_index(root))
        return "CL: %5.2f CQ: %5.2f INDEX: %5.2f" % (physic_ratio, logis_ratio, index_ratio)

    # ------------------------------------------------------------------ CONSUMER_SEND_MSG_BACK

    def consumer_send_msg_back(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``asyncConsumerSendMsgBack``: re-store a consumed message in ``%RETRY%<group>`` with a delay
        level (0: 3 + reconsumeTimes), or in ``%DLQ%<group>`` past its max reconsume times or for a negative
        level."""
        response = RemotingCommand.create_response_command(remark=None)
        request_header = request.decode_command_custom_header(ConsumerSendMsgBackRequestHeader)
        broker_controller = self.broker_controller
        group = request_header.group
        subscription_group_config = broker_controller.get_subscription_group_manager() \
            .find_subscription_group_config(group)
        if subscription_group_config is None:
            response.code = ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
            response.remark = "subscription group not exist, %s %s" % (
                group, FAQUrl.suggest_todo(FAQUrl.SUBSCRIPTION_GROUP_NOT_EXIST))
            return response
        broker_config = broker_controller.get_broker_config()
        if not PermName.is_writeable(broker_config.broker_permission):
            response.code = ResponseCode.NO_PERMISSION
            response.remark = "the broker[%s] sending message is forbidden" % broker_config.broker_ip1
            return response
        if subscription_group_config.retry_queue_nums <= 0:
            response.code = ResponseCode.SUCCESS
            response.remark = None
            return response
        new_topic = MixAll.get_retry_topic(group)
        queue_id = random.randrange(99999999) % subscription_group_config.retry_queue_nums
        topic_sys_flag = TopicSysFlag.build_sys_flag(False, True) if request_header.unit_mode else 0
        topic_config_manager = broker_controller.get_topic_config_manager()
        topic_config = topic_config_manager.create_topic_in_send_message_back_method(
            new_topic, subscription_group_config.retry_queue_nums, PermName.PERM_WRITE | PermName.PERM_READ,
            topic_sys_flag)
        if topic_config is None:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "topic[%s] not exist" % new_topic
            return response
        if not PermName.is_writeable(topic_config.perm):
            response.code = ResponseCode.NO_PERMISSION
            response.remark = "the topic[%s] sending message is forbidden" % new_topic
            return response
        store = broker_controller.get_message_store()
        msg_ext = store.look_message_by_offset(request_header.offset)
        if msg_ext is None:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "look message by offset failed, %d" % request_header.offset
            return response
        if msg_ext.properties is None:
            msg_ext.properties = {}
        if msg_ext.get_property(MessageConst.PROPERTY_RETRY_TOPIC) is None:
            MessageAccessor.put_property(msg_ext, MessageConst.PROPERTY_RETRY_TOPIC, msg_ext.topic)
        msg_ext.set_wait_store_msg_ok(False)
        delay_level = request_header.delay_level
        max_reconsume_times = subscription_group_config.retry_max_times
        if request.version >= _V3_4_9 and request_header.max_reconsume_times is not None:
            max_reconsume_times = request_header.max_reconsume_times
        if msg_ext.reconsume_times >= max_reconsume_times or delay_level < 0:
            new_topic = MixAll.get_dlq_topic(group)
            queue_id = random.randrange(99999999) % self.DLQ_NUMS_PER_GROUP
            topic_config = topic_config_manager.create_topic_in_send_message_back_method(
                new_topic, self.DLQ_NUMS_PER_GROUP, PermName.PERM_WRITE | PermName.PERM_READ, 0)
            if topic_config is None:
                response.code = ResponseCode.SYSTEM_ERROR
                response.remark = "topic[%s] not exist" % new_topic
                return response
            msg_ext.set_delay_time_level(0)
        else:
            if delay_level == 0:
                delay_level = 3 + msg_ext.reconsume_times
            msg_ext.set_delay_time_level(delay_level)
        msg_inner = MessageExtBrokerInner()
        msg_inner.topic = new_topic
        msg_inner.body = msg_ext.body
        msg_inner.flag = msg_ext.flag
        properties: Dict[str, str] = msg_ext.properties
        msg_inner.properties = properties
        msg_inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(msg_ext.get_tags())
        msg_inner.queue_id = queue_id
        msg_inner.sys_flag = msg_ext.sys_flag
        msg_inner.born_timestamp = msg_ext.born_timestamp
        msg_inner.born_host = msg_ext.born_host
        msg_inner.store_host = msg_ext.store_host
        msg_inner.reconsume_times = msg_ext.reconsume_times + 1
        origin_msg_id = MessageAccessor.get_origin_message_id(msg_ext)
        if UtilAll.is_blank(origin_msg_id):
            origin_msg_id = msg_ext.msg_id
        MessageAccessor.set_origin_message_id(msg_inner, origin_msg_id)  # type: ignore[arg-type]  # stored: has one
        msg_inner.properties_string = MessageDecoder.message_properties2string(java_hash_map_order(properties))
        put_message_result = store.put_message(msg_inner)
        if put_message_result is None:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "putMessageResult is null"
            return response
        if put_message_result.put_message_status is PutMessageStatus.PUT_OK:
            back_topic = msg_ext.topic
            correct_topic = msg_ext.get_property(MessageConst.PROPERTY_RETRY_TOPIC)
            if correct_topic is not None:
                back_topic = correct_topic
            stats = broker_controller.broker_stats_manager
            if msg_inner.topic == _SCHEDULE_TOPIC:
                wrote_bytes = put_message_result.append_message_result.wrote_bytes  # type: ignore[union-attr]
                stats.inc_topic_put_nums(msg_inner.topic)
                stats.inc_topic_put_size(msg_inner.topic, wrote_bytes)
                stats.inc_queue_put_nums(msg_inner.topic, msg_inner.queue_id)
                stats.inc_queue_put_size(msg_inner.topic, msg_inner.queue_id, wrote_bytes)
            stats.inc_send_back_nums(group, back_topic)
            response.code = ResponseCode.SUCCESS
            response.remark = None
            return response
        response.code = ResponseCode.SYSTEM_ERROR
        response.remark = put_message_result.put_message_status.name
        return response
