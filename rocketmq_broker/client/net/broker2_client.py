"""Java ``org.apache.rocketmq.broker.client.net.Broker2Client``: requests the broker sends to its clients."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Dict, Optional

from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.reset_offset_body import ResetOffsetBody
from rocketmq_common.protocol.header.check_transaction_state_request_header import \
    CheckTransactionStateRequestHeader
from rocketmq_common.protocol.header.notify_consumer_ids_changed_request_header import \
    NotifyConsumerIdsChangedRequestHeader
from rocketmq_common.protocol.header.reset_offset_request_header import ResetOffsetRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel import Channel

__all__ = ["Broker2Client"]

log = logging.getLogger(__name__)


class Broker2Client:
    """One-way notifications and synchronous calls to client connections through the broker's remoting
    server."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller

    def check_producer_transaction_state(self, group: str, channel: "Channel",
                                         request_header: CheckTransactionStateRequestHeader,
                                         message_ext: MessageExt) -> None:
        """Java ``checkProducerTransactionState``: one-way CHECK_TRANSACTION_STATE with the half message
        (``MessageDecoder.encode``). The header fields and the message properties come in the order of Java's
        ``HashMap`` of them, as a Java broker writes them (golden frame 175)."""
        request = RemotingCommand.create_request_command(RequestCode.CHECK_TRANSACTION_STATE)
        request.ext_fields = java_hash_map_order(request_header.encode_ext_fields())
        if message_ext.properties:
            message_ext.properties = java_hash_map_order(message_ext.properties)
        request.body = MessageDecoder.encode(message_ext, False)
        try:
            self.broker_controller.get_remoting_server().invoke_oneway(channel, request, 10)
        except Exception as e:
            log.error("Check transaction failed because invoke producer exception. group=%s, msgId=%s, error=%r",
                      group, message_ext.get_msg_id(), e)

    def call_client(self, channel: "Channel", request: RemotingCommand) -> RemotingCommand:
        """Java ``callClient``: a synchronous request (10 s) to the client on ``channel``."""
        return self.broker_controller.get_remoting_server().invoke_sync(channel, request, 10000)

    def notify_consumer_ids_changed(self, channel: "Channel", consumer_group: Optional[str]) -> None:
        """Java ``notifyConsumerIdsChanged``: one-way NOTIFY_CONSUMER_IDS_CHANGED (failures are logged)."""
        if consumer_group is None:
            log.error("notifyConsumerIdsChanged consumerGroup is null")
            return
        header = NotifyConsumerIdsChangedRequestHeader(consumer_group=consumer_group)
        request = RemotingCommand.create_request_command(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, header)
        try:
            self.broker_controller.get_remoting_server().invoke_oneway(channel, request, 10)
        except Exception as e:
            log.error("notifyConsumerIdsChanged exception. group=%s, error=%r", consumer_group, e)

    def reset_offset(self, topic: str, group: str, time_stamp: int, is_force: bool) -> RemotingCommand:
        """Java ``resetOffset`` (INVOKE_BROKER_TO_RESET_OFFSET): compute each queue's offset for
        ``time_stamp`` (-1: the max offset), tell every consumer of the group with one-way
        RESET_CONSUMER_CLIENT_OFFSET and answer the offsets (the C++ list form is not supported)."""
        controller = self.broker_controller
        response = RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, "not set any response code")
        topic_config = controller.get_topic_config_manager().select_topic_config(topic)
        if topic_config is None:
            log.error("[reset-offset] reset offset failed, no topic in this broker. topic=%s", topic)
            response.remark = "[reset-offset] reset offset failed, no topic in this broker. topic=" + topic
            return response
        store = controller.get_message_store()
        offset_table: Dict[MessageQueue, int] = {}
        for queue_id in range(topic_config.write_queue_nums):
            mq = MessageQueue(topic, controller.get_broker_config().broker_name, queue_id)
            consumer_offset = controller.get_consumer_offset_manager().query_offset(group, topic, queue_id)
            if consumer_offset == -1:
                response.remark = "THe consumer group <%s> not exist" % group
                return response
            if time_stamp == -1:
                time_stamp_offset = store.get_max_offset_in_queue(topic, queue_id)
            else:
                time_stamp_offset = store.get_offset_in_queue_by_time(topic, queue_id, time_stamp)
            if time_stamp_offset < 0:
                log.warning("reset offset is invalid. topic=%s, queueId=%s, timeStampOffset=%s", topic, queue_id,
                            time_stamp_offset)
                time_stamp_offset = 0
            offset_table[mq] = time_stamp_offset if is_force or time_stamp_offset < consumer_offset \
                else consumer_offset
        header = ResetOffsetRequestHeader(topic=topic, group=group, timestamp=time_stamp)
        request = RemotingCommand.create_request_command(RequestCode.RESET_CONSUMER_CLIENT_OFFSET, header)
        request.body = ResetOffsetBody(offset_table=offset_table).encode()
        group_info = controller.get_consumer_manager().get_consumer_group_info(group)
        if group_info is None or not group_info.get_all_channel():
            error_info = "Consumer not online, so can not reset offset, Group: %s Topic: %s Timestamp: %d" % (
                group, topic, time_stamp)
            log.error(error_info)
            response.code = ResponseCode.CONSUMER_NOT_ONLINE
            response.remark = error_info
            return response
        for channel, info in list(group_info.channel_info_table.items()):
            if info.version < MQVersion.version_ordinal("V3_0_7_SNAPSHOT"):
                response.remark = "the client does not support this feature. version=" + \
                    MQVersion.get_version_desc(info.version)
                log.warning("[reset-offset] the client does not support this feature. channel=%s, version=%s",
                            channel.get_remote_addr(), MQVersion.get_version_desc(info.version))
                return response
            try:
                controller.get_remoting_server().invoke_oneway(channel, request, 5000)
                log.info("[reset-offset] reset offset success. topic=%s, group=%s, clientId=%s", topic, group,
                         info.client_id)
            except Exception as e:
                log.error("[reset-offset] reset offset exception. topic=%s, group=%s ,error=%r", topic, group, e)
        response.code = ResponseCode.SUCCESS
        response.remark = None
        response.body = ResetOffsetBody(offset_table=offset_table).encode()
        return response
