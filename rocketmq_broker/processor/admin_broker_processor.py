"""Java ``org.apache.rocketmq.broker.processor.AdminBrokerProcessor``: the broker's default processor (topics,
subscription groups, offsets, statistics, connections, queue locks, calls to consumers).

Every code this broker does not implement is answered like Java answers an unknown code:
REQUEST_CODE_NOT_SUPPORTED with the remark ``" request type <code> not supported"``. The ACL configuration codes
answer their FAILED code (or SYSTEM_ERROR) with "The broker does not enable acl" on a broker without ACL.
VIEW_BROKER_STATS_DATA, consume TPS and the runtime info's message totals come from the broker's
:class:`~rocketmq_broker.store.stats.broker_stats_manager.BrokerStatsManager` and
:class:`~rocketmq_broker.store.stats.broker_stats.BrokerStats`.
"""
from __future__ import annotations

import logging
import os
import shutil
import struct
import threading
from typing import TYPE_CHECKING, Callable, Dict, Optional, Set, Tuple, Union, cast

from rocketmq_auth.authentication.enums.user_type import UserType
from rocketmq_auth.authentication.exception.authentication_exception import AuthenticationException
from rocketmq_auth.authentication.model.subject import Subject
from rocketmq_auth.authorization.enums.policy_type import PolicyType
from rocketmq_auth.authorization.exception.authorization_exception import AuthorizationException
from rocketmq_auth.authorization.model.resource import Resource
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_client.exception import IllegalStateException
from rocketmq_broker.auth.converter.acl_converter import AclConverter
from rocketmq_broker.auth.converter.user_converter import UserConverter
from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.consume_queue import CQ_STORE_UNIT_SIZE
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.topic.topic_queue_mapping_manager import mapping_item_of, not_leader_response
from rocketmq_broker.transaction.queue.transactional_message_bridge import hash_ordered_properties_string
from rocketmq_broker.transaction.queue.transactional_message_util import TransactionalMessageUtil
from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.attribute.attribute_parser import AttributeParser
from rocketmq_common.attribute.topic_message_type import TopicMessageType
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.admin.offset_wrapper import OffsetWrapper
from rocketmq_common.admin.topic_offset import TopicOffset
from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic_attributes import TopicAttributes
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.acl_info import AclInfo
from rocketmq_common.protocol.body.connection import Connection
from rocketmq_common.protocol.body.consume_queue_data import ConsumeQueueData
from rocketmq_common.protocol.body.broker_stats_data import BrokerStatsData
from rocketmq_common.protocol.body.broker_stats_item import BrokerStatsItem
from rocketmq_common.protocol.body.consume_stats_list import ConsumeStatsList
from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
from rocketmq_common.protocol.body.get_broker_cluster_acl_config_response_body import \
    GetBrokerClusterAclConfigResponseBody
from rocketmq_common.protocol.body.group_list import GroupList
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.body.lock_batch_request_body import LockBatchRequestBody
from rocketmq_common.protocol.body.lock_batch_response_body import LockBatchResponseBody
from rocketmq_common.protocol.body.producer_connection import ProducerConnection
from rocketmq_common.protocol.body.query_consume_queue_response_body import QueryConsumeQueueResponseBody
from rocketmq_common.protocol.body.query_correction_offset_body import QueryCorrectionOffsetBody
from rocketmq_common.protocol.body.reset_offset_body import ResetOffsetBody
from rocketmq_common.protocol.body.topic_config_and_mapping_serialize_wrapper import \
    TopicConfigAndMappingSerializeWrapper
from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.body.unlock_batch_request_body import UnlockBatchRequestBody
from rocketmq_common.protocol.body.user_info import UserInfo
from rocketmq_common.protocol.header.clone_group_offset_request_header import CloneGroupOffsetRequestHeader
from rocketmq_common.protocol.header.create_acl_request_header import CreateAclRequestHeader
from rocketmq_common.protocol.header.create_user_request_header import CreateUserRequestHeader
from rocketmq_common.protocol.header.delete_acl_request_header import DeleteAclRequestHeader
from rocketmq_common.protocol.header.delete_user_request_header import DeleteUserRequestHeader
from rocketmq_common.protocol.header.get_acl_request_header import GetAclRequestHeader
from rocketmq_common.protocol.header.get_user_request_header import GetUserRequestHeader
from rocketmq_common.protocol.header.list_acls_request_header import ListAclsRequestHeader
from rocketmq_common.protocol.header.list_users_request_header import ListUsersRequestHeader
from rocketmq_common.protocol.header.update_acl_request_header import UpdateAclRequestHeader
from rocketmq_common.protocol.header.update_user_request_header import UpdateUserRequestHeader
from rocketmq_common.protocol.header.consume_message_directly_result_request_header import \
    ConsumeMessageDirectlyResultRequestHeader
from rocketmq_common.protocol.header.create_access_config_request_header import CreateAccessConfigRequestHeader
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.header.delete_access_config_request_header import DeleteAccessConfigRequestHeader
from rocketmq_common.protocol.header.delete_subscription_group_request_header import \
    DeleteSubscriptionGroupRequestHeader
from rocketmq_common.protocol.header.delete_topic_request_header import DeleteTopicRequestHeader
from rocketmq_common.protocol.header.get_broker_acl_config_response_header import GetBrokerAclConfigResponseHeader
from rocketmq_common.protocol.header.get_all_topic_config_response_header import GetAllTopicConfigResponseHeader
from rocketmq_common.protocol.header.get_broker_config_response_header import GetBrokerConfigResponseHeader
from rocketmq_common.protocol.header.get_consume_stats_in_broker_header import GetConsumeStatsInBrokerHeader
from rocketmq_common.protocol.header.get_consume_stats_request_header import GetConsumeStatsRequestHeader
from rocketmq_common.protocol.header.get_consumer_connection_list_request_header import \
    GetConsumerConnectionListRequestHeader
from rocketmq_common.protocol.header.get_consumer_running_info_request_header import \
    GetConsumerRunningInfoRequestHeader
from rocketmq_common.protocol.header.get_earliest_msg_storetime_request_header import (
    GetEarliestMsgStoretimeRequestHeader, GetEarliestMsgStoretimeResponseHeader)
from rocketmq_common.protocol.header.get_max_offset_request_header import (
    GetMaxOffsetRequestHeader, GetMaxOffsetResponseHeader)
from rocketmq_common.protocol.header.get_min_offset_request_header import (
    GetMinOffsetRequestHeader, GetMinOffsetResponseHeader)
from rocketmq_common.protocol.header.get_producer_connection_list_request_header import \
    GetProducerConnectionListRequestHeader
from rocketmq_common.protocol.header.get_topic_config_request_header import GetTopicConfigRequestHeader
from rocketmq_common.protocol.header.get_topic_stats_info_request_header import GetTopicStatsInfoRequestHeader
from rocketmq_common.protocol.header.query_consume_queue_request_header import QueryConsumeQueueRequestHeader
from rocketmq_common.protocol.header.query_correction_offset_header import QueryCorrectionOffsetHeader
from rocketmq_common.protocol.header.query_topic_consume_by_who_request_header import \
    QueryTopicConsumeByWhoRequestHeader
from rocketmq_common.protocol.header.reset_offset_request_header import ResetOffsetRequestHeader
from rocketmq_common.protocol.header.update_group_forbidden_request_header import UpdateGroupForbiddenRequestHeader
from rocketmq_common.protocol.header.resume_check_half_message_request_header import \
    ResumeCheckHalfMessageRequestHeader
from rocketmq_common.protocol.header.search_offset_request_header import (
    SearchOffsetRequestHeader, SearchOffsetResponseHeader)
from rocketmq_common.protocol.header.update_global_white_addrs_config_request_header import \
    UpdateGlobalWhiteAddrsConfigRequestHeader
from rocketmq_common.protocol.header.view_broker_stats_data_request_header import ViewBrokerStatsDataRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.protocol.statictopic.topic_queue_mapping_context import TopicQueueMappingContext
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.rpc.rpc_client_utils import RpcClientUtils
from rocketmq_common.rpc.rpc_response import RpcResponse
from rocketmq_common.subscription.group_forbidden import GroupForbidden
from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.topic_config import TopicConfig
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.exception import RemotingTimeoutException
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, RemotingSysResponseCode
from rocketmq_remoting.protocol.remoting_serializable import from_json_value, to_json_value

# 5.3.3: batch updates, HA, cold data, RocksDB
from rocketmq_common.check_rocksdb_cq_write_result import CheckRocksdbCqWriteResult, CheckStatus
from rocketmq_common.constant.f_ile_readahead_mode import FIleReadaheadMode
from rocketmq_common.protocol.body.create_topic_list_request_body import CreateTopicListRequestBody
from rocketmq_common.protocol.body.subscription_group_list import SubscriptionGroupList
from rocketmq_common.protocol.header.check_rocksdb_cq_write_progress_request_header import \
    CheckRocksdbCqWriteProgressRequestHeader
from rocketmq_common.protocol.header.export_rocks_db_config_to_json_request_header import \
    ExportRocksDBConfigToJsonRequestHeader
from rocketmq_common.protocol.header.reset_master_flush_offset_header import ResetMasterFlushOffsetHeader

if TYPE_CHECKING:
    from rocketmq_acl.plain.plain_access_validator import PlainAccessValidator
    from rocketmq_auth.authentication.model.user import User
    from rocketmq_auth.authorization.model.acl import Acl
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["AdminBrokerProcessor"]

log = logging.getLogger(__name__)

_LONG_MAX = (1 << 63) - 1
#: Java ``LibC.MADV_NORMAL`` / ``MADV_RANDOM``: the commit log read modes of SET_COMMITLOG_READ_MODE
_MADV_NORMAL, _MADV_RANDOM = 0, 1
_CQ_ENTRY = struct.Struct(">qiq")  # a consume queue entry: commit log offset, size, tags code
_Handler = Callable[["AdminBrokerProcessor", "ChannelHandlerContext", RemotingCommand], Optional[RemotingCommand]]


def _new_response(header_class=None) -> RemotingCommand:
    # Java ``RemotingCommand.createResponseCommand(Class)``: SYSTEM_ERROR until the handler sets a code
    return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, "not set any response code",
                                                   header_class)


def _success(response: RemotingCommand, body: Optional[bytes] = None) -> RemotingCommand:
    if body is not None:
        response.body = body
    response.code = ResponseCode.SUCCESS
    response.remark = None
    return response


