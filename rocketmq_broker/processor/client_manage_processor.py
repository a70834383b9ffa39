"""Java ``org.apache.rocketmq.broker.processor.ClientManageProcessor``: HEART_BEAT, UNREGISTER_CLIENT and
CHECK_CLIENT_CONFIG; the heartbeat follows 5.3.3 (heartbeat v2: a heartbeat with a fingerprint other than 0 may
leave out the subscriptions, which the broker then keeps; every answer says ``IS_SUPPORT_HEART_BEAT_V2`` and
whether the group's fingerprint changed, ``IS_SUB_CHANGE``). A group without a subscription group config (none
created automatically) is still registered, as 4.9.7 does (5.3.3 skips it)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Dict, Optional

from rocketmq_broker.client.client_channel_info import ClientChannelInfo
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.check_client_request_body import CheckClientRequestBody
from rocketmq_common.protocol.header.unregister_client_request_header import (
    UnregisterClientRequestHeader, UnregisterClientResponseHeader)
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.sysflag.topic_sys_flag import TopicSysFlag
from rocketmq_filter.expression.mq_filter_exception import MQFilterException
from rocketmq_filter.filter_factory import FilterFactory
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["ClientManageProcessor"]

log = logging.getLogger(__name__)


class _NullPointerError(Exception):
    """Java's NullPointerException (no message) of an unknown expression type."""


def _new_response(header_class=None) -> RemotingCommand:
    # Java ``RemotingCommand.createResponseCommand(Class)``: SYSTEM_ERROR until the handler sets a code
    return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, "not set any response code",
                                                   header_class)