class AdminBrokerProcessor(AsyncNettyRequestProcessor):
    """See the module docstring."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller
        # Java marks the topic / config updates ``synchronized``
        self._lock = threading.Lock()

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        handler = _HANDLERS.get(request.code)
        if handler is None:
            return self.get_unknown_cmd_response(ctx, request)
        return handler(self, ctx, request)

    def reject_request(self) -> bool:
        return False

    @staticmethod
    def get_unknown_cmd_response(ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getUnknownCmdResponse``."""
        return RemotingCommand.create_response_command(RemotingSysResponseCode.REQUEST_CODE_NOT_SUPPORTED,
                                                       " request type %d not supported" % request.code)

    def _validate_slave(self, response: RemotingCommand) -> bool:
        if self.broker_controller.get_message_store_config().broker_role is BrokerRole.SLAVE:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = ("Can't modify topic or subscription group from slave broker, "
                               "please execute it from master broker.")
            return True
        return False

    # ------------------------------------------------------------------ topics

    def _refuses_mixed_message_type(self, topic_config: TopicConfig, response: RemotingCommand) -> bool:
        """Java 5.3.3's check of topic creation: ``+message.type=MIXED`` without ``enable_mixed_message_type``
        answers INVALID_PARAMETER "MIXED message type is not supported."."""
        if self.broker_controller.get_broker_config().enable_mixed_message_type or not topic_config.attributes:
            return False
        msg_type_attr_key = AttributeParser.ATTR_ADD_PLUS_SIGN + TopicAttributes.TOPIC_MESSAGE_TYPE_ATTRIBUTE.get_name()
        if topic_config.attributes.get(msg_type_attr_key) != TopicMessageType.MIXED.get_value():
            return False
        response.code = ResponseCode.INVALID_PARAMETER
        response.remark = "MIXED message type is not supported."
        return True

    def update_and_create_topic(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``updateAndCreateTopic`` (the success response keeps Java's placeholder remark): the header's
        attribute changes (``+message.type=FIFO``) are applied as Java applies them; a malformed or refused one
        answers SYSTEM_ERROR with Java's message, MIXED without ``enable_mixed_message_type`` INVALID_PARAMETER;
        a request equal to the topic's configuration changes nothing."""
        response = _new_response()
        if self._validate_slave(response):
            return response
        header = request.decode_command_custom_header(CreateTopicRequestHeader)
        log.info("updateAndCreateTopic called by %s", ctx.channel().get_remote_addr())
        topic = header.topic
        topic_config = _topic_config_of(header, response)
        if topic_config is None:
            return response
        controller = self.broker_controller
        try:
            topic_config.attributes = AttributeParser.parse_to_map(header.attributes)
            if self._refuses_mixed_message_type(topic_config, response):
                return response
            with self._lock:
                topic_config_manager = controller.get_topic_config_manager()
                if topic_config == topic_config_manager.get_topic_config_table().get(topic):
                    log.info("update or create topic=%s without changes, so idempotent", topic)
                    response.code = ResponseCode.SUCCESS
                    return response
                topic_config_manager.update_topic_config(topic_config)
        except RuntimeError as e:
            log.info("Update / create topic failed for [%s]: %s", topic, e)
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = str(e)
            return response
        controller.register_increment_broker_data(topic_config,
                                                  controller.get_topic_config_manager().get_data_version())
        response.code = ResponseCode.SUCCESS
        return response

    def update_and_create_static_topic(self, ctx: "ChannelHandlerContext",
                                       request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``updateAndCreateStaticTopic`` (UPDATE_AND_CREATE_STATIC_TOPIC, what ``mqadmin
        updateStaticTopic`` / ``remappingStaticTopic`` send): the header's topic configuration (this broker's
        physical queues) and the body's :class:`TopicQueueMappingDetail`, then a registration; a refused mapping
        (older epoch, other scope, changed items) answers SYSTEM_ERROR with the reason."""
        response = _new_response()
        header = request.decode_command_custom_header(CreateTopicRequestHeader)
        topic = header.topic
        log.info("Broker receive request to update or create static topic=%s, caller address=%s", topic,
                 ctx.channel().get_remote_addr())
        topic_config = _topic_config_of(header, response)
        if topic_config is None:
            return response
        controller = self.broker_controller
        try:
            mapping_detail = TopicQueueMappingDetail.decode(request.body) if request.body else None
            with self._lock:
                controller.get_topic_config_manager().update_topic_config(topic_config)
                controller.get_topic_queue_mapping_manager().update_topic_queue_mapping(
                    mapping_detail, bool(header.force), False, True)
            controller.register_increment_broker_data(topic_config,
                                                      controller.get_topic_config_manager().get_data_version())
        except Exception as e:  # noqa: BLE001 - Java answers every failure with SYSTEM_ERROR
            log.info("Update static topic failed for [%s]: %s", topic, e)
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = str(e)
            return response
        response.code = ResponseCode.SUCCESS
        return response

    def get_topic_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``getTopicConfig`` (GET_TOPIC_CONFIG): the topic's configuration, with its static-topic
        mapping when the header's ``lo`` is true, as TopicConfigAndQueueMapping JSON; TOPIC_NOT_EXIST otherwise."""
        header = request.decode_command_custom_header(GetTopicConfigRequestHeader)
        response = _new_response()
        topic_config = self.broker_controller.get_topic_config_manager().select_topic_config(header.topic)
        if topic_config is None:
            log.info("No topic in this broker, client: %s topic: %s", ctx.channel().get_remote_addr(), header.topic)
            response.code = ResponseCode.TOPIC_NOT_EXIST
            response.remark = "No topic in this broker. topic: " + header.topic
            return response
        mapping_detail = None
        if header.lo is True:
            mapping_detail = self.broker_controller.get_topic_queue_mapping_manager().get_topic_queue_mapping(
                header.topic)
        content = fastjson.dumps(to_json_value(TopicConfigAndQueueMapping(topic_config, mapping_detail)))
        return _success(response, content.encode("utf-8"))

    def delete_topic(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``deleteTopic``: forget the topic, its consume queues and its consumer offsets."""
        response = _new_response()
        if self._validate_slave(response):
            return response
        header = request.decode_command_custom_header(DeleteTopicRequestHeader)
        log.info("deleteTopic called by %s", ctx.channel().get_remote_addr())
        topic = header.topic
        if not TopicValidator.validate_topic(topic, response) or TopicValidator.is_system_topic(topic, response):
            return response
        controller = self.broker_controller
        with self._lock:
            topic_config_manager = controller.get_topic_config_manager()
            topic_config_manager.delete_topic_config(topic)
            controller.get_topic_queue_mapping_manager().delete(topic)
            controller.get_message_store().clean_unused_topic(set(topic_config_manager.get_topic_config_table()))
            controller.get_consumer_offset_manager().clean_offset_by_topic(topic)
        if controller.get_broker_config().auto_delete_unused_stats:
            controller.get_broker_stats_manager().on_topic_deleted(topic)
        return _success(response)

    def get_all_topic_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``getAllTopicConfig``: the TopicConfigAndMappingSerializeWrapper JSON (topics and their data
        version, the static-topic mappings and theirs)."""
        response = _new_response(GetAllTopicConfigResponseHeader)
        topic_config_manager = self.broker_controller.get_topic_config_manager()
        mapping_manager = self.broker_controller.get_topic_queue_mapping_manager()
        content = TopicConfigAndMappingSerializeWrapper(
            data_version=topic_config_manager.get_data_version(),
            topic_config_table=topic_config_manager.get_topic_config_table(),
            mapping_data_version=mapping_manager.get_data_version(),
            topic_queue_mapping_detail_map=mapping_manager.get_topic_queue_mapping_table()).to_json()
        if not content:
            log.error("No topic in this broker, client: %s", ctx.channel().get_remote_addr())
            response.remark = "No topic in this broker"
            return response
        return _success(response, content.encode("utf-8"))

    def get_system_topic_list_from_broker(self, ctx: "ChannelHandlerContext",
                                          request: RemotingCommand) -> RemotingCommand:
        """Java ``getSystemTopicListFromBroker``."""
        topic_list = TopicList(topic_list=set(TopicValidator.get_system_topic_set()))
        return _success(_new_response(), topic_list.encode())

    def clean_unused_topic(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``cleanUnusedTopic``: drop the consume queues of topics without a configuration."""
        log.warning("invoke cleanUnusedTopic start.")
        self.broker_controller.get_message_store().clean_unused_topic(
            set(self.broker_controller.get_topic_config_manager().get_topic_config_table()))
        log.warning("invoke cleanUnusedTopic end.")
        return _success(_new_response())

    def clean_expired_consume_queue(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``cleanExpiredConsumeQueue``."""
        log.warning("invoke cleanExpiredConsumeQueue start.")
        self.broker_controller.get_message_store().clean_expired_consumer_queue()
        log.warning("invoke cleanExpiredConsumeQueue end.")
        return _success(_new_response())

    def delete_expired_commit_log(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``deleteExpiredCommitLog``."""
        log.warning("invoke deleteExpiredCommitLog start.")
        self.broker_controller.get_message_store().execute_delete_files_manually()
        log.warning("invoke deleteExpiredCommitLog end.")
        return _success(_new_response())

    # ------------------------------------------------------------------ ACL configuration

    def _plain_access_validator(self) -> Optional["PlainAccessValidator"]:
        from rocketmq_acl.plain.plain_access_validator import PlainAccessValidator
        validator = self.broker_controller.get_access_validator_map().get(PlainAccessValidator)
        return validator if isinstance(validator, PlainAccessValidator) else None

    def _acl_update(self, request: RemotingCommand, failed_code: int,
                    action: Callable[["PlainAccessValidator"], bool], failed_remark: str) -> RemotingCommand:
        # Java's updateAndCreateAccessConfig / deleteAccessConfig / updateGlobalWhiteAddrsConfig: SUCCESS, or the
        # code of the failed update with Java's remark (the exception's message when it raised)
        response = _new_response()
        validator = self._plain_access_validator()
        try:
            if validator is None:
                raise ValueError("The broker does not enable acl")
            with self._lock:
                done = action(validator)
        except Exception as e:  # noqa: BLE001 - every failure is answered, as in Java
            log.error("Failed to update the acl configuration: %s", e)
            response.code = failed_code
            response.remark = str(e)
            return response
        if not done:
            log.warning(failed_remark)
            response.code = failed_code
            response.remark = failed_remark
            return response
        return _success(response)

    def update_and_create_access_config(self, ctx: "ChannelHandlerContext",
                                        request: RemotingCommand) -> RemotingCommand:
        """Java ``updateAndCreateAccessConfig``: an account of the header into the broker's ACL files."""
        from rocketmq_common.plain_access_config import PlainAccessConfig
        header = request.decode_command_custom_header(CreateAccessConfigRequestHeader)
        config = PlainAccessConfig(access_key=header.access_key, secret_key=header.secret_key,
                                   white_remote_address=header.white_remote_address,
                                   default_topic_perm=header.default_topic_perm,
                                   default_group_perm=header.default_group_perm,
                                   topic_perms=_split(header.topic_perms), group_perms=_split(header.group_perms),
                                   admin=bool(header.admin))
        return self._acl_update(request, ResponseCode.UPDATE_AND_CREATE_ACL_CONFIG_FAILED,
                                lambda v: v.update_access_config(config),
                                "The accesskey[%s] corresponding to accessConfig has been updated failed."
                                % header.access_key)

    def delete_access_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``deleteAccessConfig``."""
        header = request.decode_command_custom_header(DeleteAccessConfigRequestHeader)
        log.info("DeleteAccessConfig called by %s", ctx.channel().get_remote_addr())
        return self._acl_update(request, ResponseCode.DELETE_ACL_CONFIG_FAILED,
                                lambda v: v.delete_access_config(header.access_key),
                                "The accesskey[%s] corresponding to accessConfig has been deleted failed."
                                % header.access_key)

    def update_global_white_addrs_config(self, ctx: "ChannelHandlerContext",
                                         request: RemotingCommand) -> RemotingCommand:
        """Java ``updateGlobalWhiteAddrsConfig``."""
        header = request.decode_command_custom_header(UpdateGlobalWhiteAddrsConfigRequestHeader)
        return self._acl_update(request, ResponseCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG_FAILED,
                                lambda v: v.update_global_white_addrs_config(_split(header.global_white_addrs) or [],
                                                                             header.acl_file_full_path),
                                "The globalWhiteAddresses[%s] has been updated failed." % header.global_white_addrs)

    def get_broker_acl_config_version(self, ctx: "ChannelHandlerContext",
                                      request: RemotingCommand) -> RemotingCommand:
        """Java ``getBrokerAclConfigVersion``: the versions of the ACL files in the header."""
        response = _new_response(GetBrokerAclConfigResponseHeader)
        validator = self._plain_access_validator()
        if validator is None:
            response.remark = "The broker does not enable acl"
            return response
        header = cast(GetBrokerAclConfigResponseHeader, response.read_custom_header())
        header.all_acl_file_version = fastjson.dumps({path: to_json_value(version) for path, version
                                                      in validator.get_all_acl_config_version().items()})
        header.version = validator.get_acl_config_version()
        config = self.broker_controller.get_broker_config()
        header.broker_addr = self.broker_controller.get_broker_addr()
        header.broker_name = config.broker_name
        header.cluster_name = config.broker_cluster_name
        return _success(response)

    def get_broker_cluster_acl_config(self, ctx: "ChannelHandlerContext",
                                      request: RemotingCommand) -> RemotingCommand:
        """Java ``getBrokerClusterAclConfig``: the global white addresses and accounts of every ACL file."""
        response = _new_response()
        validator = self._plain_access_validator()
        if validator is None:
            response.remark = "The broker does not enable acl"
            return response
        acl_config = validator.get_all_acl_config()
        body = GetBrokerClusterAclConfigResponseBody(global_white_addrs=acl_config.global_white_addrs,
                                                     plain_access_configs=acl_config.plain_access_configs)
        return _success(response, body.encode())

    # ------------------------------------------------------------------ ACL 2.0 users and ACLs (5.3.3)

    def create_user(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``createUser`` (5.3.3): the user of the body, named by the header."""
        response = _new_response()
        username = request.decode_command_custom_header(CreateUserRequestHeader).username
        user = self._decode_user(request, username, response, "create")
        if user is None:
            return response
        return self._auth_result(response, lambda: self.broker_controller.get_authentication_metadata_manager()
                                 .create_user(user).result(), "create user %s" % username)

    def update_user(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``updateUser`` (5.3.3): the password, type or status of the body replace the user's."""
        response = _new_response()
        username = request.decode_command_custom_header(UpdateUserRequestHeader).username
        user = self._decode_user(request, username, response, "update")
        if user is None:
            return response
        manager = self.broker_controller.get_authentication_metadata_manager()

        def update() -> None:
            old = manager.get_user(username).result()
            if old is None:
                raise AuthenticationException("The user is not exist")
            if old.user_type is UserType.SUPER and self._is_not_super_user_login(request):
                raise AuthenticationException("The super user can only be update by super user")
            manager.update_user(user).result()

        return self._auth_result(response, update, "update user %s" % username)

    def _decode_user(self, request: RemotingCommand, username: Optional[str], response: RemotingCommand,
                     verb: str) -> Optional["User"]:
        # the user of a create / update body, named by the header; None with the refusal in ``response``
        if not username:
            response.code = ResponseCode.INVALID_PARAMETER
            response.remark = "The username is blank"
            return None
        user_info = UserInfo.decode(request.body)
        user_info.username = username
        user = UserConverter.convert_user_info(user_info)
        if user.user_type is UserType.SUPER and self._is_not_super_user_login(request):
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "The super user can only be %s by super user" % verb
            return None
        return user

    def delete_user(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``deleteUser`` (5.3.3): the user and its ACL; SUCCESS for a user that does not exist."""
        response = _new_response()
        header = request.decode_command_custom_header(DeleteUserRequestHeader)
        manager = self.broker_controller.get_authentication_metadata_manager()

        def delete() -> None:
            user = manager.get_user(header.username).result()
            if user is None:
                return
            if user.user_type is UserType.SUPER and self._is_not_super_user_login(request):
                raise AuthenticationException("The super user can only be update by super user")
            manager.delete_user(header.username).result()

        return self._auth_result(response, delete, "delete user %s" % header.username)

    def get_user(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getUser`` (5.3.3): the user's UserInfo; SUCCESS without a body when there is none."""
        response = _new_response()
        header = request.decode_command_custom_header(GetUserRequestHeader)
        if not header.username or not header.username.strip():
            response.code = ResponseCode.INVALID_PARAMETER
            response.remark = "The username is blank"
            return response

        def get() -> None:
            user = self.broker_controller.get_authentication_metadata_manager().get_user(header.username).result()
            if user is not None:
                response.body = UserConverter.convert_user(user).encode()

        return self._auth_result(response, get, "get user %s" % header.username)

    def list_user(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``listUser`` (5.3.3): the UserInfo list of the users whose name contains the filter (no body
        for none)."""
        response = _new_response()
        header = request.decode_command_custom_header(ListUsersRequestHeader)

        def list_users() -> None:
            users = self.broker_controller.get_authentication_metadata_manager().list_user(header.filter).result()
            if users:
                response.body = _json_list(UserConverter.convert_users(users))

        return self._auth_result(response, list_users, "list user by %s" % header.filter)

    def create_acl(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``createAcl`` (5.3.3): the ACL of the body (its subject, else the header's); an ACL the subject
        has already takes the new policies in."""
        header = request.decode_command_custom_header(CreateAclRequestHeader)
        acl = self._decode_acl(request, header.subject)
        return self._auth_result(_new_response(), lambda: self.broker_controller
                                 .get_authorization_metadata_manager().create_acl(acl).result(),
                                 "create acl for %s" % header.subject)

    def update_acl(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``updateAcl`` (5.3.3): as :meth:`create_acl`."""
        header = request.decode_command_custom_header(UpdateAclRequestHeader)
        acl = self._decode_acl(request, header.subject)
        return self._auth_result(_new_response(), lambda: self.broker_controller
                                 .get_authorization_metadata_manager().update_acl(acl).result(),
                                 "update acl for %s" % header.subject)

    @staticmethod
    def _decode_acl(request: RemotingCommand, subject_key: Optional[str]) -> "Acl":
        acl_info = AclInfo.decode(request.body)
        if not acl_info.policies:  # Java raises it out of the handler: a system error with its description
            raise AuthorizationException("The body of acl is null")
        acl = AclConverter.convert_acl_info(acl_info)
        if acl.get_subject() is None:
            acl.subject = Subject.of(subject_key)
        return acl

    def delete_acl(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``deleteAcl`` (5.3.3): the subject's ACL, or its entry of the header's resource."""
        header = request.decode_command_custom_header(DeleteAclRequestHeader)
        subject = Subject.of(header.subject)
        policy_type = PolicyType.get_by_name(header.policy_type)
        resource = Resource.of(header.resource)
        return self._auth_result(_new_response(), lambda: self.broker_controller
                                 .get_authorization_metadata_manager().delete_acl(subject, policy_type, resource)
                                 .result(), "delete acl for %s" % header.subject)

    def get_acl(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getAcl`` (5.3.3): the subject's AclInfo; SUCCESS without a body when it has none."""
        response = _new_response()
        header = request.decode_command_custom_header(GetAclRequestHeader)
        subject = Subject.of(header.subject)
        future = self.broker_controller.get_authorization_metadata_manager().get_acl(cast("Subject", subject))

        def get() -> None:
            acl = future.result()
            if acl is not None:
                response.body = AclConverter.convert_acl(acl).encode()

        return self._auth_result(response, get, "get acl for %s" % header.subject)

    def list_acl(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``listAcl`` (5.3.3): the AclInfo list of the filters (no body for none)."""
        response = _new_response()
        header = request.decode_command_custom_header(ListAclsRequestHeader)
        future = self.broker_controller.get_authorization_metadata_manager().list_acl(header.subject_filter,
                                                                                     header.resource_filter)

        def list_acls() -> None:
            acl_infos = AclConverter.convert_acls(future.result())
            if acl_infos:
                response.body = _json_list(acl_infos)

        return self._auth_result(response, list_acls, "list acl, subjectFilter:%s, resourceFilter:%s"
                                 % (header.subject_filter, header.resource_filter))

    def _is_not_super_user_login(self, request: RemotingCommand) -> bool:
        # Java isNotSuperUserLogin: a request without an AccessKey comes from a broker without authentication
        access_key = (request.ext_fields or {}).get(SessionCredentials.ACCESS_KEY)
        if not access_key:
            return False
        return not self.broker_controller.get_authentication_metadata_manager().is_super_user(access_key).result()

    @staticmethod
    def _auth_result(response: RemotingCommand, action: Callable[[], None], what: str) -> RemotingCommand:
        # Java's thenAccept(SUCCESS).exceptionally(handleAuthException): a refusal of the auth module is
        # NO_PERMISSION with its message, anything else a system error of a fixed text (logged here)
        try:
            action()
        except AuthenticationException as e:
            log.info("%s refused: %s", what, e)
            response.code = ResponseCode.NO_PERMISSION
            response.remark = str(e)
            return response
        except IllegalStateException as e:  # no metadata provider (5.3.3's default): expected, one line
            log.error("%s error: %s", what, e)
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "An system error occurred, please try again later."
            return response
        except Exception:  # noqa: BLE001 - answered as Java's handleAuthException answers it
            log.error("%s error", what, exc_info=True)
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "An system error occurred, please try again later."
            return response
        response.code = ResponseCode.SUCCESS
        response.remark = None
        return response

    # ------------------------------------------------------------------ broker configuration and runtime

    def update_broker_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``updateBrokerConfig``: apply the properties body (re-register on a permission change)."""
        response = _new_response()
        log.info("updateBrokerConfig called by %s", ctx.channel().get_remote_addr())
        if request.body is not None:
            properties = MixAll.string2properties(request.body.decode("utf-8"))
            if properties is None:
                log.error("string2Properties error")
                response.remark = "string2Properties error"
                return response
            log.info("updateBrokerConfig, new config: [%s] client: %s ", properties, ctx.channel().get_remote_addr())
            with self._lock:
                self.broker_controller.get_configuration().update(properties)
            if "brokerPermission" in properties:
                self.broker_controller.get_topic_config_manager().get_data_version().next_version()
                self.broker_controller.register_broker_all(False, False, True)
        return _success(response)

    def get_broker_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getBrokerConfig``: every setting as properties text, the configuration version in the
        header."""
        response = _new_response(GetBrokerConfigResponseHeader)
        configuration = self.broker_controller.get_configuration()
        content = configuration.get_all_configs_format_string()
        if content:
            response.body = content.encode("utf-8")
        response_header = cast(GetBrokerConfigResponseHeader, response.read_custom_header())
        response_header.version = configuration.get_data_version_json()
        return _success(response)

    def get_broker_runtime_info(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getBrokerRuntimeInfo``: a KVTable of runtime figures."""
        return _success(_new_response(), KVTable(table=self.prepare_runtime_info()).encode())

    def prepare_runtime_info(self) -> Dict[str, str]:
        """Java ``prepareRuntimeInfo``: the store's runtime info plus the broker's version, message totals
        (:class:`BrokerStats`: at the last two midnights and now), request queue sizes and disk figures (queue head
        wait times are not measured: 0)."""
        controller = self.broker_controller
        store = controller.get_message_store()
        config = controller.get_broker_config()
        info = dict(store.get_runtime_info())
        stats = controller.get_broker_stats()
        info["brokerVersionDesc"] = MQVersion.get_version_desc(MQVersion.CURRENT_VERSION)
        info["brokerVersion"] = str(MQVersion.CURRENT_VERSION)
        if stats is not None:  # created by initialize(), before the processors
            info["msgPutTotalYesterdayMorning"] = str(stats.get_msg_put_total_yesterday_morning())
            info["msgPutTotalTodayMorning"] = str(stats.get_msg_put_total_today_morning())
            info["msgPutTotalTodayNow"] = str(stats.get_msg_put_total_today_now())
            info["msgGetTotalYesterdayMorning"] = str(stats.get_msg_get_total_yesterday_morning())
            info["msgGetTotalTodayMorning"] = str(stats.get_msg_get_total_today_morning())
            info["msgGetTotalTodayNow"] = str(stats.get_msg_get_total_today_now())
        info.setdefault("getTransferedTps", "0.0")
        timer = controller.get_timer_message_store()
        if timer is not None:  # 5.3.3's timer figures, with timerWheelEnable
            info["timerReadBehind"] = str(timer.get_dequeue_behind())
            info["timerOffsetBehind"] = str(timer.get_enqueue_behind_messages())
            info["timerCongestNum"] = str(timer.get_all_congest_num())
            info["timerEnqueueTps"] = str(timer.get_enqueue_tps())
            info["timerDequeueTps"] = str(timer.get_dequeue_tps())
        queues = (("sendThreadPoolQueue", controller.send_message_executor, config.send_thread_pool_queue_capacity),
                  ("pullThreadPoolQueue", controller.pull_message_executor, config.pull_thread_pool_queue_capacity),
                  ("queryThreadPoolQueue", controller.query_message_executor,
                   config.query_thread_pool_queue_capacity))
        for name, executor, capacity in queues:
            info[name + "Size"] = str(executor.get_queue_size() if executor is not None else 0)
            info[name + "Capacity"] = str(capacity)
            info[name + "HeadWaitTimeMills"] = "0"
        end_transaction_executor = controller.end_transaction_executor
        info["EndTransactionQueueSize"] = str(end_transaction_executor.get_queue_size()
                                              if end_transaction_executor is not None else 0)
        info["EndTransactionThreadPoolQueueCapacity"] = str(config.end_transaction_pool_queue_capacity)
        info["dispatchBehindBytes"] = str(store.dispatch_behind_bytes())
        info["pageCacheLockTimeMills"] = str(store.lock_time_mills())
        info["earliestMessageTimeStamp"] = str(store.get_earliest_message_time())
        info["startAcceptSendRequestTimeStamp"] = str(config.start_accept_send_request_time_stamp)
        info["remainTransientStoreBufferNumbs"] = str(0x7FFFFFFF)
        info["remainHowManyDataToFlush"] = MixAll.human_readable_byte_count(
            store.commit_log.mapped_file_queue.remain_how_many_data_to_flush(), False)
        root = controller.get_message_store_config().store_path_root_dir
        if os.path.exists(root):
            usage = shutil.disk_usage(root)
            info["commitLogDirCapacity"] = "Total : %s, Free : %s." % (
                MixAll.human_readable_byte_count(usage.total, False),
                MixAll.human_readable_byte_count(usage.free, False))
        return info

    # ------------------------------------------------------------------ offsets in the store

    def _static_topic_context(self, header: "TopicQueueRequestHeader") -> TopicQueueMappingContext:
        return self.broker_controller.get_topic_queue_mapping_manager().build_topic_queue_mapping_context(header)

    def search_offset_by_timestamp(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``searchOffsetByTimestamp``; for a static topic the logical offset, searched item by item
        (the items of other brokers through them)."""
        header = request.decode_command_custom_header(SearchOffsetRequestHeader)
        mapping_context = self._static_topic_context(header)
        if mapping_context.mapping_detail is None:
            offset = self.broker_controller.get_message_store().get_offset_in_queue_by_time(
                header.topic, header.queue_id, header.timestamp)
        elif not mapping_context.is_leader():
            return not_leader_response(mapping_context)
        else:
            try:
                offset = self._search_offset_for_static_topic(header, mapping_context)
            except Exception as e:  # noqa: BLE001 - Java answers every failure with SYSTEM_ERROR
                return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, str(e))
        response = _new_response(SearchOffsetResponseHeader)
        cast(SearchOffsetResponseHeader, response.read_custom_header()).offset = offset
        return _success(response)

    def _search_offset_for_static_topic(self, header: SearchOffsetRequestHeader,
                                        mapping_context: TopicQueueMappingContext) -> int:
        # Java's rewriteRequestForStaticTopic(SearchOffsetRequestHeader, ...)
        mapping_detail = mapping_context.mapping_detail
        timestamp = header.timestamp
        offset = -1
        for item in mapping_context.mapping_item_list:
            if not item.check_if_logicoffset_decided():
                continue
            if mapping_detail.bname == item.bname:
                offset = self.broker_controller.get_message_store().get_offset_in_queue_by_time(
                    mapping_context.topic, item.queue_id, timestamp)
                if offset > 0:
                    offset = item.compute_static_queue_offset_strictly(offset)
                    break
            else:
                header.lo = False
                header.timestamp = timestamp
                header.queue_id = item.queue_id
                header.bname = item.bname
                physical = cast(SearchOffsetResponseHeader, self.broker_controller.forward_request(
                    RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, header).get_header()).offset
                if physical < 0 or item.check_if_end_offset_decided() and physical >= item.end_offset:
                    continue
                offset = item.compute_static_queue_offset_strictly(physical)
        return offset

    def _read_static_item(self, mapping_context: TopicQueueMappingContext, header: "TopicQueueRequestHeader",
                          logic_offset: int, code: int, read_here: Callable[[int], int],
                          field: str) -> Union[RemotingCommand, Tuple[LogicQueueMappingItem, int]]:
        # the static-topic branch of getMaxOffset / getMinOffset / getEarliestMsgStoretime: the mapping item holding
        # ``logic_offset`` and the physical figure of its queue, read here or asked of its broker (the header made
        # physical, lo=false; the response header's ``field``); else the error answer. Unlike Java's getMaxOffset
        # (the leader's queue id) and getEarliestMsgStoretime (always over RPC, the logical queue id), the item's
        # own queue is read.
        if not mapping_context.is_leader():
            return not_leader_response(mapping_context)
        try:
            item = mapping_item_of(mapping_context, logic_offset)
            header.bname = item.bname
            header.lo = False
            header.queue_id = item.queue_id
            if item.bname == cast(TopicQueueMappingDetail, mapping_context.mapping_detail).bname:
                return item, read_here(item.queue_id)
            return item, getattr(self.broker_controller.forward_request(code, header).get_header(), field)
        except Exception as e:  # noqa: BLE001 - Java answers every failure with SYSTEM_ERROR
            log.warning("rewriteRequestForStaticTopic failed: %s", e)
            return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, str(e))

    def get_max_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``getMaxOffset``: the next offset to be written in the queue; for a static topic the logical
        one, from the item holding the highest offsets (on its broker)."""
        header = request.decode_command_custom_header(GetMaxOffsetRequestHeader)
        mapping_context = self._static_topic_context(header)
        store = self.broker_controller.get_message_store()
        if mapping_context.mapping_detail is None:
            offset = store.get_max_offset_in_queue(header.topic, header.queue_id)
        else:
            read = self._read_static_item(mapping_context, header, _LONG_MAX, RequestCode.GET_MAX_OFFSET,
                                          lambda queue_id: store.get_max_offset_in_queue(header.topic, queue_id),
                                          "offset")
            if isinstance(read, RemotingCommand):
                return read
            offset = read[0].compute_static_queue_offset_strictly(read[1])
        response = _new_response(GetMaxOffsetResponseHeader)
        cast(GetMaxOffsetResponseHeader, response.read_custom_header()).offset = offset
        return _success(response)

    def get_min_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``getMinOffset``; for a static topic the logical offset of the earliest item's first
        message (asked of its broker), answered as Java's RPC response (remark "")."""
        header = request.decode_command_custom_header(GetMinOffsetRequestHeader)
        mapping_context = self._static_topic_context(header)
        store = self.broker_controller.get_message_store()
        response_header = GetMinOffsetResponseHeader()
        mapping_detail = mapping_context.mapping_detail
        if mapping_detail is None:
            response_header.offset = store.get_min_offset_in_queue(header.topic, header.queue_id)
            response = _new_response()
            response.custom_header = response_header
            return _success(response)
        if not mapping_context.is_leader():
            return RemotingCommand.create_response_command(
                ResponseCode.NOT_LEADER_FOR_QUEUE, "%s-%s is not leader in broker %s, request code %d" % (
                    mapping_context.topic, mapping_context.global_id, mapping_detail.bname, request.code))
        read = self._read_static_item(mapping_context, header, 0, RequestCode.GET_MIN_OFFSET,
                                      lambda queue_id: store.get_min_offset_in_queue(header.topic, queue_id),
                                      "offset")
        if isinstance(read, RemotingCommand):
            return read
        response_header.offset = read[0].compute_static_queue_offset_loosely(read[1])
        return RpcClientUtils.create_command_for_rpc_response(RpcResponse(ResponseCode.SUCCESS, response_header,
                                                                          None))

    def get_earliest_msg_storetime(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``getEarliestMsgStoretime``; for a static topic the store time of the earliest item's first
        message."""
        header = request.decode_command_custom_header(GetEarliestMsgStoretimeRequestHeader)
        mapping_context = self._static_topic_context(header)
        store = self.broker_controller.get_message_store()
        if mapping_context.mapping_detail is None:
            timestamp = store.get_earliest_message_time(header.topic, header.queue_id)
        else:
            read = self._read_static_item(mapping_context, header, 0, RequestCode.GET_EARLIEST_MSG_STORETIME,
                                          lambda queue_id: store.get_earliest_message_time(header.topic, queue_id),
                                          "timestamp")
            if isinstance(read, RemotingCommand):
                return read
            timestamp = read[1]
        response = _new_response(GetEarliestMsgStoretimeResponseHeader)
        cast(GetEarliestMsgStoretimeResponseHeader, response.read_custom_header()).timestamp = timestamp
        return _success(response)

    # ------------------------------------------------------------------ queue locks

    def lock_batch_mq(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``lockBatchMQ``: the queues of the request now locked by the client."""
        body = LockBatchRequestBody.decode(request.body or b"{}")
        locked = self.broker_controller.get_rebalance_lock_manager().try_lock_batch(
            body.consumer_group, body.mq_set or (), body.client_id)
        return _success(_new_response(), LockBatchResponseBody(lock_okmq_set=locked).encode())

    def unlock_batch_mq(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``unlockBatchMQ``."""
        body = UnlockBatchRequestBody.decode(request.body or b"{}")
        self.broker_controller.get_rebalance_lock_manager().unlock_batch(body.consumer_group, body.mq_set or (),
                                                                          body.client_id)
        return _success(_new_response())

    # ------------------------------------------------------------------ subscription groups

    def update_and_create_subscription_group(self, ctx: "ChannelHandlerContext",
                                             request: RemotingCommand) -> RemotingCommand:
        """Java ``updateAndCreateSubscriptionGroup``: the SubscriptionGroupConfig body."""
        response = _new_response()
        if self._validate_slave(response):
            return response
        log.info("updateAndCreateSubscriptionGroup called by %s", ctx.channel().get_remote_addr())
        if request.body:
            config = from_json_value(fastjson.loads(request.body), SubscriptionGroupConfig)
            self.broker_controller.get_subscription_group_manager().update_subscription_group_config(config)
        return _success(response)

    def get_all_subscription_group(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getAllSubscriptionGroup``: the SubscriptionGroupWrapper JSON."""
        response = _new_response()
        content = self.broker_controller.get_subscription_group_manager().encode()
        if not content:
            log.error("No subscription group in this broker, client:%s ", ctx.channel().get_remote_addr())
            response.remark = "No subscription group in this broker"
            return response
        return _success(response, content.encode("utf-8"))

    def delete_subscription_group(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``deleteSubscriptionGroup`` (and the group's offsets with ``removeOffset``)."""
        response = _new_response()
        if self._validate_slave(response):
            return response
        header = request.decode_command_custom_header(DeleteSubscriptionGroupRequestHeader)
        log.info("deleteSubscriptionGroup called by %s", ctx.channel().get_remote_addr())
        self.broker_controller.get_subscription_group_manager().delete_subscription_group_config(header.group_name)
        if header.remove_offset:
            self.broker_controller.get_consumer_offset_manager().remove_offset(header.group_name)
        if self.broker_controller.get_broker_config().auto_delete_unused_stats:
            self.broker_controller.get_broker_stats_manager().on_group_deleted(header.group_name)
        return _success(response)

    # ------------------------------------------------------------------ statistics

    def _message_queue(self, topic: str, queue_id: int) -> MessageQueue:
        return MessageQueue(topic, self.broker_controller.get_broker_config().broker_name, queue_id)

    def get_topic_stats_info(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getTopicStatsInfo``: min / max offset and last store time of every queue."""
        response = _new_response()
        header = request.decode_command_custom_header(GetTopicStatsInfoRequestHeader)
        topic = header.topic
        topic_config = self.broker_controller.get_topic_config_manager().select_topic_config(topic)
        if topic_config is None:
            response.code = ResponseCode.TOPIC_NOT_EXIST
            response.remark = "topic[%s] not exist" % topic
            return response
        store = self.broker_controller.get_message_store()
        table = TopicStatsTable()
        for queue_id in range(topic_config.write_queue_nums):
            min_offset = max(0, store.get_min_offset_in_queue(topic, queue_id))
            max_offset = max(0, store.get_max_offset_in_queue(topic, queue_id))
            timestamp = store.get_message_store_time_stamp(topic, queue_id, max_offset - 1) if max_offset > 0 else 0
            table.offset_table[self._message_queue(topic, queue_id)] = TopicOffset(
                min_offset=min_offset, max_offset=max_offset, last_update_timestamp=timestamp)
        return _success(response, table.encode())

    def _offset_wrapper(self, group: str, topic: str, queue_id: int, static_topic: bool = False) -> OffsetWrapper:
        # Java's loop body of getConsumeStats / fetchAllConsumeStatsInBroker: broker and consumer offsets (not
        # negative; 5.3.3: a static topic's consumer offset stays -1 when none is stored) and the store time of the
        # last consumed message
        controller = self.broker_controller
        store = controller.get_message_store()
        broker_offset = max(0, store.get_max_offset_in_queue(topic, queue_id))
        consumer_offset = controller.get_consumer_offset_manager().query_offset(group, topic, queue_id)
        if not static_topic:
            consumer_offset = max(0, consumer_offset)
        wrapper = OffsetWrapper(broker_offset=broker_offset, consumer_offset=consumer_offset)
        if consumer_offset - 1 >= 0:
            last_timestamp = store.get_message_store_time_stamp(topic, queue_id, consumer_offset - 1)
            if last_timestamp > 0:
                wrapper.last_timestamp = last_timestamp
        return wrapper

    def get_consume_stats(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getConsumeStats``: broker and consumer offsets of every queue the group consumes."""
        controller = self.broker_controller
        header = request.decode_command_custom_header(GetConsumeStatsRequestHeader)
        group = header.consumer_group
        if UtilAll.is_blank(header.topic):
            topics: Set[str] = controller.get_consumer_offset_manager().which_topic_by_consumer(group)
        else:
            topics = {header.topic}
        consume_stats = ConsumeStats()
        for topic in topics:
            topic_config = controller.get_topic_config_manager().select_topic_config(topic)
            if topic_config is None:
                log.warning("consumeStats, topic config not exist, %s", topic)
                continue
            consumer_manager = controller.get_consumer_manager()
            if consumer_manager.find_subscription_data(group, topic) is None and \
                    consumer_manager.find_subscription_data_count(group) > 0:
                log.warning("consumeStats, the consumer group[%s], topic[%s] not exist", group, topic)
                continue
            static_topic = controller.get_topic_queue_mapping_manager().get_topic_queue_mapping(topic) is not None
            for queue_id in range(topic_config.read_queue_nums):
                wrapper = self._offset_wrapper(group, topic, queue_id, static_topic)
                # 5.3.3: the offset the group has pulled up to (consumerProgress's #Inflight)
                wrapper.pull_offset = max(wrapper.consumer_offset, controller.get_consumer_offset_manager()
                                          .query_pull_offset(group, topic, queue_id))
                consume_stats.offset_table[self._message_queue(topic, queue_id)] = wrapper
            consume_tps = controller.get_broker_stats_manager().tps_group_get_nums(group, topic)
            consume_stats.consume_tps = consume_tps + consume_stats.consume_tps
        return _success(_new_response(), consume_stats.encode())

    def fetch_all_consume_stats_in_broker(self, ctx: "ChannelHandlerContext",
                                          request: RemotingCommand) -> RemotingCommand:
        """Java ``fetchAllConsumeStatsInBroker`` (GET_BROKER_CONSUME_STATS): the consume stats of every
        subscription group, topic by topic (only order topics with ``isOrder``), and the total diff."""
        controller = self.broker_controller
        header = request.decode_command_custom_header(GetConsumeStatsInBrokerHeader)
        offset_manager = controller.get_consumer_offset_manager()
        consumer_manager = controller.get_consumer_manager()
        stats_manager = controller.get_broker_stats_manager()
        broker_consume_stats = []
        total_diff = 0
        for group in list(controller.get_subscription_group_manager().get_subscription_group_table()):
            stats_of_group = []
            for topic in sorted(offset_manager.which_topic_by_consumer(group)):
                topic_config = controller.get_topic_config_manager().select_topic_config(topic)
                if topic_config is None:
                    log.warning("consumeStats, topic config not exist, %s", topic)
                    continue
                if header.order and not topic_config.order:
                    continue
                if consumer_manager.find_subscription_data(group, topic) is None and \
                        consumer_manager.find_subscription_data_count(group) > 0:
                    log.warning("consumeStats, the consumer group[%s], topic[%s] not exist", group, topic)
                    continue
                consume_stats = ConsumeStats()
                for queue_id in range(topic_config.write_queue_nums):
                    consume_stats.offset_table[self._message_queue(topic, queue_id)] = self._offset_wrapper(
                        group, topic, queue_id)
                consume_tps = stats_manager.tps_group_get_nums(group, topic)
                consume_stats.consume_tps = consume_tps + consume_stats.consume_tps
                total_diff += consume_stats.compute_total_diff()
                stats_of_group.append(consume_stats)
            broker_consume_stats.append({group: stats_of_group})
        body = ConsumeStatsList(broker_addr=controller.get_broker_addr(), consume_stats_list=broker_consume_stats,
                                total_diff=total_diff)
        return _success(_new_response(), body.encode())

    def view_broker_stats_data(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``ViewBrokerStatsData``: the minute, hour and day figures (sum, tps, avgpt) of a stats item;
        SYSTEM_ERROR "The stats <name> <key> not exist" for an unknown item (nothing counted under that key
        yet)."""
        header = request.decode_command_custom_header(ViewBrokerStatsDataRequestHeader)
        response = _new_response()
        stats_item = self.broker_controller.get_broker_stats_manager().get_stats_item(header.stats_name,
                                                                                     header.stats_key)
        if stats_item is None:
            response.remark = "The stats <%s> <%s> not exist" % (header.stats_name, header.stats_key)
            return response
        data = BrokerStatsData()
        for window, snapshot in (("stats_minute", stats_item.get_stats_data_in_minute()),
                                 ("stats_hour", stats_item.get_stats_data_in_hour()),
                                 ("stats_day", stats_item.get_stats_data_in_day())):
            setattr(data, window, BrokerStatsItem(sum=snapshot.sum, tps=snapshot.tps, avgpt=snapshot.avgpt))
        return _success(response, data.encode())

    def query_consume_queue(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``queryConsumeQueue``: ``count`` entries of a consume queue from ``index`` (and the group's
        subscription when given)."""
        controller = self.broker_controller
        header = request.decode_command_custom_header(QueryConsumeQueueRequestHeader)
        response = _new_response()
        consume_queue = controller.get_message_store().get_consume_queue(header.topic, header.queue_id)
        if consume_queue is None:
            response.remark = "%d@%s is not exist!" % (header.queue_id, header.topic)
            return response
        response.code = ResponseCode.SUCCESS
        body = QueryConsumeQueueResponseBody(max_queue_index=consume_queue.get_max_offset_in_queue(),
                                             min_queue_index=consume_queue.get_min_offset_in_queue())
        if header.consumer_group is not None:
            subscription_data = controller.get_consumer_manager().find_subscription_data(header.consumer_group,
                                                                                         header.topic)
            body.subscription_data = subscription_data
            if subscription_data is None:
                body.filter_data = "%s@%s is not online!" % (header.consumer_group, header.topic)
            else:
                filter_data = controller.get_consumer_filter_manager().get(header.topic, header.consumer_group)
                body.filter_data = fastjson.dumps(to_json_value(filter_data)) if filter_data is not None else "null"
        result = consume_queue.get_index_buffer(header.index, max(0, header.count or 0) * CQ_STORE_UNIT_SIZE)
        if result is None:
            response.remark = "Index %d of %d@%s is not exist!" % (header.index, header.queue_id, header.topic)
            return response
        response.remark = None
        queue_data = []
        data = bytes(result.byte_buffer)
        for pos in range(0, result.size - CQ_STORE_UNIT_SIZE + 1, CQ_STORE_UNIT_SIZE):
            physic_offset, physic_size, tags_code = _CQ_ENTRY.unpack_from(data, pos)
            queue_data.append(ConsumeQueueData(physic_offset=physic_offset, physic_size=physic_size,
                                               tags_code=tags_code))
        body.queue_data = queue_data
        response.body = body.encode()
        return response

    def get_all_consumer_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getAllConsumerOffset``: the ConsumerOffsetSerializeWrapper JSON."""
        response = _new_response()
        content = self.broker_controller.get_consumer_offset_manager().encode()
        if not content:
            response.remark = "No consumer offset in this broker"
            return response
        return _success(response, content.encode("utf-8"))

    def get_all_delay_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getAllDelayOffset``: the schedule service's offsets JSON."""
        response = _new_response()
        content = self.broker_controller.get_message_store().schedule_message_service.encode()
        if not content:
            response.remark = "No delay offset in this broker"
            return response
        return _success(response, content.encode("utf-8"))

    def query_topic_consume_by_who(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``queryTopicConsumeByWho``: groups subscribed to the topic or holding offsets of it."""
        header = request.decode_command_custom_header(QueryTopicConsumeByWhoRequestHeader)
        groups = self.broker_controller.get_consumer_manager().query_topic_consume_by_who(header.topic)
        groups |= self.broker_controller.get_consumer_offset_manager().which_group_by_topic(header.topic)
        return _success(_new_response(), GroupList(group_list=groups).encode())

    def query_correction_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``queryCorrectionOffset``."""
        header = request.decode_command_custom_header(QueryCorrectionOffsetHeader)
        offset_manager = self.broker_controller.get_consumer_offset_manager()
        correction = offset_manager.query_min_offset_in_all_group(header.topic, header.filter_groups)
        compare = offset_manager.query_offset_table(header.compare_group, header.topic)
        for queue_id, offset in list((compare or {}).items()):
            current = correction.get(queue_id)
            if current is not None:
                correction[queue_id] = _LONG_MAX if current > offset else current
        return _success(_new_response(), QueryCorrectionOffsetBody(correction_offsets=correction).encode())

    def clone_group_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``cloneGroupOffset`` (Java clones the header's topic for every topic; so does this)."""
        controller = self.broker_controller
        header = request.decode_command_custom_header(CloneGroupOffsetRequestHeader)
        offset_manager = controller.get_consumer_offset_manager()
        topics = offset_manager.which_topic_by_consumer(header.src_group) if UtilAll.is_blank(header.topic) \
            else {header.topic}
        for topic in topics:
            if controller.get_topic_config_manager().select_topic_config(topic) is None:
                log.warning("[cloneGroupOffset], topic config not exist, %s", topic)
                continue
            if not header.offline:
                consumer_manager = controller.get_consumer_manager()
                if consumer_manager.find_subscription_data_count(header.src_group) > 0 and \
                        consumer_manager.find_subscription_data(header.src_group, topic) is None:
                    log.warning("[cloneGroupOffset], the consumer group[%s], topic[%s] not exist", header.src_group,
                                topic)
                    continue
            offset_manager.clone_offset(header.src_group, header.dest_group, header.topic)
        return _success(_new_response())

    # ------------------------------------------------------------------ connections

    def get_consumer_connection_list(self, ctx: "ChannelHandlerContext",
                                     request: RemotingCommand) -> RemotingCommand:
        """Java ``getConsumerConnectionList``: the group's connections and subscriptions."""
        response = _new_response()
        header = request.decode_command_custom_header(GetConsumerConnectionListRequestHeader)
        info = self.broker_controller.get_consumer_manager().get_consumer_group_info(header.consumer_group)
        if info is None:
            response.code = ResponseCode.CONSUMER_NOT_ONLINE
            response.remark = "the consumer group[%s] not online" % header.consumer_group
            return response
        body = ConsumerConnection(consume_from_where=info.consume_from_where, consume_type=info.consume_type,
                                  message_model=info.message_model,
                                  subscription_table=dict(info.subscription_table))
        for client in list(info.channel_info_table.values()):
            body.connection_set.add(_connection(client))
        return _success(response, body.encode())

    def get_producer_connection_list(self, ctx: "ChannelHandlerContext",
                                     request: RemotingCommand) -> RemotingCommand:
        """Java ``getProducerConnectionList``."""
        response = _new_response()
        header = request.decode_command_custom_header(GetProducerConnectionListRequestHeader)
        table = self.broker_controller.get_producer_manager().get_group_channel_table().get(header.producer_group)
        if table is None:
            response.remark = "the producer group[%s] not exist" % header.producer_group
            return response
        body = ProducerConnection()
        for client in list(table.values()):
            body.connection_set.add(_connection(client))
        return _success(response, body.encode())

    def get_all_producer_info(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getAllProducerInfo``: every producer connection by group."""
        return _success(_new_response(), self.broker_controller.get_producer_manager().get_producer_table().encode())

    # ------------------------------------------------------------------ calls to consumers

    def reset_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``resetOffset`` (INVOKE_BROKER_TO_RESET_OFFSET): with ``useServerSideResetOffset`` (the
        default) reset on the broker (:meth:`_reset_offset_inner`), else through the online clients
        (:meth:`Broker2Client.reset_offset`)."""
        header = request.decode_command_custom_header(ResetOffsetRequestHeader)
        log.info("[reset-offset] reset offset started by %s. topic=%s, group=%s, timestamp=%s, isForce=%s",
                 ctx.channel().get_remote_addr(), header.topic, header.group, header.timestamp, header.force)
        if self.broker_controller.get_broker_config().use_server_side_reset_offset:
            return self._reset_offset_inner(header.topic, header.group, header.queue_id, header.timestamp,
                                            header.offset)
        return self.broker_controller.get_broker2_client().reset_offset(header.topic, header.group, header.timestamp,
                                                                        bool(header.force))

    def _search_offset_by_timestamp(self, topic: str, queue_id: int, timestamp: int) -> int:
        """Java 5.3.3 ``searchOffsetByTimestamp``: a negative timestamp is the queue's max offset."""
        store = self.broker_controller.get_message_store()
        if timestamp < 0:
            return store.get_max_offset_in_queue(topic, queue_id)
        return store.get_offset_in_queue_by_time(topic, queue_id, timestamp)

    def _reset_offset_inner(self, topic: str, group: str, queue_id: int, timestamp: int,
                            offset: Optional[int]) -> RemotingCommand:
        """Java 5.3.3 ``resetOffsetInner``: every readable queue of ``topic`` (or only ``queue_id`` when it is not
        negative: to ``offset`` when given and not -1, which must lie in the queue) reset for ``group`` to the
        offset of ``timestamp`` (negative: the max offset); the answer lists the queues and their new offsets.
        The online clients are not told: each queue's next pull is answered PULL_OFFSET_MOVED to its offset."""
        controller = self.broker_controller
        response = RemotingCommand.create_response_command(ResponseCode.SUCCESS, None)
        if controller.get_message_store_config().broker_role is BrokerRole.SLAVE:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "Can not reset offset in slave broker"
            return response
        topic_config = controller.get_topic_config_manager().select_topic_config(topic)
        if topic_config is None:
            response.code = ResponseCode.TOPIC_NOT_EXIST
            response.remark = "Topic %s does not exist" % topic
            log.warning("Reset offset failed, topic does not exist. topic=%s, group=%s", topic, group)
            return response
        if not controller.get_subscription_group_manager().contains_subscription_group(group):
            response.code = ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
            response.remark = "Group %s does not exist" % group
            log.warning("Reset offset failed, group does not exist. topic=%s, group=%s", topic, group)
            return response
        queue_offset_map: Dict[int, int] = {}
        if queue_id >= 0:
            if offset is not None and offset != -1:
                store = controller.get_message_store()
                min_offset = store.get_min_offset_in_queue(topic, queue_id)
                max_offset = store.get_max_offset_in_queue(topic, queue_id)
                if min_offset >= 0 and offset < min_offset or offset > max_offset + 1:
                    response.code = ResponseCode.SYSTEM_ERROR
                    response.remark = "Target offset %d not in consume queue range [%d-%d]" % (
                        offset, min_offset, max_offset)
                    return response
            else:
                offset = self._search_offset_by_timestamp(topic, queue_id, timestamp)
            queue_offset_map[queue_id] = offset
        else:
            for index in range(topic_config.read_queue_nums):
                queue_offset_map[index] = self._search_offset_by_timestamp(topic, index, timestamp)
        if not queue_offset_map:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "No queues to reset."
            log.warning("Reset offset aborted: no queues to reset")
            return response
        offset_manager = controller.get_consumer_offset_manager()
        broker_name = controller.get_broker_config().broker_name
        offset_table: Dict[MessageQueue, int] = {}
        for index, queue_offset in queue_offset_map.items():
            offset_manager.assign_reset_offset(topic, group, index, queue_offset)
            offset_table[MessageQueue(topic, broker_name, index)] = queue_offset
        body = ResetOffsetBody(offset_table=offset_table)
        log.info("Reset offset, topic=%s, group=%s, queues=%s", topic, group, body.to_json())
        response.body = body.encode()
        return response

    def get_consumer_running_info(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getConsumerRunningInfo``: forwarded to the consumer."""
        header = request.decode_command_custom_header(GetConsumerRunningInfoRequestHeader)
        return self._call_consumer(RequestCode.GET_CONSUMER_RUNNING_INFO, request, header.consumer_group,
                                   header.client_id)

    def consume_message_directly(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java 5.3.3 ``consumeMessageDirectly``: the stored message of ``msgId`` forwarded to the consumer, with the
        broker's name and the topic's and the group's sys flags."""
        header = request.decode_command_custom_header(ConsumeMessageDirectlyResultRequestHeader)
        request.add_ext_field("brokerName", self.broker_controller.get_broker_config().broker_name)
        if header.topic:
            topic_config = self.broker_controller.get_topic_config_manager().get_topic_config_table().get(header.topic)
            if topic_config is not None:
                request.add_ext_field("topicSysFlag", str(topic_config.topic_sys_flag))
        if header.consumer_group:
            group_config = self.broker_controller.get_subscription_group_manager().find_subscription_group_config(
                header.consumer_group)
            if group_config is not None:
                request.add_ext_field("groupSysFlag", str(group_config.group_sys_flag))
        try:
            message_id = MessageDecoder.decode_message_id(header.msg_id or "")
            request.body = self.broker_controller.get_message_store().select_one_message_by_offset(
                message_id.get_offset())
        except ValueError as e:
            log.warning("consumeMessageDirectly: bad msgId %r: %s", header.msg_id, e)
        return self._call_consumer(RequestCode.CONSUME_MESSAGE_DIRECTLY, request, header.consumer_group,
                                   header.client_id)

    def _call_consumer(self, request_code: int, request: RemotingCommand, consumer_group: str,
                       client_id: Optional[str]) -> RemotingCommand:
        """Java ``callConsumer``: the consumer's own response, or SYSTEM_ERROR / CONSUME_MSG_TIMEOUT."""
        response = _new_response()
        client = self.broker_controller.get_consumer_manager().find_channel(consumer_group, client_id or "")
        if client is None:
            response.remark = "The Consumer <%s> <%s> not online" % (consumer_group, client_id)
            return response
        if client.version < MQVersion.version_ordinal("V3_1_8_SNAPSHOT"):
            response.remark = ("The Consumer <%s> Version <%s> too low to finish, please upgrade it to "
                               "V3_1_8_SNAPSHOT" % (client_id, MQVersion.get_version_desc(client.version)))
            return response
        new_request = RemotingCommand.create_request_command(request_code)
        # Java relays the request's extFields HashMap: its iteration order (golden 261, 267)
        new_request.ext_fields = java_hash_map_order(request.ext_fields) if request.ext_fields else None
        new_request.body = request.body
        try:
            return self.broker_controller.get_broker2_client().call_client(client.channel, new_request)
        except RemotingTimeoutException as e:
            response.code = ResponseCode.CONSUME_MSG_TIMEOUT
            response.remark = "consumer <%s> <%s> Timeout: %s" % (consumer_group, client_id,
                                                                  RemotingHelper.exception_simple_desc(e))
        except Exception as e:
            response.remark = "invoke consumer <%s> <%s> Exception: %s" % (consumer_group, client_id,
                                                                           RemotingHelper.exception_simple_desc(e))
        return response


    # ------------------------------------------------------------------ transactions

    def resume_check_half_message(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``resumeCheckHalfMessage``: the message of offset msgId ``msgId`` (a half message discarded to
        TRANS_CHECK_MAX_TIME_TOPIC) goes back to the half queue with ``TRANSACTION_CHECK_TIMES=0``."""
        header = request.decode_command_custom_header(ResumeCheckHalfMessageRequestHeader)
        response = RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, "not set any response code")
        try:
            message_id = MessageDecoder.decode_message_id(header.msg_id)
            store = self.broker_controller.get_message_store()
            # Java inflates a compressed body here and stores it inflated with the compressed flag; kept as stored
            data = store.select_one_message_by_offset(message_id.get_offset())
            msg = MessageDecoder.decode(data, True, False) if data is not None else None
            if msg is None:
                # Java dereferences the missing record: the same remark, without the NullPointerException
                log.error("No message at commit-log offset %d to put back to RMQ_SYS_TRANS_HALF_TOPIC.",
                          message_id.get_offset())
                response.remark = "Exception was thrown when putting message back to RMQ_SYS_TRANS_HALF_TOPIC."
                return response
            msg.put_user_property(MessageConst.PROPERTY_TRANSACTION_CHECK_TIMES, "0")
            put_message_result = store.put_message(_to_message_ext_broker_inner(msg))
            if put_message_result is not None and \
                    put_message_result.put_message_status is PutMessageStatus.PUT_OK:
                log.info("Put message back to RMQ_SYS_TRANS_HALF_TOPIC. real topic=%s",
                         msg.get_user_property(MessageConst.PROPERTY_REAL_TOPIC))
                response.code = ResponseCode.SUCCESS
                response.remark = None
            else:
                log.error("Put message back to RMQ_SYS_TRANS_HALF_TOPIC failed.")
                response.remark = "Put message back to RMQ_SYS_TRANS_HALF_TOPIC failed."
        except Exception:
            log.error("Exception was thrown when putting message back to RMQ_SYS_TRANS_HALF_TOPIC.", exc_info=True)
            response.remark = "Exception was thrown when putting message back to RMQ_SYS_TRANS_HALF_TOPIC."
        return response

    # ------------------------------------------------------------------ 5.3.3: batch updates, HA, cold data, RocksDB

    def update_and_create_topic_list(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``updateAndCreateTopicList`` (5.3.3): validate every topic (INVALID_PARAMETER for a bad or system
        name, or MIXED without ``enable_mixed_message_type``), then create or update them all and register them
        at once. As Java, a list holding a topic whose configuration is unchanged answers SUCCESS and changes
        nothing."""
        body = CreateTopicListRequestBody.decode(request.body)
        topic_config_list = body.topic_config_list or []
        log.info("AdminBrokerProcessor#updateAndCreateTopicList: topicNames: %s, called by %s",
                 "".join("%s;" % tc.topic_name for tc in topic_config_list), ctx.channel().get_remote_addr())
        response = _new_response()
        controller = self.broker_controller
        with self._lock:
            topic_config_manager = controller.get_topic_config_manager()
            for topic_config in topic_config_list:
                topic = topic_config.topic_name
                if not TopicValidator.validate_topic(topic, response) or TopicValidator.is_system_topic(topic,
                                                                                                        response):
                    response.code = ResponseCode.INVALID_PARAMETER
                    return response
                if self._refuses_mixed_message_type(topic_config, response):
                    return response
                if topic_config == topic_config_manager.get_topic_config_table().get(topic):
                    log.info("update or create topic=%s without changes, so idempotent", topic)
                    response.code = ResponseCode.SUCCESS
                    return response
            try:
                for topic_config in topic_config_list:
                    topic_config_manager.update_topic_config(topic_config)
            except RuntimeError as e:
                log.info("Update / create topic list failed: %s", e)
                response.code = ResponseCode.SYSTEM_ERROR
                response.remark = str(e)
                return response
        controller.register_increment_broker_data(topic_config_list, topic_config_manager.get_data_version())
        response.code = ResponseCode.SUCCESS
        return response

    def update_and_create_subscription_group_list(self, ctx: "ChannelHandlerContext",
                                                  request: RemotingCommand) -> RemotingCommand:
        """Java ``updateAndCreateSubscriptionGroupList`` (5.3.3): create or update every group of the list."""
        group_config_list = SubscriptionGroupList.decode(request.body).group_config_list or []
        log.info("AdminBrokerProcessor#updateAndCreateSubscriptionGroupList: groupNames: %s, called by %s",
                 "".join("%s;" % config.group_name for config in group_config_list),
                 ctx.channel().get_remote_addr())
        self.broker_controller.get_subscription_group_manager().update_subscription_group_config_list(
            group_config_list)
        return _success(_new_response())

    def update_cold_data_flow_ctr_group_config(self, ctx: "ChannelHandlerContext",
                                               request: RemotingCommand) -> RemotingCommand:
        """Java ``updateColdDataFlowCtrGroupConfig`` (5.3.3): ``group=threshold`` properties; an entry whose
        threshold is not a number is logged and skipped, as Java does."""
        response = _new_response()
        log.info("updateColdDataFlowCtrGroupConfig called by %s", ctx.channel().get_remote_addr())
        if request.body is not None:
            properties = MixAll.string2properties(request.body.decode("utf-8"))
            if properties is None:
                log.error("updateColdDataFlowCtrGroupConfig string2Properties error")
                response.remark = "string2Properties error"
                return response
            service = self.broker_controller.get_cold_data_cg_ctr_service()
            for consumer_group, value in properties.items():
                try:
                    service.add_or_update_group_config(consumer_group, int(value))
                except ValueError:
                    log.error("updateColdDataFlowCtrGroupConfig properties on entry error, key: %s, val: %s",
                              consumer_group, value)
        return _success(response)

    def remove_cold_data_flow_ctr_group_config(self, ctx: "ChannelHandlerContext",
                                               request: RemotingCommand) -> RemotingCommand:
        """Java ``removeColdDataFlowCtrGroupConfig`` (5.3.3): the body is the group."""
        log.info("removeColdDataFlowCtrGroupConfig called by %s", ctx.channel().get_remote_addr())
        if request.body is not None:
            self.broker_controller.get_cold_data_cg_ctr_service().remove_group_config(request.body.decode("utf-8"))
        return _success(_new_response())

    def get_cold_data_flow_ctr_info(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getColdDataFlowCtrInfo`` (5.3.3): the ColdDataCgCtrService's JSON."""
        log.info("getColdDataFlowCtrInfo called by %s", ctx.channel().get_remote_addr())
        content = self.broker_controller.get_cold_data_cg_ctr_service().get_cold_data_flow_ctr_info()
        return _success(_new_response(), content.encode("utf-8"))

    def set_commit_log_readahead_mode(self, ctx: "ChannelHandlerContext",
                                      request: RemotingCommand) -> RemotingCommand:
        """Java ``setCommitLogReadaheadMode`` (5.3.3): the ``READ_AHEAD_MODE`` ext field, 0 (read ahead) or 1
        (random), applied to every commit log segment; the success remark names the mode."""
        response = _new_response()
        log.info("setCommitLogReadaheadMode called by %s", ctx.channel().get_remote_addr())
        if request.ext_fields is None:
            response.remark = "set commitlog readahead mode param error"
            return response
        try:
            mode = int(request.ext_fields.get(FIleReadaheadMode.READ_AHEAD_MODE))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            log.info("set commitlog readahead mode failed: %r", request.ext_fields)
            response.remark = "set commitlog readahead mode failed"
            return response
        if mode not in (_MADV_RANDOM, _MADV_NORMAL):
            response.code = ResponseCode.INVALID_PARAMETER
            response.remark = "set commitlog readahead mode param value error"
            return response
        message_store = self.broker_controller.get_message_store()
        message_store.get_message_store_config().data_read_ahead_enable = mode == _MADV_NORMAL
        message_store.get_commit_log().scan_file_and_set_read_mode(mode)
        response.code = ResponseCode.SUCCESS
        response.remark = "set commitlog readahead mode success, mode: %d" % mode
        return response

    def update_and_get_group_forbidden(self, ctx: "ChannelHandlerContext",
                                       request: RemotingCommand) -> RemotingCommand:
        """Java ``updateAndGetGroupForbidden`` (5.3.3, UPDATE_AND_GET_GROUP_FORBIDDEN): with ``readable`` set,
        forbid (False) or allow (True) the group to read the topic; answers the state as a GroupForbidden."""
        header = request.decode_command_custom_header(UpdateGroupForbiddenRequestHeader)
        group, topic = header.group, header.topic
        log.info("updateAndGetGroupForbidden called by %s for object %s@%s readable=%s",
                 ctx.channel().get_remote_addr(), group, topic, header.readable)
        group_manager = self.broker_controller.get_subscription_group_manager()
        if header.readable is not None:
            group_manager.update_forbidden(group, topic, PermName.INDEX_PERM_READ, not header.readable)
        response = RemotingCommand.create_response_command(ResponseCode.SUCCESS, "")
        response.body = GroupForbidden(group=group, topic=topic, readable=not group_manager.get_forbidden(
            group, topic, PermName.INDEX_PERM_READ)).to_json().encode("utf-8")
        return response

    def check_rocksdb_cq_write_progress(self, ctx: "ChannelHandlerContext",
                                        request: RemotingCommand) -> RemotingCommand:
        """Java ``checkRocksdbCqWriteProgress`` (5.3.3): answers CHECK_IN_PROGRESS and logs the check's result.
        This store keeps no RocksDB consume queues (Java's ``rocksdbCQDoubleWriteEnable`` false), so the result is
        Java's CHECK_NOT_OK for that case."""
        request.decode_command_custom_header(CheckRocksdbCqWriteProgressRequestHeader)
        check_result = CheckRocksdbCqWriteResult(
            check_result="rocksdbCQWriteEnable is false, checkRocksdbCqWriteProgressCommand is invalid",
            check_status=CheckStatus.CHECK_NOT_OK.get_value())
        log.info("checkRocksdbCqWriteProgress result: %s", check_result.to_json())
        result = CheckRocksdbCqWriteResult(check_status=CheckStatus.CHECK_IN_PROGRESS.get_value())
        return _success(_new_response(), result.encode())

    def export_rocks_db_config_to_json(self, ctx: "ChannelHandlerContext",
                                       request: RemotingCommand) -> RemotingCommand:
        """Java ``exportRocksDBConfigToJson`` (5.3.3): each asked kv config is exported when its manager keeps it
        in RocksDB; this broker keeps topics, groups and offsets in JSON files only, so there is nothing to export:
        SUCCESS with Java's remark "export done."."""
        header = request.decode_command_custom_header(ExportRocksDBConfigToJsonRequestHeader)
        log.info("exportRocksDBConfigToJson %s: the configs are JSON files already", header.fetch_config_type())
        response = _success(_new_response())
        response.remark = "export done."
        return response

    def get_broker_ha_status(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getBrokerHaStatus`` (5.3.3): the store's HARuntimeInfo."""
        info = self.broker_controller.get_message_store().get_ha_runtime_info()
        return _success(_new_response(), info.encode())

    def reset_master_flush_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``resetMasterFlushOffset`` (5.3.3): a slave takes the offset, a master ignores it; SUCCESS."""
        if self.broker_controller.get_broker_config().broker_id != MixAll.MASTER_ID:
            header = request.decode_command_custom_header(ResetMasterFlushOffsetHeader)
            if header.master_flush_offset is not None:
                self.broker_controller.get_message_store().master_flushed_offset = header.master_flush_offset
        return _success(_new_response())

    def get_broker_epoch_cache(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getBrokerEpochCache`` (5.3.3): epochs exist in controller mode only, which this broker does not
        have: Java's answer to a broker outside it, SYSTEM_ERROR "this request only for controllerMode "."""
        response = _new_response()
        response.remark = "this request only for controllerMode "
        return response

    def transfer_pop_to_fs_store(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``transferPopToFsStore`` (5.3.3, POP_ROLLBACK): move the POP records of the RocksDB POP consumer
        store (``popConsumerKVServiceEnable``) to the file store. This broker keeps its POP records in its
        store's files only, so, as a Java broker without that service, there is nothing to move: SUCCESS."""
        log.info("POP_ROLLBACK called by %s: the POP records are in the file store", ctx.channel().get_remote_addr())
        return _success(_new_response())


def _topic_config_of(header: CreateTopicRequestHeader, response: RemotingCommand) -> Optional[TopicConfig]:
    # the topic config of an update-and-create request; None (the response filled) for an invalid or system topic
    topic = header.topic
    if not TopicValidator.validate_topic(topic, response) or TopicValidator.is_system_topic(topic, response):
        return None
    topic_config = TopicConfig(topic, header.read_queue_nums, header.write_queue_nums, header.perm)
    topic_config.topic_filter_type = header.get_topic_filter_type_enum()
    topic_config.topic_sys_flag = header.topic_sys_flag or 0
    return topic_config


def _to_message_ext_broker_inner(msg_ext: MessageExt) -> MessageExtBrokerInner:
    """Java ``AdminBrokerProcessor.toMessageExtBrokerInner``: a copy for half queue 0."""
    inner = MessageExtBrokerInner()
    inner.topic = TransactionalMessageUtil.build_half_topic()
    inner.body = msg_ext.body
    inner.flag = msg_ext.flag
    MessageAccessor.set_properties(inner, msg_ext.properties)
    inner.properties_string = hash_ordered_properties_string(msg_ext.properties)
    inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(msg_ext.get_tags())
    inner.queue_id = 0
    inner.sys_flag = msg_ext.sys_flag
    inner.born_host = msg_ext.born_host
    inner.born_timestamp = msg_ext.born_timestamp
    inner.store_host = msg_ext.store_host
    inner.reconsume_times = msg_ext.reconsume_times
    inner.msg_id = msg_ext.msg_id
    inner.set_wait_store_msg_ok(False)
    return inner


def _json_list(bodies: list) -> bytes:
    # Java JSON.toJSONString(list): a JSON array of the bodies
    return fastjson.dumps([body.to_json_value() for body in bodies]).encode("utf-8")


def _split(value: Optional[str]) -> Optional[list]:
    # Java ``UtilAll.split(str, ",")``: None for null, else the items without blanks
    if value is None:
        return None
    return [item.strip() for item in value.split(",") if item.strip()]


def _connection(client) -> Connection:
    return Connection(client_id=client.client_id, client_addr=client.channel.get_remote_addr(),
                      language=client.language, version=client.version)


_HANDLERS: Dict[int, _Handler] = {
    RequestCode.UPDATE_AND_CREATE_TOPIC: AdminBrokerProcessor.update_and_create_topic,
    RequestCode.UPDATE_AND_CREATE_STATIC_TOPIC: AdminBrokerProcessor.update_and_create_static_topic,
    RequestCode.GET_TOPIC_CONFIG: AdminBrokerProcessor.get_topic_config,
    RequestCode.DELETE_TOPIC_IN_BROKER: AdminBrokerProcessor.delete_topic,
    RequestCode.GET_ALL_TOPIC_CONFIG: AdminBrokerProcessor.get_all_topic_config,
    RequestCode.UPDATE_BROKER_CONFIG: AdminBrokerProcessor.update_broker_config,
    RequestCode.GET_BROKER_CONFIG: AdminBrokerProcessor.get_broker_config,
    RequestCode.SEARCH_OFFSET_BY_TIMESTAMP: AdminBrokerProcessor.search_offset_by_timestamp,
    RequestCode.GET_MAX_OFFSET: AdminBrokerProcessor.get_max_offset,
    RequestCode.GET_MIN_OFFSET: AdminBrokerProcessor.get_min_offset,
    RequestCode.GET_EARLIEST_MSG_STORETIME: AdminBrokerProcessor.get_earliest_msg_storetime,
    RequestCode.GET_BROKER_RUNTIME_INFO: AdminBrokerProcessor.get_broker_runtime_info,
    RequestCode.LOCK_BATCH_MQ: AdminBrokerProcessor.lock_batch_mq,
    RequestCode.UNLOCK_BATCH_MQ: AdminBrokerProcessor.unlock_batch_mq,
    RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP: AdminBrokerProcessor.update_and_create_subscription_group,
    RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG: AdminBrokerProcessor.get_all_subscription_group,
    RequestCode.DELETE_SUBSCRIPTIONGROUP: AdminBrokerProcessor.delete_subscription_group,
    RequestCode.GET_TOPIC_STATS_INFO: AdminBrokerProcessor.get_topic_stats_info,
    RequestCode.GET_CONSUMER_CONNECTION_LIST: AdminBrokerProcessor.get_consumer_connection_list,
    RequestCode.GET_PRODUCER_CONNECTION_LIST: AdminBrokerProcessor.get_producer_connection_list,
    RequestCode.GET_ALL_PRODUCER_INFO: AdminBrokerProcessor.get_all_producer_info,
    RequestCode.GET_CONSUME_STATS: AdminBrokerProcessor.get_consume_stats,
    RequestCode.GET_ALL_CONSUMER_OFFSET: AdminBrokerProcessor.get_all_consumer_offset,
    RequestCode.GET_ALL_DELAY_OFFSET: AdminBrokerProcessor.get_all_delay_offset,
    RequestCode.INVOKE_BROKER_TO_RESET_OFFSET: AdminBrokerProcessor.reset_offset,
    RequestCode.QUERY_TOPIC_CONSUME_BY_WHO: AdminBrokerProcessor.query_topic_consume_by_who,
    RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER: AdminBrokerProcessor.get_system_topic_list_from_broker,
    RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE: AdminBrokerProcessor.clean_expired_consume_queue,
    RequestCode.DELETE_EXPIRED_COMMITLOG: AdminBrokerProcessor.delete_expired_commit_log,
    RequestCode.CLEAN_UNUSED_TOPIC: AdminBrokerProcessor.clean_unused_topic,
    RequestCode.GET_CONSUMER_RUNNING_INFO: AdminBrokerProcessor.get_consumer_running_info,
    RequestCode.QUERY_CORRECTION_OFFSET: AdminBrokerProcessor.query_correction_offset,
    RequestCode.CONSUME_MESSAGE_DIRECTLY: AdminBrokerProcessor.consume_message_directly,
    RequestCode.CLONE_GROUP_OFFSET: AdminBrokerProcessor.clone_group_offset,
    RequestCode.RESUME_CHECK_HALF_MESSAGE: AdminBrokerProcessor.resume_check_half_message,
    RequestCode.UPDATE_AND_CREATE_ACL_CONFIG: AdminBrokerProcessor.update_and_create_access_config,
    RequestCode.DELETE_ACL_CONFIG: AdminBrokerProcessor.delete_access_config,
    RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG: AdminBrokerProcessor.update_global_white_addrs_config,
    RequestCode.GET_BROKER_CLUSTER_ACL_INFO: AdminBrokerProcessor.get_broker_acl_config_version,
    RequestCode.GET_BROKER_CLUSTER_ACL_CONFIG: AdminBrokerProcessor.get_broker_cluster_acl_config,
    RequestCode.AUTH_CREATE_USER: AdminBrokerProcessor.create_user,
    RequestCode.AUTH_UPDATE_USER: AdminBrokerProcessor.update_user,
    RequestCode.AUTH_DELETE_USER: AdminBrokerProcessor.delete_user,
    RequestCode.AUTH_GET_USER: AdminBrokerProcessor.get_user,
    RequestCode.AUTH_LIST_USER: AdminBrokerProcessor.list_user,
    RequestCode.AUTH_CREATE_ACL: AdminBrokerProcessor.create_acl,
    RequestCode.AUTH_UPDATE_ACL: AdminBrokerProcessor.update_acl,
    RequestCode.AUTH_DELETE_ACL: AdminBrokerProcessor.delete_acl,
    RequestCode.AUTH_GET_ACL: AdminBrokerProcessor.get_acl,
    RequestCode.AUTH_LIST_ACL: AdminBrokerProcessor.list_acl,
    RequestCode.GET_BROKER_CONSUME_STATS: AdminBrokerProcessor.fetch_all_consume_stats_in_broker,
    RequestCode.VIEW_BROKER_STATS_DATA: AdminBrokerProcessor.view_broker_stats_data,
    RequestCode.QUERY_CONSUME_QUEUE: AdminBrokerProcessor.query_consume_queue,
    RequestCode.UPDATE_AND_CREATE_TOPIC_LIST: AdminBrokerProcessor.update_and_create_topic_list,
    RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST:
        AdminBrokerProcessor.update_and_create_subscription_group_list,
    RequestCode.UPDATE_COLD_DATA_FLOW_CTR_CONFIG: AdminBrokerProcessor.update_cold_data_flow_ctr_group_config,
    RequestCode.REMOVE_COLD_DATA_FLOW_CTR_CONFIG: AdminBrokerProcessor.remove_cold_data_flow_ctr_group_config,
    RequestCode.GET_COLD_DATA_FLOW_CTR_INFO: AdminBrokerProcessor.get_cold_data_flow_ctr_info,
    RequestCode.SET_COMMITLOG_READ_MODE: AdminBrokerProcessor.set_commit_log_readahead_mode,
    RequestCode.CHECK_ROCKSDB_CQ_WRITE_PROGRESS: AdminBrokerProcessor.check_rocksdb_cq_write_progress,
    RequestCode.UPDATE_AND_GET_GROUP_FORBIDDEN: AdminBrokerProcessor.update_and_get_group_forbidden,
    RequestCode.EXPORT_ROCKSDB_CONFIG_TO_JSON: AdminBrokerProcessor.export_rocks_db_config_to_json,
    RequestCode.GET_BROKER_HA_STATUS: AdminBrokerProcessor.get_broker_ha_status,
    RequestCode.RESET_MASTER_FLUSH_OFFSET: AdminBrokerProcessor.reset_master_flush_offset,
    RequestCode.GET_BROKER_EPOCH_CACHE: AdminBrokerProcessor.get_broker_epoch_cache,
    RequestCode.POP_ROLLBACK: AdminBrokerProcessor.transfer_pop_to_fs_store,
}