class ClientManageProcessor(AsyncNettyRequestProcessor):
    """See the module docstring."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller
        #: consumer group -> the heartbeat fingerprint last received for it (5.3.3; 0 from a v1 heartbeat)
        self.consumer_group_heartbeat_table: Dict[str, int] = {}

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        code = request.code
        if code == RequestCode.HEART_BEAT:
            return self.heart_beat(ctx, request)
        if code == RequestCode.UNREGISTER_CLIENT:
            return self.unregister_client(ctx, request)
        if code == RequestCode.CHECK_CLIENT_CONFIG:
            return self.check_client_config(ctx, request)
        return None

    def reject_request(self) -> bool:
        return False

    def heart_beat(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``heartBeat`` (5.3.3): register every consumer group (creating its subscription group and retry
        topic) and producer group of the heartbeat on this connection; a fingerprint other than 0 takes
        :meth:`heart_beat_v2`."""
        heartbeat_data = HeartbeatData.decode(request.body or b"{}")
        client_channel_info = ClientChannelInfo(ctx.channel(), heartbeat_data.client_id, request.language,
                                                request.version)
        if heartbeat_data.heartbeat_fingerprint != 0:
            return self.heart_beat_v2(ctx, heartbeat_data, client_channel_info)
        for data in heartbeat_data.consumer_data_set or ():
            self.consumer_group_heartbeat_table[data.group_name] = 0
            self._register_consumer(ctx, data, client_channel_info, False)
        return self._heartbeat_response(heartbeat_data, client_channel_info, True)

    def heart_beat_v2(self, ctx: "ChannelHandlerContext", heartbeat_data: HeartbeatData,
                      client_channel_info: ClientChannelInfo) -> RemotingCommand:
        """Java ``heartBeatV2`` (5.3.3): as :meth:`heart_beat`, keeping the subscriptions the broker has when the
        heartbeat is ``without_sub``; the answer's ``IS_SUB_CHANGE`` is true when a group's last fingerprint was
        another (the client then sends its subscriptions again)."""
        is_sub_change = False
        fingerprint = heartbeat_data.heartbeat_fingerprint
        for data in heartbeat_data.consumer_data_set or ():
            last = self.consumer_group_heartbeat_table.get(data.group_name)
            if last is not None and last != fingerprint:
                is_sub_change = True
            self.consumer_group_heartbeat_table[data.group_name] = fingerprint
            self._register_consumer(ctx, data, client_channel_info, heartbeat_data.without_sub)
        return self._heartbeat_response(heartbeat_data, client_channel_info, is_sub_change)

    def _register_consumer(self, ctx: "ChannelHandlerContext", data: "ConsumerData",
                           client_channel_info: ClientChannelInfo, without_sub: bool) -> None:
        controller = self.broker_controller
        subscription_group_config = controller.get_subscription_group_manager().find_subscription_group_config(
            data.group_name)
        is_notify_consumer_ids_changed_enable = True
        if subscription_group_config is not None:
            is_notify_consumer_ids_changed_enable = subscription_group_config.notify_consumer_ids_changed_enable
            topic_sys_flag = TopicSysFlag.build_sys_flag(False, True) if data.unit_mode else 0
            controller.get_topic_config_manager().create_topic_in_send_message_back_method(
                MixAll.get_retry_topic(data.group_name), subscription_group_config.retry_queue_nums,
                PermName.PERM_WRITE | PermName.PERM_READ, topic_sys_flag)
        consumer_manager = controller.get_consumer_manager()
        if without_sub:
            changed = consumer_manager.register_consumer_without_sub(
                data.group_name, client_channel_info, data.consume_type, data.message_model,
                data.consume_from_where, is_notify_consumer_ids_changed_enable)
        else:
            changed = consumer_manager.register_consumer(
                data.group_name, client_channel_info, data.consume_type, data.message_model,
                data.consume_from_where, data.subscription_data_set, is_notify_consumer_ids_changed_enable)
        if changed:
            log.info("registerConsumer info changed %s %s", data, ctx.channel().get_remote_addr())

    def _heartbeat_response(self, heartbeat_data: HeartbeatData, client_channel_info: ClientChannelInfo,
                            is_sub_change: bool) -> RemotingCommand:
        for data in heartbeat_data.producer_data_set or ():
            self.broker_controller.get_producer_manager().register_producer(data.group_name, client_channel_info)
        response = _new_response()
        response.code = ResponseCode.SUCCESS
        response.remark = None
        response.add_ext_field(MixAll.IS_SUPPORT_HEART_BEAT_V2, "true")
        response.add_ext_field(MixAll.IS_SUB_CHANGE, "true" if is_sub_change else "false")
        return response

    def unregister_client(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``unregisterClient``: remove the connection from the producer and/or consumer group."""
        controller = self.broker_controller
        response = _new_response(UnregisterClientResponseHeader)
        request_header = request.decode_command_custom_header(UnregisterClientRequestHeader)
        client_channel_info = ClientChannelInfo(ctx.channel(), request_header.client_id, request.language,
                                                request.version)
        if request_header.producer_group is not None:
            controller.get_producer_manager().unregister_producer(request_header.producer_group,
                                                                  client_channel_info)
        group = request_header.consumer_group
        if group is not None:
            config = controller.get_subscription_group_manager().find_subscription_group_config(group)
            notify = config.notify_consumer_ids_changed_enable if config is not None else True
            controller.get_consumer_manager().unregister_consumer(group, client_channel_info, notify)
        response.code = ResponseCode.SUCCESS
        response.remark = None
        return response

    def check_client_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``checkClientConfig``: TAG subscriptions are fine; other expression types need
        ``enablePropertyFilter`` and an expression that compiles (else SUBSCRIPTION_PARSE_FAILED with the
        compiler's message as remark)."""
        response = _new_response()
        body = CheckClientRequestBody.decode(request.body) if request.body else None
        if body is not None and body.subscription_data is not None:
            subscription_data = body.subscription_data
            if ExpressionType.is_tag_type(subscription_data.expression_type):
                response.code = ResponseCode.SUCCESS
                response.remark = None
                return response
            if not self.broker_controller.get_broker_config().enable_property_filter:
                response.code = ResponseCode.SYSTEM_ERROR
                response.remark = "The broker does not support consumer to filter message by " + \
                    str(subscription_data.expression_type)
                return response
            try:
                filter_spi = FilterFactory.INSTANCE.get(subscription_data.expression_type)
                if filter_spi is None:  # Java: NullPointerException, caught below
                    raise _NullPointerError()
                filter_spi.compile(subscription_data.sub_string)  # type: ignore[arg-type]
            except Exception as e:
                log.warning("Client %s@%s filter message, but failed to compile expression! sub=%s, error=%s",
                            body.client_id, body.group, subscription_data, e)
                response.code = ResponseCode.SUBSCRIPTION_PARSE_FAILED
                response.remark = e.get_message() if isinstance(e, MQFilterException) else (str(e) or None)
                return response
        response.code = ResponseCode.SUCCESS
        response.remark = None
        return response
