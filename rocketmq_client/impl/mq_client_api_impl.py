"""Java ``org.apache.rocketmq.client.impl.MQClientAPIImpl``: every request the client sends to name servers and
brokers, with Java's headers, timeouts, response handling and exceptions.

Broker errors raise :class:`MQBrokerException` (code, remark, address), name-server errors and a few broker
answers :class:`MQClientException` (code, remark), transport failures a ``RemotingException`` subclass.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set, Tuple, cast

from rocketmq_client.common.atomic_integer import AtomicInteger
from rocketmq_client.consumer.ack_result import AckResult
from rocketmq_client.consumer.ack_status import AckStatus
from rocketmq_client.consumer.pop_result import PopResult
from rocketmq_client.consumer.pop_status import PopStatus
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.consumer.pull_result_ext import PullResultExt
from rocketmq_client.impl.top_addressing import TopAddressing
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.rpchook.namespace_rpc_hook import NamespaceRpcHook
from rocketmq_common.acl_config import AclConfig
from rocketmq_common.attribute.attribute_parser import AttributeParser
from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.data_version import DataVersion
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.acl_info import AclInfo
from rocketmq_common.protocol.body.batch_ack import BatchAck
from rocketmq_common.protocol.body.batch_ack_message_request_body import BatchAckMessageRequestBody
from rocketmq_common.protocol.body.broker_stats_data import BrokerStatsData
from rocketmq_common.protocol.body.check_client_request_body import CheckClientRequestBody
from rocketmq_common.protocol.body.cluster_acl_version_info import ClusterAclVersionInfo
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
from rocketmq_common.protocol.body.consume_stats_list import ConsumeStatsList
from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.body.get_broker_cluster_acl_config_response_body import (
    GetBrokerClusterAclConfigResponseBody,
)
from rocketmq_common.protocol.body.get_consumer_status_body import GetConsumerStatusBody
from rocketmq_common.protocol.body.group_list import GroupList
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.body.lock_batch_response_body import LockBatchResponseBody
from rocketmq_common.protocol.body.producer_connection import ProducerConnection
from rocketmq_common.protocol.body.producer_table_info import ProducerTableInfo
from rocketmq_common.protocol.body.query_consume_queue_response_body import QueryConsumeQueueResponseBody
from rocketmq_common.protocol.body.query_assignment_request_body import QueryAssignmentRequestBody
from rocketmq_common.protocol.body.query_assignment_response_body import QueryAssignmentResponseBody
from rocketmq_common.protocol.body.query_consume_time_span_body import QueryConsumeTimeSpanBody
from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
from rocketmq_common.protocol.body.reset_offset_body import ResetOffsetBody
from rocketmq_common.subscription.group_forbidden import GroupForbidden
from rocketmq_common.protocol.body.set_message_request_mode_request_body import SetMessageRequestModeRequestBody
from rocketmq_common.protocol.body.subscription_group_wrapper import SubscriptionGroupWrapper
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.body.user_info import UserInfo
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
from rocketmq_common.protocol.header.change_invisible_time_request_header import ChangeInvisibleTimeResponseHeader
from rocketmq_common.protocol.header.clone_group_offset_request_header import CloneGroupOffsetRequestHeader
from rocketmq_common.protocol.header.consume_message_directly_result_request_header import (
    ConsumeMessageDirectlyResultRequestHeader,
)
from rocketmq_common.protocol.header.consumer_send_msg_back_request_header import (
    ConsumerSendMsgBackRequestHeader,
)
from rocketmq_common.protocol.header.create_access_config_request_header import CreateAccessConfigRequestHeader
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.header.get_topic_config_request_header import GetTopicConfigRequestHeader
from rocketmq_common.protocol.header.delete_access_config_request_header import DeleteAccessConfigRequestHeader
from rocketmq_common.protocol.header.delete_subscription_group_request_header import (
    DeleteSubscriptionGroupRequestHeader,
)
from rocketmq_common.protocol.header.delete_topic_request_header import DeleteTopicRequestHeader
from rocketmq_common.protocol.header.get_all_producer_info_request_header import GetAllProducerInfoRequestHeader
from rocketmq_common.protocol.header.get_broker_acl_config_response_header import GetBrokerAclConfigResponseHeader
from rocketmq_common.protocol.header.get_consume_stats_in_broker_header import GetConsumeStatsInBrokerHeader
from rocketmq_common.protocol.header.get_consume_stats_request_header import GetConsumeStatsRequestHeader
from rocketmq_common.protocol.header.get_consumer_connection_list_request_header import (
    GetConsumerConnectionListRequestHeader,
)
from rocketmq_common.protocol.header.get_consumer_list_by_group_request_header import (
    GetConsumerListByGroupRequestHeader,
)
from rocketmq_common.protocol.header.get_consumer_list_by_group_response_body import (
    GetConsumerListByGroupResponseBody,
)
from rocketmq_common.protocol.header.get_consumer_running_info_request_header import GetConsumerRunningInfoRequestHeader
from rocketmq_common.protocol.header.get_consumer_status_request_header import GetConsumerStatusRequestHeader
from rocketmq_common.protocol.header.get_earliest_msg_storetime_request_header import (
    GetEarliestMsgStoretimeRequestHeader,
    GetEarliestMsgStoretimeResponseHeader,
)
from rocketmq_common.protocol.header.get_max_offset_request_header import (
    GetMaxOffsetRequestHeader,
    GetMaxOffsetResponseHeader,
)
from rocketmq_common.protocol.header.get_min_offset_request_header import (
    GetMinOffsetRequestHeader,
    GetMinOffsetResponseHeader,
)
from rocketmq_common.protocol.header.get_producer_connection_list_request_header import (
    GetProducerConnectionListRequestHeader,
)
from rocketmq_common.protocol.header.get_topic_stats_info_request_header import GetTopicStatsInfoRequestHeader
from rocketmq_common.protocol.header.get_topics_by_cluster_request_header import GetTopicsByClusterRequestHeader
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.header.namesrv.add_write_perm_of_broker_request_header import (
    AddWritePermOfBrokerRequestHeader,
    AddWritePermOfBrokerResponseHeader,
)
from rocketmq_common.protocol.header.namesrv.delete_kv_config_request_header import DeleteKVConfigRequestHeader
from rocketmq_common.protocol.header.namesrv.delete_topic_from_namesrv_request_header import (
    DeleteTopicFromNamesrvRequestHeader,
)
from rocketmq_common.protocol.header.namesrv.get_kv_config_request_header import (
    GetKVConfigRequestHeader,
    GetKVConfigResponseHeader,
)
from rocketmq_common.protocol.header.namesrv.get_kv_list_by_namespace_request_header import (
    GetKVListByNamespaceRequestHeader,
)
from rocketmq_common.protocol.header.namesrv.get_route_info_request_header import GetRouteInfoRequestHeader
from rocketmq_common.protocol.header.namesrv.put_kv_config_request_header import PutKVConfigRequestHeader
from rocketmq_common.protocol.header.namesrv.wipe_write_perm_of_broker_request_header import (
    WipeWritePermOfBrokerRequestHeader,
    WipeWritePermOfBrokerResponseHeader,
)
from rocketmq_common.protocol.header.pop_message_request_header import (
    PopMessageRequestHeader,
    PopMessageResponseHeader,
)
from rocketmq_common.protocol.header.pull_message_request_header import (
    PullMessageResponseHeader,
)
from rocketmq_common.protocol.header.query_consume_queue_request_header import QueryConsumeQueueRequestHeader
from rocketmq_common.protocol.header.query_consume_time_span_request_header import QueryConsumeTimeSpanRequestHeader
from rocketmq_common.protocol.header.query_consumer_offset_request_header import (
    QueryConsumerOffsetResponseHeader,
)
from rocketmq_common.protocol.header.query_topic_consume_by_who_request_header import (
    QueryTopicConsumeByWhoRequestHeader,
)
from rocketmq_common.protocol.header.recall_message_request_header import (
    RecallMessageRequestHeader, RecallMessageResponseHeader)
from rocketmq_common.protocol.header.reset_offset_request_header import ResetOffsetRequestHeader
from rocketmq_common.protocol.header.resume_check_half_message_request_header import ResumeCheckHalfMessageRequestHeader
from rocketmq_common.protocol.header.search_offset_request_header import (
    SearchOffsetRequestHeader,
    SearchOffsetResponseHeader,
)
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeaderV2,
    SendMessageResponseHeader,
)
from rocketmq_common.protocol.header.unregister_client_request_header import (
    UnregisterClientRequestHeader,
)
from rocketmq_common.protocol.header.update_global_white_addrs_config_request_header import (
    UpdateGlobalWhiteAddrsConfigRequestHeader,
)
from rocketmq_common.protocol.header.view_broker_stats_data_request_header import ViewBrokerStatsDataRequestHeader
from rocketmq_common.protocol.header.view_message_request_header import (
    ViewMessageRequestHeader,
)
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.rpchook.stream_type_rpc_hook import StreamTypeRPCHook
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.channel_event_listener import ChannelEventListener
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.common.heartbeat_v2_result import HeartbeatV2Result
from rocketmq_remoting.exception import RemotingTooMuchRequestException
from rocketmq_remoting.invoke_callback import InvokeCallback
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.netty.netty_system_config import get_system_property, parse_bool
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_command import LanguageCode, RemotingCommand
from rocketmq_remoting.protocol.remoting_serializable import from_json_value, to_json_value
from rocketmq_remoting.remoting_client import RemotingClient
from rocketmq_remoting.rpc_hook import RPCHook

# the mqadmin commands of 5.3.3: containers, HA, controllers, cold data, RocksDB, batch updates
from rocketmq_common.check_rocksdb_cq_write_result import CheckRocksdbCqWriteResult
from rocketmq_common.constant.f_ile_readahead_mode import FIleReadaheadMode
from rocketmq_common.protocol.body.broker_member_group import BrokerMemberGroup
from rocketmq_common.protocol.body.broker_replicas_info import BrokerReplicasInfo
from rocketmq_common.protocol.body.create_topic_list_request_body import CreateTopicListRequestBody
from rocketmq_common.protocol.body.epoch_entry_cache import EpochEntryCache
from rocketmq_common.protocol.body.ha_runtime_info import HARuntimeInfo
from rocketmq_common.protocol.body.subscription_group_list import SubscriptionGroupList
from rocketmq_common.protocol.header.add_broker_request_header import AddBrokerRequestHeader
from rocketmq_common.protocol.header.check_rocksdb_cq_write_progress_request_header import \
    CheckRocksdbCqWriteProgressRequestHeader
from rocketmq_common.protocol.header.controller.admin.clean_controller_broker_data_request_header import \
    CleanControllerBrokerDataRequestHeader
from rocketmq_common.protocol.header.controller.elect_master_request_header import ElectMasterRequestHeader
from rocketmq_common.protocol.header.controller.elect_master_response_header import ElectMasterResponseHeader
from rocketmq_common.protocol.header.controller.get_meta_data_response_header import GetMetaDataResponseHeader
from rocketmq_common.protocol.header.create_topic_list_request_header import CreateTopicListRequestHeader
from rocketmq_common.protocol.header.export_rocks_db_config_to_json_request_header import (
    ConfigType, ExportRocksDBConfigToJsonRequestHeader)
from rocketmq_common.protocol.header.remove_broker_request_header import RemoveBrokerRequestHeader
from rocketmq_common.protocol.header.reset_master_flush_offset_header import ResetMasterFlushOffsetHeader

if TYPE_CHECKING:
    from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader
    from rocketmq_common.protocol.header.update_group_forbidden_request_header import \
        UpdateGroupForbiddenRequestHeader
    from rocketmq_client.consumer.ack_callback import AckCallback
    from rocketmq_client.consumer.pop_callback import PopCallback
    from rocketmq_common.message.message_queue_assignment import MessageQueueAssignment
    from rocketmq_common.message.message_request_mode import MessageRequestMode
    from rocketmq_common.protocol.header.ack_message_request_header import AckMessageRequestHeader
    from rocketmq_common.protocol.header.change_invisible_time_request_header import ChangeInvisibleTimeRequestHeader
    from rocketmq_common.protocol.heartbeat.message_model import MessageModel
    from rocketmq_common.plain_access_config import PlainAccessConfig
    from rocketmq_client.client_config import ClientConfig
    from rocketmq_client.consumer.pull_callback import PullCallback
    from rocketmq_client.consumer.pull_result import PullResult
    from rocketmq_client.hook.send_message_context import SendMessageContext
    from rocketmq_client.impl.client_remoting_processor import ClientRemotingProcessor
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
    from rocketmq_common.message.message import Message
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.protocol.body.lock_batch_request_body import (
        LockBatchRequestBody,
    )
    from rocketmq_common.protocol.body.unlock_batch_request_body import (
        UnlockBatchRequestBody,
    )
    from rocketmq_common.protocol.header.end_transaction_request_header import (
        EndTransactionRequestHeader,
    )
    from rocketmq_common.protocol.header.pull_message_request_header import (
        PullMessageRequestHeader,
    )
    from rocketmq_common.protocol.header.query_consumer_offset_request_header import (
        QueryConsumerOffsetRequestHeader,
    )
    from rocketmq_common.protocol.header.query_message_request_header import (
        QueryMessageRequestHeader,
    )
    from rocketmq_common.protocol.header.send_message_request_header import (
        SendMessageRequestHeader,
    )
    from rocketmq_common.protocol.header.update_consumer_offset_request_header import (
        UpdateConsumerOffsetRequestHeader,
    )
    from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
    from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
    from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
    from rocketmq_common.topic_config import TopicConfig
    from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
    from rocketmq_remoting.netty.response_future import ResponseFuture

__all__ = ["MQClientAPIImpl"]

log = logging.getLogger(__name__)

#: Java ``org.apache.rocketmq.client.sendSmartMsg`` (default true: SEND_MESSAGE_V2 with one-letter header keys)
SEND_SMART_MSG = parse_bool(get_system_property("org.apache.rocketmq.client.sendSmartMsg",
                                                "ORG_APACHE_ROCKETMQ_CLIENT_SEND_SMART_MSG", "true"))

#: Java ``processSendResponse``'s switch: the codes of a stored message (any other raises MQBrokerException)
_SEND_STATUS_BY_CODE = {
    ResponseCode.FLUSH_DISK_TIMEOUT: SendStatus.FLUSH_DISK_TIMEOUT,
    ResponseCode.FLUSH_SLAVE_TIMEOUT: SendStatus.FLUSH_SLAVE_TIMEOUT,
    ResponseCode.SLAVE_NOT_AVAILABLE: SendStatus.SLAVE_NOT_AVAILABLE,
    ResponseCode.SUCCESS: SendStatus.SEND_OK,
}

_PULL_STATUS_BY_CODE = {
    ResponseCode.SUCCESS: PullStatus.FOUND,
    ResponseCode.PULL_NOT_FOUND: PullStatus.NO_NEW_MSG,
    ResponseCode.PULL_RETRY_IMMEDIATELY: PullStatus.NO_MATCHED_MSG,
    ResponseCode.PULL_OFFSET_MOVED: PullStatus.OFFSET_ILLEGAL,
}


def _decode_list(body: Optional[bytes], cls: Any) -> Optional[List[Any]]:
    # Java RemotingSerializable.decodeList: a JSON array of ``cls`` bodies; None without a body
    if body is None:
        return None
    return [cls.from_json_value(value) for value in fastjson.loads(body.decode("utf-8")) or ()]


def _now_millis() -> int:
    return int(time.time() * 1000)


class _SendCallbackInvoke(InvokeCallback):
    """Java's anonymous ``InvokeCallback`` of ``sendMessageAsync``."""

    __slots__ = ("api", "addr", "broker_name", "msg", "timeout_millis", "request", "send_callback",
                 "topic_publish_info", "instance", "retry_times_when_send_failed", "times", "context", "producer",
                 "begin")

    def __init__(self, api: "MQClientAPIImpl", addr: str, broker_name: str, msg: "Message", timeout_millis: float,
                 request: RemotingCommand, send_callback: Any, topic_publish_info: Optional["TopicPublishInfo"],
                 instance: Optional["MQClientInstance"], retry_times_when_send_failed: int,
                 times: "AtomicInteger",
                 context: Optional["SendMessageContext"], producer: Any, begin: float) -> None:
        self.api = api
        self.addr = addr
        self.broker_name = broker_name
        self.msg = msg
        self.timeout_millis = timeout_millis
        self.request = request
        self.send_callback = send_callback
        self.topic_publish_info = topic_publish_info
        self.instance = instance
        self.retry_times_when_send_failed = retry_times_when_send_failed
        self.times = times
        self.context = context
        self.producer = producer
        self.begin = begin

    def operation_complete(self, response_future: "ResponseFuture") -> None:
        cost = int((time.monotonic() - self.begin) * 1000)
        response = response_future.get_response_command()
        send_callback = self.send_callback
        context = self.context
        producer = self.producer
        broker_name = self.broker_name
        if send_callback is None and response is not None:
            try:
                send_result = self.api._process_send_response(broker_name, self.msg, response, self.addr)
                if context is not None and send_result is not None:
                    context.set_send_result(send_result)
                    context.get_producer().execute_send_message_hook_after(context)
            except Exception:
                log.debug("async send without callback: the response could not be processed", exc_info=True)
            producer.update_fault_item(broker_name, _now_millis() - response_future.get_begin_timestamp(), False, True)
            return
        if response is not None:
            try:
                send_result = self.api._process_send_response(broker_name, self.msg, response, self.addr)
                if context is not None:
                    context.set_send_result(send_result)
                    context.get_producer().execute_send_message_hook_after(context)
                try:
                    send_callback.on_success(send_result)
                except Exception:
                    log.warning("SendCallback.on_success raised", exc_info=True)
                producer.update_fault_item(broker_name, _now_millis() - response_future.get_begin_timestamp(),
                                           False, True)
            except Exception as e:
                producer.update_fault_item(broker_name, _now_millis() - response_future.get_begin_timestamp(),
                                           True, True)
                self.api._on_exception_impl(broker_name, self.msg, self.timeout_millis - cost, self.request,
                                            send_callback, self.topic_publish_info, self.instance,
                                            self.retry_times_when_send_failed, self.times, e, context, False, producer)
            return
        producer.update_fault_item(broker_name, _now_millis() - response_future.get_begin_timestamp(), True, True)
        if not response_future.is_send_request_ok():
            ex = MQClientException("send request failed", response_future.get_cause())
        elif response_future.is_timeout():
            ex = MQClientException("wait response timeout " + str(response_future.get_timeout_millis()) + "ms",
                                   response_future.get_cause())
        else:
            ex = MQClientException("unknow reseaon", response_future.get_cause())
        self.api._on_exception_impl(broker_name, self.msg, self.timeout_millis - cost, self.request,
                                    send_callback, self.topic_publish_info, self.instance,
                                    self.retry_times_when_send_failed, self.times, ex, context, True, producer)


class _PullCallbackInvoke(InvokeCallback):
    """Java's anonymous ``InvokeCallback`` of ``pullMessageAsync``."""

    __slots__ = ("api", "addr", "request", "timeout_millis", "pull_callback")

    def __init__(self, api: "MQClientAPIImpl", addr: str, request: RemotingCommand, timeout_millis: int,
                 pull_callback: "PullCallback") -> None:
        self.api = api
        self.addr = addr
        self.request = request
        self.timeout_millis = timeout_millis
        self.pull_callback = pull_callback

    def operation_complete(self, response_future: "ResponseFuture") -> None:
        response = response_future.get_response_command()
        pull_callback = self.pull_callback
        addr = self.addr
        if response is not None:
            try:
                pull_result = self.api._process_pull_response(response, addr)
            except Exception as e:
                pull_callback.on_exception(e)
                return
            pull_callback.on_success(pull_result)
        elif not response_future.is_send_request_ok():
            pull_callback.on_exception(MQClientException(
                "send request failed to " + addr + ". Request: " + repr(self.request), response_future.get_cause()))
        elif response_future.is_timeout():
            pull_callback.on_exception(MQClientException(
                "wait response from " + addr + " timeout :" + str(response_future.get_timeout_millis()) + "ms"
                + ". Request: " + repr(self.request), response_future.get_cause()))
        else:
            pull_callback.on_exception(MQClientException(
                "unknown reason. addr: " + addr + ", timeoutMillis: " + str(self.timeout_millis) + ". Request: "
                + repr(self.request), response_future.get_cause()))


def _invoke_failure(addr: str, request: RemotingCommand, timeout_millis: int,
                    response_future: "ResponseFuture") -> MQClientException:
    """The exception of an asynchronous request that got no response (Java ``operationFail``'s cause)."""
    if not response_future.is_send_request_ok():
        return MQClientException("send request failed to " + addr + ". Request: " + repr(request),
                                 response_future.get_cause())
    if response_future.is_timeout():
        return MQClientException("wait response from " + addr + " timeout :" + str(response_future.get_timeout_millis())
                                 + "ms. Request: " + repr(request), response_future.get_cause())
    return MQClientException("unknown reason. addr: " + addr + ", timeoutMillis: " + str(timeout_millis)
                             + ". Request: " + repr(request), response_future.get_cause())


class _PopCallbackInvoke(InvokeCallback):
    """Java's anonymous ``InvokeCallback`` of ``popMessageAsync`` (5.3.3)."""

    __slots__ = ("api", "broker_name", "addr", "request", "request_header", "timeout_millis", "pop_callback")

    def __init__(self, api: "MQClientAPIImpl", broker_name: str, addr: str, request: RemotingCommand,
                 request_header: PopMessageRequestHeader, timeout_millis: int, pop_callback: "PopCallback") -> None:
        self.api = api
        self.broker_name = broker_name
        self.addr = addr
        self.request = request
        self.request_header = request_header
        self.timeout_millis = timeout_millis
        self.pop_callback = pop_callback

    def operation_complete(self, response_future: "ResponseFuture") -> None:
        response = response_future.get_response_command()
        if response is None:
            self.pop_callback.on_exception(_invoke_failure(self.addr, self.request, self.timeout_millis,
                                                           response_future))
            return
        try:
            pop_result = self.api._process_pop_response(self.broker_name, response, self.request_header.get_topic(),
                                                        self.request_header)
        except Exception as e:
            self.pop_callback.on_exception(e)
            return
        self.pop_callback.on_success(pop_result)


class _AckCallbackInvoke(InvokeCallback):
    """Java's anonymous ``InvokeCallback`` of ``ackMessageAsync`` and ``changeInvisibleTimeAsync`` (5.3.3): SUCCESS
    is OK, any other code NO_EXIST; a change of invisible time also gets the new pop time and handle."""

    __slots__ = ("addr", "request", "timeout_millis", "ack_callback", "broker_name", "change_header")

    def __init__(self, addr: str, request: RemotingCommand, timeout_millis: int, ack_callback: "AckCallback",
                 broker_name: str = "",
                 change_header: Optional["ChangeInvisibleTimeRequestHeader"] = None) -> None:
        self.addr = addr
        self.request = request
        self.timeout_millis = timeout_millis
        self.ack_callback = ack_callback
        self.broker_name = broker_name
        self.change_header = change_header

    def operation_complete(self, response_future: "ResponseFuture") -> None:
        response = response_future.get_response_command()
        if response is None:
            self.ack_callback.on_exception(_invoke_failure(self.addr, self.request, self.timeout_millis,
                                                           response_future))
            return
        ack_result = AckResult()
        try:
            if response.get_code() == ResponseCode.SUCCESS:
                ack_result.set_status(AckStatus.OK)
                header = self.change_header
                if header is not None:
                    response_header = response.decode_command_custom_header(ChangeInvisibleTimeResponseHeader)
                    ack_result.set_pop_time(response_header.get_pop_time())
                    ack_result.set_extra_info(ExtraInfoUtil.build_extra_info(
                        header.get_offset(), response_header.get_pop_time(), response_header.get_invisible_time(),
                        response_header.get_revive_qid(), header.get_topic(), self.broker_name, header.get_queue_id())
                        + MessageConst.KEY_SEPARATOR + str(header.get_offset()))
            else:
                ack_result.set_status(AckStatus.NO_EXIST)
        except Exception as e:
            self.ack_callback.on_exception(e)
            return
        self.ack_callback.on_success(ack_result)


class MQClientAPIImpl(Bean):
    """See the module docstring. Owns the :class:`RemotingClient` of a client instance and registers the
    :class:`ClientRemotingProcessor` for the broker-initiated codes."""

    #: typed with the RemotingClient interface, as Java's field (a NettyRemotingClient)
    remoting_client = Prop(RemotingClient, required=True)

    def get_remoting_client(self) -> RemotingClient: return self.remoting_client
    def set_remoting_client(self, remoting_client: Optional[RemotingClient]) -> None:
        self.remoting_client = remoting_client

    def __init__(self, netty_client_config: "NettyClientConfig",
                 client_remoting_processor: "ClientRemotingProcessor", rpc_hook: Optional[RPCHook],
                 client_config: "ClientConfig", channel_event_listener: Optional[ChannelEventListener] = None) -> None:
        """Java 5.3.3's constructor: ``channel_event_listener`` gets the connection events of the remoting client
        (the client instance's, which heartbeats a broker on a new connection); the NamespaceRpcHook goes first,
        then the StreamTypeRPCHook (``enable_stream_request_type``), then ``rpc_hook``."""
        self.client_config = client_config
        self.top_addressing = TopAddressing(TopAddressing.configured_ws_addr(), client_config.unit_name)
        self.remoting_client = NettyRemotingClient(netty_client_config, channel_event_listener)
        self.client_remoting_processor = client_remoting_processor
        self.name_srv_addr: Optional[str] = None
        self.remoting_client.register_rpc_hook(NamespaceRpcHook(client_config))
        if client_config.enable_stream_request_type:
            self.remoting_client.register_rpc_hook(StreamTypeRPCHook())
        self.remoting_client.register_rpc_hook(rpc_hook)
        for code in (RequestCode.CHECK_TRANSACTION_STATE, RequestCode.NOTIFY_CONSUMER_IDS_CHANGED,
                     RequestCode.RESET_CONSUMER_CLIENT_OFFSET, RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT,
                     RequestCode.GET_CONSUMER_RUNNING_INFO, RequestCode.CONSUME_MESSAGE_DIRECTLY,
                     RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT):
            self.remoting_client.register_processor(code, client_remoting_processor, None)

    def get_name_server_address_list(self) -> Optional[List[str]]:
        """Java ``getNameServerAddressList``."""
        return self.remoting_client.get_name_server_address_list()

    def fetch_name_server_addr(self) -> Optional[str]:
        """Java ``fetchNameServerAddr``: adopt the address server's list when it changed."""
        try:
            addrs = self.top_addressing.fetch_ns_addr()
            if addrs is not None and not UtilAll.is_blank(addrs) and addrs != self.name_srv_addr:
                log.info("name server address changed, old=%s, new=%s", self.name_srv_addr, addrs)
                self.update_name_server_address_list(addrs)
                self.name_srv_addr = addrs
        except Exception:
            log.error("fetchNameServerAddr Exception", exc_info=True)
        return self.name_srv_addr

    def update_name_server_address_list(self, addrs: str) -> None:
        """Java ``updateNameServerAddressList``: a ``;``-separated list."""
        self.remoting_client.update_name_server_address_list(addrs.split(";"))

    def start(self) -> None:
        """Java ``start``."""
        self.remoting_client.start()

    def shutdown(self) -> None:
        """Java ``shutdown``."""
        self.remoting_client.shutdown()

    def _vip(self, addr: str) -> str:
        return MixAll.broker_vip_channel(self.client_config.vip_channel_enabled, addr)

    def create_subscription_group(self, addr: str, config: "SubscriptionGroupConfig", timeout_millis: int) -> None:
        """Java ``createSubscriptionGroup``: UPDATE_AND_CREATE_SUBSCRIPTIONGROUP."""
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, None)
        request.set_body(fastjson.dumps(to_json_value(config)).encode("utf-8"))
        self._invoke_broker(addr, request, timeout_millis, client_exception=True)

    def create_topic(self, addr: str, default_topic: str, topic_config: "TopicConfig", timeout_millis: int) -> None:
        """Java ``createTopic``: UPDATE_AND_CREATE_TOPIC with the topic config in the header (5.3.3: its
        attribute changes as ``+key=value`` text, empty without any)."""
        request_header = self._create_topic_request_header(default_topic, topic_config)
        request_header.set_attributes(AttributeParser.parse_to_string(topic_config.get_attributes()))
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_TOPIC, request_header)
        self._invoke_broker(addr, request, timeout_millis, client_exception=True)

    @staticmethod
    def _create_topic_request_header(default_topic: str, topic_config: "TopicConfig") -> CreateTopicRequestHeader:
        """The header ``createTopic`` and ``createStaticTopic`` fill alike from the topic config."""
        request_header = CreateTopicRequestHeader()
        request_header.set_topic(topic_config.get_topic_name())
        request_header.set_default_topic(default_topic)
        request_header.set_read_queue_nums(topic_config.get_read_queue_nums())
        request_header.set_write_queue_nums(topic_config.get_write_queue_nums())
        request_header.set_perm(topic_config.get_perm())
        request_header.set_topic_filter_type(topic_config.get_topic_filter_type().name)
        request_header.set_topic_sys_flag(topic_config.get_topic_sys_flag())
        request_header.set_order(topic_config.is_order())
        return request_header

    def create_static_topic(self, addr: str, default_topic: str, topic_config: "TopicConfig",
                            topic_queue_mapping_detail: "TopicQueueMappingDetail", force: bool,
                            timeout_millis: int) -> None:
        """Java 5.3.3 ``createStaticTopic``: UPDATE_AND_CREATE_STATIC_TOPIC (513) with the topic config in the
        header (``force`` replaces a mapping the broker would refuse) and the broker's mapping detail as the JSON
        body. MQBrokerException when the broker refuses (a 4.9.7 broker: REQUEST_CODE_NOT_SUPPORTED)."""
        request_header = self._create_topic_request_header(default_topic, topic_config)
        request_header.set_force(force)
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_STATIC_TOPIC, request_header)
        request.set_body(topic_queue_mapping_detail.encode())
        self._invoke_broker(addr, request, timeout_millis)

    def get_topic_config(self, addr: str, topic: str, timeout_millis: int) -> TopicConfigAndQueueMapping:
        """Java 5.3.3 ``getTopicConfig``: GET_TOPIC_CONFIG (351) with ``lo`` true, the topic's config on the broker
        with its static-topic mapping (``mapping_detail`` None for a topic that is not static). MQBrokerException
        when the broker does not have the topic (TOPIC_NOT_EXIST) or does not know the request (a 4.9.7 broker:
        REQUEST_CODE_NOT_SUPPORTED)."""
        header = GetTopicConfigRequestHeader()
        header.set_topic(topic)
        header.set_lo(True)
        request = RemotingCommand.create_request_command(RequestCode.GET_TOPIC_CONFIG, header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return from_json_value(fastjson.loads(response.get_body() or b"{}"), TopicConfigAndQueueMapping)

    def create_plain_access_config(self, addr: str, plain_access_config: "PlainAccessConfig",
                                   timeout_millis: int) -> None:
        """Java ``createPlainAccessConfig``: UPDATE_AND_CREATE_ACL_CONFIG (the account in the header)."""
        header = CreateAccessConfigRequestHeader()
        header.set_access_key(plain_access_config.access_key)
        header.set_secret_key(plain_access_config.secret_key)
        header.set_admin(bool(plain_access_config.admin))
        header.set_default_group_perm(plain_access_config.default_group_perm)
        header.set_default_topic_perm(plain_access_config.default_topic_perm)
        header.set_white_remote_address(plain_access_config.white_remote_address)
        header.set_topic_perms(",".join(plain_access_config.topic_perms or ()))
        header.set_group_perms(",".join(plain_access_config.group_perms or ()))
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_ACL_CONFIG, header)
        self._invoke_broker(addr, request, timeout_millis, client_exception=True)

    def delete_access_config(self, addr: str, access_key: str, timeout_millis: int) -> None:
        """Java ``deleteAccessConfig``: DELETE_ACL_CONFIG."""
        header = DeleteAccessConfigRequestHeader()
        header.set_access_key(access_key)
        request = RemotingCommand.create_request_command(RequestCode.DELETE_ACL_CONFIG, header)
        self._invoke_broker(addr, request, timeout_millis, client_exception=True)

    def update_global_white_addrs_config(self, addr: str, global_white_addrs: str, acl_file_full_path: Optional[str],
                                         timeout_millis: int) -> None:
        """Java ``updateGlobalWhiteAddrsConfig``: UPDATE_GLOBAL_WHITE_ADDRS_CONFIG. Without a path an empty one
        is sent, which a broker reads as its default ACL file (Java sends none, which its own broker refuses: the
        header field is ``@CFNotNull``)."""
        header = UpdateGlobalWhiteAddrsConfigRequestHeader()
        header.set_global_white_addrs(global_white_addrs)
        header.set_acl_file_full_path(acl_file_full_path or "")
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG, header)
        self._invoke_broker(addr, request, timeout_millis, client_exception=True)

    def get_broker_cluster_acl_info(self, addr: str, timeout_millis: int) -> ClusterAclVersionInfo:
        """Java ``getBrokerClusterAclInfo``: GET_BROKER_CLUSTER_ACL_INFO, the versions of the ACL files."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_CLUSTER_ACL_INFO, None)
        response = self._invoke_broker(addr, request, timeout_millis)
        header = response.decode_command_custom_header(GetBrokerAclConfigResponseHeader)
        info = ClusterAclVersionInfo(cluster_name=header.cluster_name, broker_name=header.broker_name,
                                     broker_addr=header.broker_addr)
        info.acl_config_data_version = DataVersion.decode(header.version.encode("utf-8")) if header.version else None
        versions = fastjson.loads(header.all_acl_file_version) if header.all_acl_file_version else {}
        info.all_acl_config_data_version = {path: DataVersion.decode(fastjson.dumps(value).encode("utf-8"))
                                            for path, value in (versions or {}).items()}
        return info

    def get_broker_cluster_config(self, addr: str, timeout_millis: int) -> AclConfig:
        """Java ``getBrokerClusterConfig``: GET_BROKER_CLUSTER_ACL_CONFIG, the white addresses and accounts."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_CLUSTER_ACL_CONFIG, None)
        response = self._invoke_broker(addr, request, timeout_millis)
        if response.get_body() is None:
            raise MQBrokerException(response.get_code(), response.get_remark(), addr)
        body = GetBrokerClusterAclConfigResponseBody.decode(response.get_body())
        return AclConfig(global_white_addrs=body.global_white_addrs, plain_access_configs=body.plain_access_configs)

    # ACL 2.0 users and ACLs (5.3.3): Java sends these on the address itself, not through the VIP channel

    def create_user(self, addr: str, user_info: UserInfo, millis: int) -> None:
        """Java ``createUser`` (5.3.3): AUTH_CREATE_USER."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_CREATE_USER,
                                                         CreateUserRequestHeader(username=user_info.username))
        request.body = user_info.encode()
        self._invoke_auth(addr, request, millis)

    def update_user(self, addr: str, user_info: UserInfo, millis: int) -> None:
        """Java ``updateUser`` (5.3.3): AUTH_UPDATE_USER."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_UPDATE_USER,
                                                         UpdateUserRequestHeader(username=user_info.username))
        request.body = user_info.encode()
        self._invoke_auth(addr, request, millis)

    def delete_user(self, addr: str, username: Optional[str], millis: int) -> None:
        """Java ``deleteUser`` (5.3.3): AUTH_DELETE_USER."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_DELETE_USER,
                                                         DeleteUserRequestHeader(username=username))
        self._invoke_auth(addr, request, millis)

    def get_user(self, addr: str, username: Optional[str], millis: int) -> Optional[UserInfo]:
        """Java ``getUser`` (5.3.3): AUTH_GET_USER; None for a user the broker does not have."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_GET_USER,
                                                         GetUserRequestHeader(username=username))
        body = self._invoke_auth(addr, request, millis).get_body()
        return UserInfo.decode(body) if body is not None else None

    def list_user(self, addr: str, filter: Optional[str], millis: int) -> Optional[List[UserInfo]]:
        """Java ``listUser`` (5.3.3): AUTH_LIST_USER; None when the broker has no user to list."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_LIST_USER,
                                                         ListUsersRequestHeader(filter=filter))
        return _decode_list(self._invoke_auth(addr, request, millis).get_body(), UserInfo)

    def create_acl(self, addr: str, acl_info: AclInfo, millis: int) -> None:
        """Java ``createAcl`` (5.3.3): AUTH_CREATE_ACL."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_CREATE_ACL,
                                                         CreateAclRequestHeader(subject=acl_info.subject))
        request.body = acl_info.encode()
        self._invoke_auth(addr, request, millis)

    def update_acl(self, addr: str, acl_info: AclInfo, millis: int) -> None:
        """Java ``updateAcl`` (5.3.3): AUTH_UPDATE_ACL."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_UPDATE_ACL,
                                                         UpdateAclRequestHeader(subject=acl_info.subject))
        request.body = acl_info.encode()
        self._invoke_auth(addr, request, millis)

    def delete_acl(self, addr: str, subject: Optional[str], resource: Optional[str], millis: int) -> None:
        """Java ``deleteAcl`` (5.3.3): AUTH_DELETE_ACL, the subject's whole ACL or its entry of ``resource``."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_DELETE_ACL,
                                                         DeleteAclRequestHeader(subject=subject, resource=resource))
        self._invoke_auth(addr, request, millis)

    def get_acl(self, addr: str, subject: Optional[str], millis: int) -> Optional[AclInfo]:
        """Java ``getAcl`` (5.3.3): AUTH_GET_ACL; None for a subject without an ACL."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_GET_ACL,
                                                         GetAclRequestHeader(subject=subject))
        body = self._invoke_auth(addr, request, millis).get_body()
        return AclInfo.decode(body) if body is not None else None

    def list_acl(self, addr: str, subject_filter: Optional[str], resource_filter: Optional[str],
                 millis: int) -> Optional[List[AclInfo]]:
        """Java ``listAcl`` (5.3.3): AUTH_LIST_ACL; None when no ACL matches."""
        request = RemotingCommand.create_request_command(RequestCode.AUTH_LIST_ACL, ListAclsRequestHeader(
            subject_filter=subject_filter, resource_filter=resource_filter))
        return _decode_list(self._invoke_auth(addr, request, millis).get_body(), AclInfo)

    def _invoke_auth(self, addr: str, request: RemotingCommand, millis: int) -> RemotingCommand:
        response = self.remoting_client.invoke_sync(addr, request, millis)
        if response.get_code() != ResponseCode.SUCCESS:
            raise MQBrokerException(response.get_code(), response.get_remark(), addr)
        return response

    def send_message(self, addr: str, broker_name: str, msg: "Message", request_header: "SendMessageRequestHeader",
                     timeout_millis: float, communication_mode: CommunicationMode, send_callback: Any = None,
                     topic_publish_info: Optional["TopicPublishInfo"] = None,
                     instance: Optional["MQClientInstance"] = None, retry_times_when_send_failed: int = 0,
                     context: Optional["SendMessageContext"] = None,
                     producer: Any = None) -> Optional["SendResult"]:
        """Java ``sendMessage``: SEND_MESSAGE_V2 (SEND_BATCH_MESSAGE for a :class:`MessageBatch`,
        SEND_REPLY_MESSAGE_V2 for a reply; the long-name codes when ``sendSmartMsg`` is off).

        SYNC returns the :class:`SendResult`; ASYNC returns None and completes ``send_callback``, retrying up
        to ``retry_times_when_send_failed`` times on transport failures (another broker chosen through
        ``producer.select_one_message_queue`` when ``topic_publish_info`` is given); ONEWAY returns None.
        Java's 8-argument overload ``(addr, broker_name, msg, header, timeout, mode, context, producer)`` is
        this method with ``context=`` and ``producer=`` given by keyword.
        """
        begin_start_time = time.monotonic()
        msg_type = msg.get_property(MessageConst.PROPERTY_MESSAGE_TYPE)
        is_reply = msg_type is not None and msg_type == MixAll.REPLY_MESSAGE_FLAG
        if is_reply:
            if SEND_SMART_MSG:
                request_header_v2 = SendMessageRequestHeaderV2.create_send_message_request_header_v2(request_header)
                request = RemotingCommand.create_request_command(RequestCode.SEND_REPLY_MESSAGE_V2, request_header_v2)
            else:
                request = RemotingCommand.create_request_command(RequestCode.SEND_REPLY_MESSAGE, request_header)
        elif SEND_SMART_MSG or isinstance(msg, MessageBatch):
            request_header_v2 = SendMessageRequestHeaderV2.create_send_message_request_header_v2(request_header)
            request = RemotingCommand.create_request_command(
                RequestCode.SEND_BATCH_MESSAGE if isinstance(msg, MessageBatch) else RequestCode.SEND_MESSAGE_V2,
                request_header_v2)
        else:
            request = RemotingCommand.create_request_command(RequestCode.SEND_MESSAGE, request_header)
        request.body = msg.body

        if communication_mode is CommunicationMode.ONEWAY:
            self.remoting_client.invoke_oneway(addr, request, int(timeout_millis))
            return None
        if communication_mode is CommunicationMode.ASYNC:
            times = AtomicInteger()
            cost_time_async = (time.monotonic() - begin_start_time) * 1000
            if timeout_millis < cost_time_async:
                raise RemotingTooMuchRequestException("sendMessage call timeout")
            self._send_message_async(addr, broker_name, msg, timeout_millis - cost_time_async, request,
                                     send_callback, topic_publish_info, instance, retry_times_when_send_failed, times,
                                     context, producer)
            return None
        cost_time_sync = (time.monotonic() - begin_start_time) * 1000
        if timeout_millis < cost_time_sync:
            raise RemotingTooMuchRequestException("sendMessage call timeout")
        return self._send_message_sync(addr, broker_name, msg, timeout_millis - cost_time_sync, request)

    def _send_message_sync(self, addr: str, broker_name: str, msg: "Message", timeout_millis: float,
                           request: RemotingCommand) -> "SendResult":
        """Java ``sendMessageSync``."""
        response = self.remoting_client.invoke_sync(addr, request, int(timeout_millis))
        return self._process_send_response(broker_name, msg, response, addr)

    def _send_message_async(self, addr: Optional[str], broker_name: str, msg: "Message", timeout_millis: float,
                            request: RemotingCommand, send_callback: Any,
                            topic_publish_info: Optional["TopicPublishInfo"], instance: Optional["MQClientInstance"],
                            retry_times_when_send_failed: int, times: AtomicInteger,
                            context: Optional["SendMessageContext"], producer: Any) -> None:
        begin = time.monotonic()
        try:
            self.remoting_client.invoke_async(
                addr, request, int(timeout_millis),
                _SendCallbackInvoke(self, addr, broker_name, msg, timeout_millis,  # type: ignore[arg-type]
                                    request, send_callback, topic_publish_info, instance,
                                    retry_times_when_send_failed, times, context, producer, begin))
        except Exception as ex:
            cost = int((time.monotonic() - begin) * 1000)
            producer.update_fault_item(broker_name, cost, True, False)
            self._on_exception_impl(broker_name, msg, timeout_millis - cost, request, send_callback,
                                    topic_publish_info, instance, retry_times_when_send_failed, times, ex, context,
                                    True, producer)

    def _on_exception_impl(self, broker_name: str, msg: "Message", timeout_millis: float, request: RemotingCommand,
                           send_callback: Any, topic_publish_info: Optional["TopicPublishInfo"],
                           instance: Optional["MQClientInstance"], times_total: int,
                           cur_times: AtomicInteger,
                           e: BaseException, context: Optional["SendMessageContext"], need_retry: bool,
                           producer: Any) -> None:
        """Java ``onExceptionImpl``: resend with a new opaque and the remaining time, or report ``e``."""
        tmp = cur_times.increment_and_get()
        if need_retry and tmp <= times_total:
            retry_broker_name = broker_name
            if topic_publish_info is not None:
                mq_chosen = producer.select_one_message_queue(topic_publish_info, broker_name, False)
                retry_broker_name = instance.get_broker_name_from_message_queue(mq_chosen)  # type: ignore[union-attr]
            addr = instance.find_broker_address_in_publish(retry_broker_name)  # type: ignore[union-attr]
            log.warning("async send msg by retry %d times. topic=%s, brokerAddr=%s, brokerName=%s", tmp,
                        msg.get_topic(), addr, retry_broker_name, exc_info=e)
            request.set_opaque(RemotingCommand.create_new_request_id())
            self._send_message_async(addr, retry_broker_name, msg, timeout_millis, request, send_callback,
                                     topic_publish_info, instance, times_total, cur_times, context, producer)
            return
        if context is not None:
            context.set_exception(e)
            context.get_producer().execute_send_message_hook_after(context)
        try:
            send_callback.on_exception(e)
        except Exception:
            log.warning("SendCallback.on_exception raised", exc_info=True)

    def _process_send_response(self, broker_name: str, msg: "Message", response: RemotingCommand,
                               addr: Optional[str]) -> "SendResult":
        """Java ``processSendResponse``."""
        send_status = _SEND_STATUS_BY_CODE.get(response.code)
        if send_status is None:
            raise MQBrokerException(response.code, response.remark, addr)
        response_header = response.decode_command_custom_header(SendMessageResponseHeader)

        # with a namespace, the topic without it
        topic = msg.topic
        namespace = self.client_config.get_namespace()
        if namespace:
            topic = NamespaceUtil.without_namespace(topic, namespace)

        message_queue = MessageQueue(topic, broker_name, response_header.queue_id)

        uniq_msg_id = MessageClientIDSetter.get_uniq_id(msg)
        if isinstance(msg, MessageBatch) and response_header.batch_uniq_id is None:
            # not an inner batch (5.x): the ids of its messages
            uniq_msg_id = ",".join(MessageClientIDSetter.get_uniq_id(message) or "null" for message in msg)
        send_result = SendResult(send_status, uniq_msg_id, response_header.msg_id, message_queue,
                                 response_header.queue_offset)
        send_result.transaction_id = response_header.transaction_id
        send_result.recall_handle = response_header.recall_handle
        ext_fields = response.ext_fields
        region_id = ext_fields.get(MessageConst.PROPERTY_MSG_REGION) if ext_fields else None
        trace_on = ext_fields.get(MessageConst.PROPERTY_TRACE_SWITCH) if ext_fields else None
        if not region_id:
            region_id = MixAll.DEFAULT_TRACE_REGION_ID
        send_result.trace_on = trace_on != "false"
        send_result.region_id = region_id
        return send_result

    def pull_message(self, addr: str, request_header: "PullMessageRequestHeader", timeout_millis: int,
                     communication_mode: CommunicationMode,
                     pull_callback: Optional["PullCallback"] = None,
                     lite_pull_message: bool = True) -> Optional["PullResult"]:
        """Java ``pullMessage`` (5.3.3): LITE_PULL_MESSAGE for a header with the lite pull flag, else PULL_MESSAGE;
        SYNC returns the :class:`PullResultExt`; ASYNC completes ``pull_callback``. Beyond Java:
        ``lite_pull_message`` False (a broker older than 5.0, which does not know that code) sends PULL_MESSAGE
        whatever the flag, as the 4.9.7 client does."""
        code = (RequestCode.LITE_PULL_MESSAGE
                if lite_pull_message and request_header.sys_flag & PullSysFlag.FLAG_LITE_PULL_MESSAGE
                else RequestCode.PULL_MESSAGE)
        request = RemotingCommand.create_request_command(code, request_header)
        if communication_mode == CommunicationMode.ASYNC:
            self.remoting_client.invoke_async(addr, request, timeout_millis,
                                              _PullCallbackInvoke(self, addr, request, timeout_millis,
                                                                  pull_callback))  # type: ignore[arg-type]
            return None
        if communication_mode == CommunicationMode.SYNC:
            response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
            return self._process_pull_response(response, addr)
        raise ValueError("pull_message does not support %s" % communication_mode)

    @staticmethod
    def _process_pull_response(response: RemotingCommand, addr: str) -> PullResultExt:
        """Java ``processPullResponse``."""
        pull_status = _PULL_STATUS_BY_CODE.get(response.get_code())
        if pull_status is None:
            raise MQBrokerException(response.get_code(), response.get_remark(), addr)
        response_header = response.decode_command_custom_header(PullMessageResponseHeader)
        return PullResultExt(pull_status, response_header.next_begin_offset, response_header.min_offset,
                             response_header.max_offset, None, response_header.suggest_which_broker_id,
                             response.get_body(), response_header.offset_delta)

    # ------------------------------------------------------------------ POP (5.3.3)

    def query_assignment(self, addr: str, topic: str, consumer_group: str, client_id: str, strategy_name: str,
                         message_model: "MessageModel", timeout_millis: int) -> Set["MessageQueueAssignment"]:
        """Java ``queryAssignment``: QUERY_ASSIGNMENT, the queues of ``topic`` the broker assigns ``client_id``
        with the group's request mode. MQBrokerException otherwise (a 4.x broker: REQUEST_CODE_NOT_SUPPORTED)."""
        request_body = QueryAssignmentRequestBody()
        request_body.set_topic(topic)
        request_body.set_consumer_group(consumer_group)
        request_body.set_client_id(client_id)
        request_body.set_message_model(message_model)
        request_body.set_strategy_name(strategy_name)
        request = RemotingCommand.create_request_command(RequestCode.QUERY_ASSIGNMENT, None)
        request.set_body(request_body.encode())
        response = self._invoke_broker(addr, request, timeout_millis)
        body = QueryAssignmentResponseBody.decode(response.get_body())
        return body.get_message_queue_assignments() or set()

    def set_message_request_mode(self, broker_addr: str, topic: str, consumer_group: str,
                                 mode: "MessageRequestMode", pop_share_queue_num: int, timeout_millis: int) -> None:
        """Java ``setMessageRequestMode``: SET_MESSAGE_REQUEST_MODE, the group reads ``topic`` by PULL or POP
        (``pop_share_queue_num`` consumers per queue). MQClientException with the broker's code otherwise."""
        request = RemotingCommand.create_request_command(RequestCode.SET_MESSAGE_REQUEST_MODE, None)
        request_body = SetMessageRequestModeRequestBody()
        request_body.set_topic(topic)
        request_body.set_consumer_group(consumer_group)
        request_body.set_mode(mode)
        request_body.set_pop_share_queue_num(pop_share_queue_num)
        request.set_body(request_body.encode())
        self._invoke_broker(broker_addr, request, timeout_millis, client_exception=True)

    def pop_message_async(self, broker_name: str, addr: str, request_header: PopMessageRequestHeader,
                          timeout_millis: int, pop_callback: "PopCallback") -> None:
        """Java ``popMessageAsync``: POP_MESSAGE; ``pop_callback`` gets the :class:`PopResult` (its messages
        carry their handles) or the exception."""
        request = RemotingCommand.create_request_command(RequestCode.POP_MESSAGE, request_header)
        self.remoting_client.invoke_async(addr, request, timeout_millis, _PopCallbackInvoke(
            self, broker_name, addr, request, request_header, timeout_millis, pop_callback))

    def ack_message_async(self, addr: str, time_out: int, ack_callback: "AckCallback",
                          request_header: Optional["AckMessageRequestHeader"],
                          request_body: Optional[BatchAckMessageRequestBody] = None) -> None:
        """Java ``ackMessageAsync``: ACK_MESSAGE with ``request_header``, or (header None) BATCH_ACK_MESSAGE with
        ``request_body``; ``ack_callback`` gets OK or NO_EXIST."""
        if request_header is not None:
            request = RemotingCommand.create_request_command(RequestCode.ACK_MESSAGE, request_header)
        else:
            request = RemotingCommand.create_request_command(RequestCode.BATCH_ACK_MESSAGE, None)
            if request_body is not None:
                request.set_body(request_body.encode())
        self.remoting_client.invoke_async(addr, request, time_out,
                                          _AckCallbackInvoke(addr, request, time_out, ack_callback))

    def batch_ack_message_async(self, addr: str, time_out: int, ack_callback: "AckCallback", topic: str,
                                consumer_group: str, extra_info_list: List[str]) -> None:
        """Java ``batchAckMessageAsync(addr, timeOut, callback, topic, group, extraInfoList)``: one BATCH_ACK_MESSAGE
        for many handles, merged per (retry, queue, check point offset, pop time) into bit sets of offsets."""
        broker_name = None
        batch_ack_map: Dict[str, BatchAck] = {}
        bit_masks: Dict[str, int] = {}  # Java's BitSet per batch, as an int until it is encoded
        for extra_info in extra_info_list:
            extra_info_data = ExtraInfoUtil.split(extra_info)
            if broker_name is None:
                broker_name = ExtraInfoUtil.get_broker_name(extra_info_data)
            ck_queue_offset = ExtraInfoUtil.get_ck_queue_offset(extra_info_data)
            merge_key = "%s@%s@%s@%s" % (ExtraInfoUtil.get_retry(extra_info_data),
                                         ExtraInfoUtil.get_queue_id(extra_info_data), ck_queue_offset,
                                         ExtraInfoUtil.get_pop_time(extra_info_data))
            if merge_key not in batch_ack_map:
                b_ack = BatchAck()
                b_ack.set_consumer_group(consumer_group)
                b_ack.set_topic(topic)
                b_ack.set_retry(ExtraInfoUtil.get_retry(extra_info_data))
                b_ack.set_start_offset(ck_queue_offset)
                b_ack.set_queue_id(ExtraInfoUtil.get_queue_id(extra_info_data))
                b_ack.set_revive_queue_id(ExtraInfoUtil.get_revive_qid(extra_info_data))
                b_ack.set_pop_time(ExtraInfoUtil.get_pop_time(extra_info_data))
                b_ack.set_invisible_time(ExtraInfoUtil.get_invisible_time(extra_info_data))
                batch_ack_map[merge_key] = b_ack
                bit_masks[merge_key] = 0
            bit_masks[merge_key] |= 1 << (ExtraInfoUtil.get_queue_offset(extra_info_data) - ck_queue_offset)
        for merge_key, b_ack in batch_ack_map.items():
            mask = bit_masks[merge_key]
            b_ack.set_bit_set(mask.to_bytes((mask.bit_length() + 7) // 8, "little"))
        request_body = BatchAckMessageRequestBody()
        request_body.set_broker_name(broker_name)
        request_body.set_acks(list(batch_ack_map.values()))
        self.ack_message_async(addr, time_out, ack_callback, None, request_body)

    def change_invisible_time_async(self, broker_name: str, addr: str,
                                    request_header: "ChangeInvisibleTimeRequestHeader", timeout_millis: int,
                                    ack_callback: "AckCallback") -> None:
        """Java ``changeInvisibleTimeAsync``: CHANGE_MESSAGE_INVISIBLETIME; on OK the :class:`AckResult` carries
        the new pop time and the message's new handle."""
        request = RemotingCommand.create_request_command(RequestCode.CHANGE_MESSAGE_INVISIBLETIME, request_header)
        self.remoting_client.invoke_async(addr, request, timeout_millis, _AckCallbackInvoke(
            addr, request, timeout_millis, ack_callback, broker_name, request_header))

    def _process_pop_response(self, broker_name: str, response: RemotingCommand, topic: str,
                              request_header: "CommandCustomHeader") -> PopResult:
        """Java ``processPopResponse``: FOUND decodes the messages and gives each its handle (``POP_CK``: check
        point offset, pop time, invisible time, revive queue, topic, broker, queue, offset) and
        ``FIRST_POP_TIME``; POLLING_FULL, POLLING_TIMEOUT and PULL_NOT_FOUND are statuses; other codes raise
        MQBrokerException. (Java's LMQ branch is left out with the LMQ dispatch this port does not have.)"""
        code = response.get_code()
        msg_found_list: List["MessageExt"] = []
        if code == ResponseCode.SUCCESS:
            pop_status = PopStatus.FOUND
            msg_found_list = MessageDecoder.decodes(response.get_body() or b"")
        elif code == ResponseCode.POLLING_FULL:
            pop_status = PopStatus.POLLING_FULL
        elif code == ResponseCode.POLLING_TIMEOUT or code == ResponseCode.PULL_NOT_FOUND:
            pop_status = PopStatus.POLLING_NOT_FOUND
        else:
            raise MQBrokerException(code, response.get_remark())
        pop_result = PopResult(pop_status, msg_found_list if pop_status is PopStatus.FOUND else None)
        response_header = response.decode_command_custom_header(PopMessageResponseHeader)
        pop_result.set_rest_num(response_header.get_rest_num())
        if pop_status is not PopStatus.FOUND:
            return pop_result
        is_pop = isinstance(request_header, PopMessageRequestHeader)
        start_offset_info = msg_offset_info = order_count_info = None
        pop_time = response_header.get_pop_time()
        invisible_time = response_header.get_invisible_time()
        revive_qid = response_header.get_revive_qid()
        if is_pop:
            pop_result.set_invisible_time(invisible_time)
            pop_result.set_pop_time(pop_time)
            start_offset_info = ExtraInfoUtil.parse_start_offset_info(response_header.get_start_offset_info())
            msg_offset_info = ExtraInfoUtil.parse_msg_offset_info(response_header.get_msg_offset_info())
            order_count_info = ExtraInfoUtil.parse_order_count_info(response_header.get_order_count_info())
        sort_map = self._build_queue_offset_sorted_map(msg_found_list)
        ck_by_queue: Dict[str, str] = {}
        namespace_topic = NamespaceUtil.without_namespace(topic, self.client_config.get_namespace())
        for message_ext in msg_found_list:
            if is_pop:
                props = message_ext.get_properties()
                if start_offset_info is None:
                    key = message_ext.get_topic() + str(message_ext.get_queue_id())
                    if key not in ck_by_queue:
                        ck_by_queue[key] = ExtraInfoUtil.build_extra_info(
                            message_ext.get_queue_offset(), pop_time, invisible_time, revive_qid,
                            message_ext.get_topic(), broker_name, message_ext.get_queue_id())
                    props[MessageConst.PROPERTY_POP_CK] = (ck_by_queue[key] + MessageConst.KEY_SEPARATOR
                                                           + str(message_ext.get_queue_offset()))
                elif props.get(MessageConst.PROPERTY_POP_CK) is None:
                    queue_id_key = ExtraInfoUtil.get_start_offset_info_map_key(message_ext.get_topic(),
                                                                               message_ext.get_queue_id())
                    queue_offset_key = ExtraInfoUtil.get_queue_offset_map_key(
                        message_ext.get_topic(), message_ext.get_queue_id(), message_ext.get_queue_offset())
                    index = sort_map[queue_id_key].index(message_ext.get_queue_offset())
                    msg_queue_offset = msg_offset_info[queue_id_key][index]  # type: ignore[index]
                    if msg_queue_offset != message_ext.get_queue_offset():
                        log.warning("Queue offset[%s] of msg is strange, not equal to the stored in msg, %s",
                                    msg_queue_offset, message_ext)
                    props[MessageConst.PROPERTY_POP_CK] = ExtraInfoUtil.build_extra_info(
                        start_offset_info[queue_id_key], pop_time, invisible_time, revive_qid,
                        message_ext.get_topic(), broker_name, message_ext.get_queue_id(), msg_queue_offset)
                    if request_header.is_order() and order_count_info is not None:  # type: ignore[attr-defined]
                        count = order_count_info.get(queue_offset_key)
                        if count is None:
                            count = order_count_info.get(queue_id_key)
                        if count is not None and count > 0:
                            message_ext.set_reconsume_times(count)
                props.setdefault(MessageConst.PROPERTY_FIRST_POP_TIME, str(pop_time))
            message_ext.set_broker_name(broker_name)
            message_ext.set_topic(namespace_topic)
        return pop_result

    @staticmethod
    def _build_queue_offset_sorted_map(msg_found_list: List["MessageExt"]) -> Dict[str, List[int]]:
        """Java ``buildQueueOffsetSortedMap``: per ``retryMark@queueId`` (the handle tells a pop retry, since the
        broker may rewrite the topic) the popped offsets in answer order."""
        sort_map: Dict[str, List[int]] = {}
        for message_ext in msg_found_list:
            key = ExtraInfoUtil.get_start_offset_info_map_key(
                message_ext.get_topic(), message_ext.get_property(MessageConst.PROPERTY_POP_CK),
                message_ext.get_queue_id())
            sort_map.setdefault(key, []).append(message_ext.get_queue_offset())
        return sort_map

    def _invoke_broker(self, addr: str, request: RemotingCommand, timeout_millis: int,
                       client_exception: bool = False, vip: bool = True) -> RemotingCommand:
        """invokeSync through the VIP channel (``addr`` itself when not ``vip``); the response when SUCCESS, else
        the exception the Java method throws: :class:`MQBrokerException` with the address, or
        :class:`MQClientException` (``client_exception``)."""
        response = self.remoting_client.invoke_sync(self._vip(addr) if vip else addr, request, timeout_millis)
        if response.get_code() != ResponseCode.SUCCESS:
            if client_exception:
                raise MQClientException(response.get_code(), response.get_remark())
            raise MQBrokerException(response.get_code(), response.get_remark(), addr)
        return response

    def view_message(self, addr: str, phyoffset: int, timeout_millis: int) -> "MessageExt":
        """Java ``viewMessage``: VIEW_MESSAGE_BY_ID at a commit-log offset."""
        request_header = ViewMessageRequestHeader()
        request_header.set_offset(phyoffset)
        request = RemotingCommand.create_request_command(RequestCode.VIEW_MESSAGE_BY_ID, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        message_ext = MessageDecoder.client_decode(response.get_body() or b"", True)
        if message_ext is None:
            raise MQClientException(ResponseCode.SYSTEM_ERROR, "the VIEW_MESSAGE_BY_ID response of %s at offset %d "
                                    "holds no message" % (addr, phyoffset))
        namespace = self.client_config.get_namespace()
        if namespace:
            message_ext.topic = NamespaceUtil.without_namespace(message_ext.topic, namespace)
        return message_ext

    def search_offset(self, addr: str, mq: MessageQueue, timestamp: int, timeout_millis: int) -> int:
        """Java ``searchOffset``: SEARCH_OFFSET_BY_TIMESTAMP."""
        request_header = SearchOffsetRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_timestamp(timestamp)
        request_header.set_bname(mq.get_broker_name())
        request = RemotingCommand.create_request_command(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(SearchOffsetResponseHeader).get_offset()

    def get_max_offset(self, addr: str, mq: MessageQueue, timeout_millis: int) -> int:
        """Java ``getMaxOffset``: GET_MAX_OFFSET."""
        request_header = GetMaxOffsetRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_bname(mq.get_broker_name())
        request = RemotingCommand.create_request_command(RequestCode.GET_MAX_OFFSET, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(GetMaxOffsetResponseHeader).get_offset()

    def get_consumer_id_list_by_group(self, addr: str, consumer_group: str, timeout_millis: int) -> List[str]:
        """Java ``getConsumerIdListByGroup``: GET_CONSUMER_LIST_BY_GROUP."""
        request_header = GetConsumerListByGroupRequestHeader()
        request_header.set_consumer_group(consumer_group)
        request = RemotingCommand.create_request_command(RequestCode.GET_CONSUMER_LIST_BY_GROUP, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS and response.get_body() is not None:
            return GetConsumerListByGroupResponseBody.decode(response.get_body()).get_consumer_id_list()
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def get_min_offset(self, addr: str, mq: MessageQueue, timeout_millis: int) -> int:
        """Java ``getMinOffset``: GET_MIN_OFFSET."""
        request_header = GetMinOffsetRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_bname(mq.get_broker_name())
        request = RemotingCommand.create_request_command(RequestCode.GET_MIN_OFFSET, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(GetMinOffsetResponseHeader).get_offset()

    def get_earliest_msg_storetime(self, addr: str, mq: MessageQueue, timeout_millis: int) -> int:
        """Java ``getEarliestMsgStoretime``: GET_EARLIEST_MSG_STORETIME."""
        request_header = GetEarliestMsgStoretimeRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_bname(mq.get_broker_name())
        request = RemotingCommand.create_request_command(RequestCode.GET_EARLIEST_MSG_STORETIME, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(GetEarliestMsgStoretimeResponseHeader).get_timestamp()

    def query_consumer_offset(self, addr: str, request_header: "QueryConsumerOffsetRequestHeader",
                              timeout_millis: int) -> int:
        """Java ``queryConsumerOffset``: QUERY_CONSUMER_OFFSET (no stored offset: MQBrokerException
        ``QUERY_NOT_FOUND``)."""
        request = RemotingCommand.create_request_command(RequestCode.QUERY_CONSUMER_OFFSET, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(QueryConsumerOffsetResponseHeader).get_offset()

    def update_consumer_offset(self, addr: str, request_header: "UpdateConsumerOffsetRequestHeader",
                               timeout_millis: int) -> None:
        """Java ``updateConsumerOffset``: UPDATE_CONSUMER_OFFSET, waiting for the answer."""
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_CONSUMER_OFFSET, request_header)
        self._invoke_broker(addr, request, timeout_millis)

    def update_consumer_offset_oneway(self, addr: str, request_header: "UpdateConsumerOffsetRequestHeader",
                                      timeout_millis: int) -> None:
        """Java ``updateConsumerOffsetOneway``."""
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_CONSUMER_OFFSET, request_header)
        self.remoting_client.invoke_oneway(self._vip(addr), request, timeout_millis)

    def send_heartbeat(self, addr: str, heartbeat_data: "HeartbeatData", timeout_millis: int) -> int:
        """Java ``sendHeartbeat``: HEART_BEAT with the configured language; returns the broker's version."""
        request = RemotingCommand.create_request_command(RequestCode.HEART_BEAT, None)
        request.set_language(self.client_config.language)
        request.set_body(heartbeat_data.encode())
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return response.get_version()
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def send_heartbeat_v2(self, addr: str, heartbeat_data: "HeartbeatData", timeout_millis: int) -> HeartbeatV2Result:
        """Java ``sendHeartbeatV2`` (5.3.3): HEART_BEAT as :meth:`send_heartbeat`, answered with the broker's
        version and its v2 flags (both False from a broker without heartbeat v2)."""
        request = RemotingCommand.create_request_command(RequestCode.HEART_BEAT, None)
        request.set_language(self.client_config.language)
        request.set_body(heartbeat_data.encode())
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            ext_fields = response.get_ext_fields()
            if ext_fields is not None:
                return HeartbeatV2Result(response.get_version(), parse_bool(ext_fields.get(MixAll.IS_SUB_CHANGE)),
                                         parse_bool(ext_fields.get(MixAll.IS_SUPPORT_HEART_BEAT_V2)))
            return HeartbeatV2Result(response.get_version(), False, False)
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def unregister_client(self, addr: str, client_id: str, producer_group: Optional[str],
                          consumer_group: Optional[str], timeout_millis: int) -> None:
        """Java ``unregisterClient``: UNREGISTER_CLIENT."""
        request_header = UnregisterClientRequestHeader()
        request_header.set_client_id(client_id)
        request_header.set_producer_group(producer_group)
        request_header.set_consumer_group(consumer_group)
        request = RemotingCommand.create_request_command(RequestCode.UNREGISTER_CLIENT, request_header)
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        if response.get_code() != ResponseCode.SUCCESS:
            raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def end_transaction_oneway(self, addr: Optional[str], request_header: "EndTransactionRequestHeader",
                               remark: Optional[str], timeout_millis: int) -> None:
        """Java ``endTransactionOneway``: END_TRANSACTION, one-way, with ``remark``."""
        request = RemotingCommand.create_request_command(RequestCode.END_TRANSACTION, request_header)
        request.set_remark(remark)
        self.remoting_client.invoke_oneway(addr, request, timeout_millis)

    def recall_message(self, addr: str, request_header: RecallMessageRequestHeader, timeout_millis: int) -> str:
        """Java 5.3.3 ``recallMessage``: RECALL_MESSAGE (370); the recalled message's unique key, or
        MQBrokerException with the broker's code and remark."""
        request = RemotingCommand.create_request_command(RequestCode.RECALL_MESSAGE, request_header)
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return response.decode_command_custom_header(RecallMessageResponseHeader).msg_id
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def recall_message_async(self, addr: str, request_header: RecallMessageRequestHeader, timeout_millis: int,
                             invoke_callback: InvokeCallback) -> None:
        """Java 5.3.3 ``recallMessageAsync``: RECALL_MESSAGE, ``invoke_callback`` gets the response (decode it
        with :class:`RecallMessageResponseHeader` on SUCCESS)."""
        request = RemotingCommand.create_request_command(RequestCode.RECALL_MESSAGE, request_header)
        self.remoting_client.invoke_async(addr, request, timeout_millis, invoke_callback)

    def query_message(self, addr: str, request_header: "QueryMessageRequestHeader", timeout_millis: int,
                      invoke_callback: InvokeCallback, is_unique_key: bool) -> None:
        """Java ``queryMessage``: QUERY_MESSAGE (async) with extField ``_UNIQUE_KEY_QUERY``."""
        request = RemotingCommand.create_request_command(RequestCode.QUERY_MESSAGE, request_header)
        request.add_ext_field(MixAll.UNIQUE_MSG_QUERY_FLAG, "true" if is_unique_key else "false")
        self.remoting_client.invoke_async(self._vip(addr), request, timeout_millis, invoke_callback)

    def register_client(self, addr: str, heartbeat: "HeartbeatData", timeout_millis: int) -> bool:
        """Java ``registerClient``: a HEART_BEAT; True on SUCCESS."""
        request = RemotingCommand.create_request_command(RequestCode.HEART_BEAT, None)
        request.set_body(heartbeat.encode())
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        return response.get_code() == ResponseCode.SUCCESS

    def consumer_send_message_back(self, addr: str, broker_name: Optional[str], msg: "MessageExt",
                                   consumer_group: str, delay_level: int, timeout_millis: int,
                                   max_consume_retry_times: int) -> None:
        """Java ``consumerSendMessageBack``: CONSUMER_SEND_MSG_BACK."""
        request_header = ConsumerSendMsgBackRequestHeader()
        request = RemotingCommand.create_request_command(RequestCode.CONSUMER_SEND_MSG_BACK, request_header)
        request_header.set_group(consumer_group)
        request_header.set_origin_topic(msg.get_topic())
        request_header.set_offset(msg.get_commit_log_offset())
        request_header.set_delay_level(delay_level)
        request_header.set_origin_msg_id(msg.get_msg_id())
        request_header.set_max_reconsume_times(max_consume_retry_times)
        request_header.set_bname(broker_name)
        self._invoke_broker(addr, request, timeout_millis)

    def lock_batch_mq(self, addr: str, request_body: "LockBatchRequestBody",
                      timeout_millis: int) -> Set[MessageQueue]:
        """Java ``lockBatchMQ``: LOCK_BATCH_MQ; the queues locked."""
        request = RemotingCommand.create_request_command(RequestCode.LOCK_BATCH_MQ, None)
        request.set_body(request_body.encode())
        response = self._invoke_broker(addr, request, timeout_millis)
        return LockBatchResponseBody.decode(response.get_body()).get_lock_okmq_set()

    def unlock_batch_mq(self, addr: str, request_body: "UnlockBatchRequestBody", timeout_millis: int,
                        oneway: bool) -> None:
        """Java ``unlockBatchMQ``: UNLOCK_BATCH_MQ, one-way or waiting for SUCCESS."""
        request = RemotingCommand.create_request_command(RequestCode.UNLOCK_BATCH_MQ, None)
        request.set_body(request_body.encode())
        if oneway:
            self.remoting_client.invoke_oneway(addr, request, timeout_millis)
        else:
            self._invoke_broker(addr, request, timeout_millis)

    def get_topic_stats_info(self, addr: str, topic: str, timeout_millis: int) -> TopicStatsTable:
        """Java ``getTopicStatsInfo``: GET_TOPIC_STATS_INFO."""
        request_header = GetTopicStatsInfoRequestHeader()
        request_header.set_topic(topic)
        request = RemotingCommand.create_request_command(RequestCode.GET_TOPIC_STATS_INFO, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return TopicStatsTable.decode(response.get_body())

    def get_consume_stats(self, addr: str, consumer_group: str, timeout_millis: int,
                          topic: Optional[str] = None) -> ConsumeStats:
        """Java ``getConsumeStats`` (both overloads): GET_CONSUME_STATS."""
        request_header = GetConsumeStatsRequestHeader()
        request_header.set_consumer_group(consumer_group)
        request_header.set_topic(topic)
        request = RemotingCommand.create_request_command(RequestCode.GET_CONSUME_STATS, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return ConsumeStats.decode(response.get_body())

    def get_producer_connection_list(self, addr: str, producer_group: str,
                                     timeout_millis: int) -> ProducerConnection:
        """Java ``getProducerConnectionList``: GET_PRODUCER_CONNECTION_LIST."""
        request_header = GetProducerConnectionListRequestHeader()
        request_header.set_producer_group(producer_group)
        request = RemotingCommand.create_request_command(RequestCode.GET_PRODUCER_CONNECTION_LIST, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return ProducerConnection.decode(response.get_body())

    def get_all_producer_info(self, addr: str, timeout_millis: int) -> ProducerTableInfo:
        """Java ``getAllProducerInfo``: GET_ALL_PRODUCER_INFO."""
        request = RemotingCommand.create_request_command(RequestCode.GET_ALL_PRODUCER_INFO,
                                                         GetAllProducerInfoRequestHeader())
        response = self._invoke_broker(addr, request, timeout_millis)
        return ProducerTableInfo.decode(response.get_body())

    def get_consumer_connection_list(self, addr: str, consumer_group: str,
                                     timeout_millis: int) -> ConsumerConnection:
        """Java ``getConsumerConnectionList``: GET_CONSUMER_CONNECTION_LIST."""
        request_header = GetConsumerConnectionListRequestHeader()
        request_header.set_consumer_group(consumer_group)
        request = RemotingCommand.create_request_command(RequestCode.GET_CONSUMER_CONNECTION_LIST, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return ConsumerConnection.decode(response.get_body())

    def get_broker_runtime_info(self, addr: str, timeout_millis: int) -> KVTable:
        """Java ``getBrokerRuntimeInfo``: GET_BROKER_RUNTIME_INFO."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_RUNTIME_INFO, None)
        response = self._invoke_broker(addr, request, timeout_millis)
        return KVTable.decode(response.get_body())


    def update_broker_config(self, addr: str, properties: Dict[str, str], timeout_millis: int) -> None:
        """Java ``updateBrokerConfig``: UPDATE_BROKER_CONFIG with the properties text (nothing sent when empty)."""
        text = MixAll.properties2string(properties)
        if text:
            request = RemotingCommand.create_request_command(RequestCode.UPDATE_BROKER_CONFIG, None)
            request.set_body(text.encode("utf-8"))
            self._invoke_broker(addr, request, timeout_millis)

    def get_broker_config(self, addr: str, timeout_millis: int) -> Optional[Dict[str, str]]:
        """Java ``getBrokerConfig``: GET_BROKER_CONFIG, the broker's settings as properties."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_CONFIG, None)
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return MixAll.string2properties((response.get_body() or b"").decode("utf-8"))
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def get_broker_cluster_info(self, timeout_millis: int) -> ClusterInfo:
        """Java ``getBrokerClusterInfo``: GET_BROKER_CLUSTER_INFO from a name server."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_CLUSTER_INFO, None)
        response = self.remoting_client.invoke_sync(None, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return ClusterInfo.decode(response.get_body())
        raise MQBrokerException(response.get_code(), response.get_remark())

    def get_default_topic_route_info_from_name_server(self, topic: str, timeout_millis: int) -> TopicRouteData:
        """Java ``getDefaultTopicRouteInfoFromNameServer``: like :meth:`get_topic_route_info_from_name_server`
        without the "not exist" warning."""
        return self.get_topic_route_info_from_name_server(topic, timeout_millis, False)

    def get_topic_route_info_from_name_server(self, topic: str, timeout_millis: int,
                                              allow_topic_not_exist: bool = True) -> TopicRouteData:
        """Java ``getTopicRouteInfoFromNameServer``: GET_ROUTEINFO_BY_TOPIC; any answer but SUCCESS with a body
        raises :class:`MQClientException` with the name server's code and remark (TOPIC_NOT_EXIST included)."""
        request_header = GetRouteInfoRequestHeader()
        request_header.set_topic(topic)
        request = RemotingCommand.create_request_command(RequestCode.GET_ROUTEINFO_BY_TOPIC, request_header)
        response = self.remoting_client.invoke_sync(None, request, timeout_millis)
        code = response.get_code()
        if code == ResponseCode.TOPIC_NOT_EXIST:
            if allow_topic_not_exist:
                log.info("get Topic [%s] RouteInfoFromNameServer is not exist value", topic)  # Java: warn; expected
        elif code == ResponseCode.SUCCESS:
            body = response.get_body()
            if body is not None:
                return TopicRouteData.decode(body)
        raise MQClientException(code, response.get_remark())

    def get_topic_list_from_name_server(self, timeout_millis: int) -> TopicList:
        """Java ``getTopicListFromNameServer``: GET_ALL_TOPIC_LIST_FROM_NAMESERVER."""
        request = RemotingCommand.create_request_command(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, None)
        response = self.remoting_client.invoke_sync(None, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS and response.get_body() is not None:
            return TopicList.decode(response.get_body())
        raise MQClientException(response.get_code(), response.get_remark())

    def wipe_write_perm_of_broker(self, namesrv_addr: str, broker_name: str, timeout_millis: int) -> int:
        """Java ``wipeWritePermOfBroker``: WIPE_WRITE_PERM_OF_BROKER at one name server; the topics changed."""
        header = WipeWritePermOfBrokerRequestHeader()
        header.set_broker_name(broker_name)
        return self._write_perm(namesrv_addr, RequestCode.WIPE_WRITE_PERM_OF_BROKER, header, timeout_millis,
                                WipeWritePermOfBrokerResponseHeader).get_wipe_topic_count()

    def add_write_perm_of_broker(self, namesrv_addr: str, broker_name: str, timeout_millis: int) -> int:
        """Java ``addWritePermOfBroker``: ADD_WRITE_PERM_OF_BROKER at one name server; the topics changed."""
        header = AddWritePermOfBrokerRequestHeader()
        header.set_broker_name(broker_name)
        return self._write_perm(namesrv_addr, RequestCode.ADD_WRITE_PERM_OF_BROKER, header, timeout_millis,
                                AddWritePermOfBrokerResponseHeader).get_add_topic_count()

    def _write_perm(self, namesrv_addr: str, request_code: int, header: CommandCustomHeader, timeout_millis: int,
                    response_header_class: type) -> Any:
        request = RemotingCommand.create_request_command(request_code, header)
        response = self.remoting_client.invoke_sync(namesrv_addr, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return response.decode_command_custom_header(response_header_class)
        raise MQClientException(response.get_code(), response.get_remark())

    def delete_topic_in_broker(self, addr: str, topic: str, timeout_millis: int) -> None:
        """Java ``deleteTopicInBroker``: DELETE_TOPIC_IN_BROKER."""
        header = DeleteTopicRequestHeader()
        header.set_topic(topic)
        request = RemotingCommand.create_request_command(RequestCode.DELETE_TOPIC_IN_BROKER, header)
        self._invoke_broker(addr, request, timeout_millis, client_exception=True)

    def delete_topic_in_name_server(self, addr: str, topic: str, cluster_name: Optional[str],
                                    timeout_millis: int) -> None:
        """Java ``deleteTopicInNameServer``: DELETE_TOPIC_IN_NAMESRV at one name server (only the brokers of
        ``cluster_name`` when given)."""
        header = DeleteTopicFromNamesrvRequestHeader()
        header.set_topic(topic)
        header.set_cluster_name(cluster_name)
        request = RemotingCommand.create_request_command(RequestCode.DELETE_TOPIC_IN_NAMESRV, header)
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        if response.get_code() != ResponseCode.SUCCESS:
            raise MQClientException(response.get_code(), response.get_remark())

    def delete_subscription_group(self, addr: str, group_name: str, remove_offset: bool,
                                  timeout_millis: int) -> None:
        """Java ``deleteSubscriptionGroup``: DELETE_SUBSCRIPTIONGROUP (its offsets too when ``remove_offset``)."""
        header = DeleteSubscriptionGroupRequestHeader()
        header.set_group_name(group_name)
        header.set_remove_offset(remove_offset)
        request = RemotingCommand.create_request_command(RequestCode.DELETE_SUBSCRIPTIONGROUP, header)
        self._invoke_broker(addr, request, timeout_millis, client_exception=True)

    def get_kv_config_value(self, namespace: str, key: str, timeout_millis: int) -> Optional[str]:
        """Java ``getKVConfigValue``: GET_KV_CONFIG."""
        request_header = GetKVConfigRequestHeader()
        request_header.set_namespace(namespace)
        request_header.set_key(key)
        request = RemotingCommand.create_request_command(RequestCode.GET_KV_CONFIG, request_header)
        response = self.remoting_client.invoke_sync(None, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return response.decode_command_custom_header(GetKVConfigResponseHeader).get_value()
        raise MQClientException(response.get_code(), response.get_remark())

    def put_kv_config_value(self, namespace: str, key: str, value: str, timeout_millis: int) -> None:
        """Java ``putKVConfigValue``: PUT_KV_CONFIG to every name server; the last failure is raised."""
        request_header = PutKVConfigRequestHeader()
        request_header.set_namespace(namespace)
        request_header.set_key(key)
        request_header.set_value(value)
        request = RemotingCommand.create_request_command(RequestCode.PUT_KV_CONFIG, request_header)
        err_response = None
        for namesrv_addr in self.remoting_client.get_name_server_address_list() or ():
            response = self.remoting_client.invoke_sync(namesrv_addr, request, timeout_millis)
            if response.get_code() != ResponseCode.SUCCESS:
                err_response = response
        if err_response is not None:
            raise MQClientException(err_response.get_code(), err_response.get_remark())

    def _each_name_server(self, request: RemotingCommand, timeout_millis: int) -> None:
        err_response = None
        for namesrv_addr in self.remoting_client.get_name_server_address_list() or ():
            response = self.remoting_client.invoke_sync(namesrv_addr, request, timeout_millis)
            if response.get_code() != ResponseCode.SUCCESS:
                err_response = response
        if err_response is not None:
            raise MQClientException(err_response.get_code(), err_response.get_remark())

    def delete_kv_config_value(self, namespace: str, key: str, timeout_millis: int) -> None:
        """Java ``deleteKVConfigValue``: DELETE_KV_CONFIG at every name server; the last failure is raised."""
        header = DeleteKVConfigRequestHeader()
        header.set_namespace(namespace)
        header.set_key(key)
        self._each_name_server(RemotingCommand.create_request_command(RequestCode.DELETE_KV_CONFIG, header),
                               timeout_millis)

    def get_kv_list_by_namespace(self, namespace: str, timeout_millis: int) -> KVTable:
        """Java ``getKVListByNamespace``: GET_KVLIST_BY_NAMESPACE."""
        header = GetKVListByNamespaceRequestHeader()
        header.set_namespace(namespace)
        request = RemotingCommand.create_request_command(RequestCode.GET_KVLIST_BY_NAMESPACE, header)
        response = self.remoting_client.invoke_sync(None, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return KVTable.decode(response.get_body())
        raise MQClientException(response.get_code(), response.get_remark())

    def invoke_broker_to_reset_offset(self, addr: str, topic: str, group: str, timestamp: int, is_force: bool,
                                      timeout_millis: int, is_c: bool = False) -> Dict[MessageQueue, int]:
        """Java ``invokeBrokerToResetOffset``: INVOKE_BROKER_TO_RESET_OFFSET (language CPP when ``is_c``); the
        broker tells the online clients and answers the new offsets."""
        request_header = ResetOffsetRequestHeader()
        request_header.set_topic(topic)
        request_header.set_group(group)
        request_header.set_timestamp(timestamp)
        request_header.set_force(is_force)
        request = RemotingCommand.create_request_command(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, request_header)
        if is_c:
            request.set_language(LanguageCode.CPP)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS and response.get_body() is not None:
            return ResetOffsetBody.decode(response.get_body()).offset_table
        raise MQClientException(response.get_code(), response.get_remark())

    def invoke_broker_to_get_consumer_status(self, addr: str, topic: str, group: str, client_addr: Optional[str],
                                             timeout_millis: int) -> Dict[str, Dict[MessageQueue, int]]:
        """Java ``invokeBrokerToGetConsumerStatus``: INVOKE_BROKER_TO_GET_CONSUMER_STATUS (the broker asks each
        client of the group, or only ``client_addr``)."""
        header = GetConsumerStatusRequestHeader()
        header.set_topic(topic)
        header.set_group(group)
        header.set_client_addr(client_addr)
        request = RemotingCommand.create_request_command(RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS, header)
        response = self._invoke_broker(addr, request, timeout_millis, client_exception=True)
        if response.get_body() is None:
            raise MQClientException(response.get_code(), response.get_remark())
        return GetConsumerStatusBody.decode(response.get_body()).consumer_table or {}

    def query_topic_consume_by_who(self, addr: str, topic: str, timeout_millis: int) -> GroupList:
        """Java ``queryTopicConsumeByWho``: QUERY_TOPIC_CONSUME_BY_WHO."""
        request_header = QueryTopicConsumeByWhoRequestHeader()
        request_header.set_topic(topic)
        request = RemotingCommand.create_request_command(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return GroupList.decode(response.get_body())

    def query_consume_time_span(self, addr: str, topic: str, group: str,
                                timeout_millis: int) -> List[QueueTimeSpan]:
        """Java ``queryConsumeTimeSpan``: QUERY_CONSUME_TIME_SPAN."""
        request_header = QueryConsumeTimeSpanRequestHeader()
        request_header.set_topic(topic)
        request_header.set_group(group)
        request = RemotingCommand.create_request_command(RequestCode.QUERY_CONSUME_TIME_SPAN, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return list(QueryConsumeTimeSpanBody.decode(response.get_body()).consume_time_span_set or ())

    def get_topics_by_cluster(self, cluster: str, timeout_millis: int) -> TopicList:
        """Java ``getTopicsByCluster``: GET_TOPICS_BY_CLUSTER."""
        header = GetTopicsByClusterRequestHeader()
        header.set_cluster(cluster)
        request = RemotingCommand.create_request_command(RequestCode.GET_TOPICS_BY_CLUSTER, header)
        response = self.remoting_client.invoke_sync(None, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS and response.get_body() is not None:
            return TopicList.decode(response.get_body())
        raise MQClientException(response.get_code(), response.get_remark())

    def get_system_topic_list_from_broker(self, addr: str, timeout_millis: int) -> TopicList:
        """Java ``getSystemTopicListFromBroker``: GET_SYSTEM_TOPIC_LIST_FROM_BROKER."""
        request = RemotingCommand.create_request_command(RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER, None)
        return TopicList.decode(self._invoke_broker(addr, request, timeout_millis, client_exception=True).get_body())

    def clean_expired_consume_queue(self, addr: str, timeout_millis: int) -> bool:
        """Java ``cleanExpiredConsumeQueue``: CLEAN_EXPIRED_CONSUMEQUEUE."""
        return self._broker_action(addr, RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE, timeout_millis)

    def delete_expired_commit_log(self, addr: str, timeout_millis: int) -> bool:
        """Java ``deleteExpiredCommitLog``: DELETE_EXPIRED_COMMITLOG."""
        return self._broker_action(addr, RequestCode.DELETE_EXPIRED_COMMITLOG, timeout_millis)

    def clean_unused_topic_by_addr(self, addr: str, timeout_millis: int) -> bool:
        """Java ``cleanUnusedTopicByAddr``: CLEAN_UNUSED_TOPIC."""
        return self._broker_action(addr, RequestCode.CLEAN_UNUSED_TOPIC, timeout_millis)

    def _broker_action(self, addr: str, request_code: int, timeout_millis: int) -> bool:
        # a request without header or body: True on SUCCESS, MQClientException otherwise
        request = RemotingCommand.create_request_command(request_code, None)
        self._invoke_broker(addr, request, timeout_millis, client_exception=True)
        return True

    def get_consumer_running_info(self, addr: str, consumer_group: str, client_id: str, jstack: bool,
                                  timeout_millis: int) -> ConsumerRunningInfo:
        """Java ``getConsumerRunningInfo``: GET_CONSUMER_RUNNING_INFO through a broker to ``client_id``."""
        request_header = GetConsumerRunningInfoRequestHeader()
        request_header.set_consumer_group(consumer_group)
        request_header.set_client_id(client_id)
        request_header.set_jstack_enable(jstack)
        request = RemotingCommand.create_request_command(RequestCode.GET_CONSUMER_RUNNING_INFO, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS and response.get_body() is not None:
            return ConsumerRunningInfo.decode(response.get_body())
        raise MQClientException(response.get_code(), response.get_remark())

    def consume_message_directly(self, addr: str, consumer_group: str, client_id: Optional[str], msg_id: str,
                                 timeout_millis: int) -> ConsumeMessageDirectlyResult:
        """Java ``consumeMessageDirectly``: CONSUME_MESSAGE_DIRECTLY through a broker."""
        request_header = ConsumeMessageDirectlyResultRequestHeader()
        request_header.set_consumer_group(consumer_group)
        request_header.set_client_id(client_id)
        request_header.set_msg_id(msg_id)
        request = RemotingCommand.create_request_command(RequestCode.CONSUME_MESSAGE_DIRECTLY, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS and response.get_body() is not None:
            return ConsumeMessageDirectlyResult.decode(response.get_body())
        raise MQClientException(response.get_code(), response.get_remark())

    def clone_group_offset(self, addr: str, src_group: str, dest_group: str, topic: str, is_offline: bool,
                           timeout_millis: int) -> None:
        """Java ``cloneGroupOffset``: CLONE_GROUP_OFFSET."""
        header = CloneGroupOffsetRequestHeader()
        header.set_src_group(src_group)
        header.set_dest_group(dest_group)
        header.set_topic(topic)
        header.set_offline(is_offline)
        request = RemotingCommand.create_request_command(RequestCode.CLONE_GROUP_OFFSET, header)
        self._invoke_broker(addr, request, timeout_millis, client_exception=True)

    def view_broker_stats_data(self, broker_addr: str, stats_name: str, stats_key: str,
                               timeout_millis: int) -> BrokerStatsData:
        """Java ``viewBrokerStatsData``: VIEW_BROKER_STATS_DATA."""
        header = ViewBrokerStatsDataRequestHeader()
        header.set_stats_name(stats_name)
        header.set_stats_key(stats_key)
        request = RemotingCommand.create_request_command(RequestCode.VIEW_BROKER_STATS_DATA, header)
        response = self._invoke_broker(broker_addr, request, timeout_millis, client_exception=True)
        if response.get_body() is None:
            raise MQClientException(response.get_code(), response.get_remark())
        return BrokerStatsData.decode(response.get_body())

    def get_cluster_list(self, topic: str, timeout_millis: int) -> Set[str]:
        """Java ``getClusterList``: always empty in Java 4.9.7 (kept for the API)."""
        return set()

    def fetch_consume_stats_in_broker(self, broker_addr: str, is_order: bool,
                                      timeout_millis: int) -> ConsumeStatsList:
        """Java ``fetchConsumeStatsInBroker``: GET_BROKER_CONSUME_STATS."""
        header = GetConsumeStatsInBrokerHeader()
        header.set_order(is_order)
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_CONSUME_STATS, header)
        response = self._invoke_broker(broker_addr, request, timeout_millis, client_exception=True)
        if response.get_body() is None:
            raise MQClientException(response.get_code(), response.get_remark())
        return ConsumeStatsList.decode(response.get_body())

    def get_all_subscription_group(self, broker_addr: str, timeout_millis: int) -> SubscriptionGroupWrapper:
        """Java ``getAllSubscriptionGroup``: GET_ALL_SUBSCRIPTIONGROUP_CONFIG."""
        request = RemotingCommand.create_request_command(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG, None)
        response = self._invoke_broker(broker_addr, request, timeout_millis)
        return SubscriptionGroupWrapper.decode(response.get_body())

    def get_all_topic_config(self, addr: str, timeout_millis: int) -> TopicConfigSerializeWrapper:
        """Java ``getAllTopicConfig``: GET_ALL_TOPIC_CONFIG."""
        request = RemotingCommand.create_request_command(RequestCode.GET_ALL_TOPIC_CONFIG, None)
        response = self._invoke_broker(addr, request, timeout_millis)
        return TopicConfigSerializeWrapper.decode(response.get_body())

    def update_name_server_config(self, properties: Dict[str, str], name_servers: Optional[List[str]],
                                  timeout_millis: int) -> None:
        """Java ``updateNameServerConfig``: UPDATE_NAMESRV_CONFIG at ``name_servers`` (all when none given)."""
        text = MixAll.properties2string(properties)
        servers = name_servers or self.remoting_client.get_name_server_address_list()
        if not text or not servers:
            return
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_NAMESRV_CONFIG, None)
        request.set_body(text.encode("utf-8"))
        self._invoke_all(servers, request, timeout_millis)

    def _invoke_all(self, servers: List[str], request: RemotingCommand, timeout_millis: int) -> None:
        """``request`` to every server in turn; the last failure as MQClientException once all were asked (the
        configuration updates of name servers and controllers)."""
        err_response = None
        for server in servers:
            response = self.remoting_client.invoke_sync(server, request, timeout_millis)
            if response.get_code() != ResponseCode.SUCCESS:
                err_response = response
        if err_response is not None:
            raise MQClientException(err_response.get_code(), err_response.get_remark())

    def get_name_server_config(self, name_servers: Optional[List[str]],
                               timeout_millis: int) -> Optional[Dict[str, Dict[str, str]]]:
        """Java ``getNameServerConfig``: GET_NAMESRV_CONFIG of each name server (all when none given)."""
        servers = name_servers or self.remoting_client.get_name_server_address_list()
        if not servers:
            return None
        request = RemotingCommand.create_request_command(RequestCode.GET_NAMESRV_CONFIG, None)
        config_map: Dict[str, Dict[str, str]] = {}
        for name_server in servers:
            response = self.remoting_client.invoke_sync(name_server, request, timeout_millis)
            if response.get_code() != ResponseCode.SUCCESS:
                raise MQClientException(response.get_code(), response.get_remark())
            config_map[name_server] = MixAll.string2properties((response.get_body() or b"").decode("utf-8")) or {}
        return config_map

    def query_consume_queue(self, broker_addr: str, topic: str, queue_id: int, index: int, count: int,
                            consumer_group: Optional[str], timeout_millis: int) -> QueryConsumeQueueResponseBody:
        """Java ``queryConsumeQueue``: QUERY_CONSUME_QUEUE."""
        header = QueryConsumeQueueRequestHeader()
        header.set_topic(topic)
        header.set_queue_id(queue_id)
        header.set_index(index)
        header.set_count(count)
        header.set_consumer_group(consumer_group)
        request = RemotingCommand.create_request_command(RequestCode.QUERY_CONSUME_QUEUE, header)
        response = self._invoke_broker(broker_addr, request, timeout_millis, client_exception=True)
        return QueryConsumeQueueResponseBody.decode(response.get_body())

    def check_client_in_broker(self, broker_addr: str, consumer_group: str, client_id: str,
                               subscription_data: "SubscriptionData", timeout_millis: int) -> None:
        """Java ``checkClientInBroker``: CHECK_CLIENT_CONFIG (the broker validates a SQL92 subscription)."""
        request = RemotingCommand.create_request_command(RequestCode.CHECK_CLIENT_CONFIG, None)
        request_body = CheckClientRequestBody()
        request_body.set_client_id(client_id)
        request_body.set_group(consumer_group)
        request_body.set_subscription_data(subscription_data)
        request.set_body(request_body.encode())
        response = self.remoting_client.invoke_sync(self._vip(broker_addr), request, timeout_millis)
        if response.get_code() != ResponseCode.SUCCESS:
            raise MQClientException(response.get_code(), response.get_remark())

    def resume_check_half_message(self, addr: str, msg_id: str, timeout_millis: int) -> bool:
        """Java ``resumeCheckHalfMessage``: RESUME_CHECK_HALF_MESSAGE; False (logged) unless SUCCESS."""
        request_header = ResumeCheckHalfMessageRequestHeader()
        request_header.set_msg_id(msg_id)
        request = RemotingCommand.create_request_command(RequestCode.RESUME_CHECK_HALF_MESSAGE, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return True
        log.error("Failed to resume half message check logic. Remark=%s", response.get_remark())
        return False

    # ------------------------------------------------------------------ 5.3.3: the new mqadmin commands

    def add_broker(self, addr: str, broker_config_path: str, timeout_millis: int) -> None:
        """Java ``addBroker`` (5.3.3): ADD_BROKER, a broker container starts a broker from the configuration at
        ``broker_config_path`` (a broker answers REQUEST_CODE_NOT_SUPPORTED: MQBrokerException)."""
        request_header = AddBrokerRequestHeader()
        request_header.set_config_path(broker_config_path)
        request = RemotingCommand.create_request_command(RequestCode.ADD_BROKER, request_header)
        self._invoke_broker(addr, request, timeout_millis, vip=False)

    def remove_broker(self, addr: str, cluster_name: str, broker_name: str, broker_id: int,
                      timeout_millis: int) -> None:
        """Java ``removeBroker`` (5.3.3): REMOVE_BROKER, a broker container stops one of its brokers."""
        request_header = RemoveBrokerRequestHeader()
        request_header.set_broker_cluster_name(cluster_name)
        request_header.set_broker_name(broker_name)
        request_header.set_broker_id(broker_id)
        request = RemotingCommand.create_request_command(RequestCode.REMOVE_BROKER, request_header)
        self._invoke_broker(addr, request, timeout_millis, vip=False)

    def check_rocksdb_cq_write_progress(self, broker_addr: str, topic: str, check_store_time: int,
                                        timeout_millis: int) -> CheckRocksdbCqWriteResult:
        """Java ``checkRocksdbCqWriteProgress`` (5.3.3): CHECK_ROCKSDB_CQ_WRITE_PROGRESS, the broker compares its
        RocksDB consume queues with the file ones in the background (MQClientException unless SUCCESS)."""
        header = CheckRocksdbCqWriteProgressRequestHeader()
        header.set_topic(topic)
        header.set_check_store_time(check_store_time)
        request = RemotingCommand.create_request_command(RequestCode.CHECK_ROCKSDB_CQ_WRITE_PROGRESS, header)
        response = self._invoke_broker(broker_addr, request, timeout_millis, client_exception=True, vip=False)
        return CheckRocksdbCqWriteResult.decode(response.get_body())

    def set_commit_log_read_ahead_mode(self, addr: str, mode: str, timeout_millis: int) -> Optional[str]:
        """Java ``setCommitLogReadAheadMode`` (5.3.3): SET_COMMITLOG_READ_MODE with the mode ("0" normal, "1"
        random) as the ``READ_AHEAD_MODE`` ext field; the broker's remark (None when empty)."""
        request = RemotingCommand.create_request_command(RequestCode.SET_COMMITLOG_READ_MODE, None)
        request.set_ext_fields({FIleReadaheadMode.READ_AHEAD_MODE: mode})
        response = self._invoke_broker(addr, request, timeout_millis, vip=False)
        return response.get_remark() or None

    def export_pop_record(self, broker_addr: str, timeout: int) -> None:
        """Java ``exportPopRecord`` (5.3.3): POP_ROLLBACK, the broker moves its POP consumer records from its
        RocksDB store to the file store (a broker without that store just answers SUCCESS)."""
        request = RemotingCommand.create_request_command(RequestCode.POP_ROLLBACK, None)
        self._invoke_broker(broker_addr, request, timeout, vip=False)

    def get_broker_epoch_cache(self, broker_addr: str) -> EpochEntryCache:
        """Java ``getBrokerEpochCache`` (5.3.3): GET_BROKER_EPOCH_CACHE (3 s); a broker outside controller mode
        answers SYSTEM_ERROR "this request only for controllerMode " (MQBrokerException)."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_EPOCH_CACHE, None)
        response = self._invoke_broker(broker_addr, request, 3000, vip=False)
        return EpochEntryCache.decode(response.get_body())

    def get_cold_data_flow_ctr_info(self, addr: str, timeout_millis: int) -> Optional[str]:
        """Java ``getColdDataFlowCtrInfo`` (5.3.3): GET_COLD_DATA_FLOW_CTR_INFO, the broker's cold read flow
        control tables as JSON text (None without a body)."""
        request = RemotingCommand.create_request_command(RequestCode.GET_COLD_DATA_FLOW_CTR_INFO, None)
        response = self._invoke_broker(addr, request, timeout_millis, vip=False)
        body = response.get_body()
        return body.decode("utf-8") if body else None

    def update_cold_data_flow_ctr_group_config(self, addr: str, properties: Dict[str, str],
                                               timeout_millis: int) -> None:
        """Java ``updateColdDataFlowCtrGroupConfig`` (5.3.3): UPDATE_COLD_DATA_FLOW_CTR_CONFIG, each group's cold
        read threshold as ``group=threshold`` properties (nothing sent when empty)."""
        text = MixAll.properties2string(properties)
        if text:
            request = RemotingCommand.create_request_command(RequestCode.UPDATE_COLD_DATA_FLOW_CTR_CONFIG, None)
            request.set_body(text.encode("utf-8"))
            self._invoke_broker(addr, request, timeout_millis)

    def remove_cold_data_flow_ctr_group_config(self, addr: str, consumer_group: str, timeout_millis: int) -> None:
        """Java ``removeColdDataFlowCtrGroupConfig`` (5.3.3): REMOVE_COLD_DATA_FLOW_CTR_CONFIG with the group as
        the body (nothing sent for an empty group)."""
        if consumer_group:
            request = RemotingCommand.create_request_command(RequestCode.REMOVE_COLD_DATA_FLOW_CTR_CONFIG, None)
            request.set_body(consumer_group.encode("utf-8"))
            self._invoke_broker(addr, request, timeout_millis)

    def get_controller_config(self, controller_servers: Optional[List[str]],
                              timeout_millis: int) -> Optional[Dict[str, Dict[str, str]]]:
        """Java ``getControllerConfig`` (5.3.3): GET_CONTROLLER_CONFIG of each controller (the name servers when
        none given); MQClientException when one does not answer SUCCESS (a name server or broker without a
        controller answers REQUEST_CODE_NOT_SUPPORTED)."""
        servers = controller_servers or self.remoting_client.get_name_server_address_list()
        if not servers:
            return None
        request = RemotingCommand.create_request_command(RequestCode.GET_CONTROLLER_CONFIG, None)
        config_map: Dict[str, Dict[str, str]] = {}
        for controller in servers:
            response = self._invoke_broker(controller, request, timeout_millis, client_exception=True, vip=False)
            config_map[controller] = MixAll.string2properties((response.get_body() or b"").decode("utf-8")) or {}
        return config_map

    def update_controller_config(self, properties: Dict[str, str], controllers: Optional[List[str]],
                                 timeout_millis: int) -> None:
        """Java ``updateControllerConfig`` (5.3.3): UPDATE_CONTROLLER_CONFIG at every controller; the last failure
        as MQClientException once all were asked."""
        text = MixAll.properties2string(properties)
        if not text or not controllers:
            return
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_CONTROLLER_CONFIG, None)
        request.set_body(text.encode("utf-8"))
        self._invoke_all(controllers, request, timeout_millis)

    def get_controller_meta_data(self, controller_address: str) -> GetMetaDataResponseHeader:
        """Java ``getControllerMetaData`` (5.3.3): CONTROLLER_GET_METADATA_INFO (3 s), the controller group and its
        leader (MQBrokerException unless SUCCESS)."""
        request = RemotingCommand.create_request_command(RequestCode.CONTROLLER_GET_METADATA_INFO, None)
        response = self._invoke_broker(controller_address, request, 3000, vip=False)
        return cast(GetMetaDataResponseHeader, response.decode_command_custom_header(GetMetaDataResponseHeader))

    def _controller_leader(self, controller_addr: str) -> str:
        """The controller leader's address, from :meth:`get_controller_meta_data`."""
        leader_address = self.get_controller_meta_data(controller_addr).get_controller_leader_address()
        if leader_address is None:
            raise MQClientException(ResponseCode.SYSTEM_ERROR, "the controller %s knows no leader: retry once the "
                                    "controllers elected one" % controller_addr)
        return leader_address

    def get_in_sync_state_data(self, controller_address: str, brokers: List[str]) -> BrokerReplicasInfo:
        """Java ``getInSyncStateData`` (5.3.3): CONTROLLER_GET_SYNC_STATE_DATA at the controller leader, the
        replicas of each broker name."""
        request = RemotingCommand.create_request_command(RequestCode.CONTROLLER_GET_SYNC_STATE_DATA, None)
        request.set_body(fastjson.dumps(list(brokers)).encode("utf-8"))
        response = self._invoke_broker(self._controller_leader(controller_address), request, 3000, vip=False)
        return BrokerReplicasInfo.decode(response.get_body())

    def elect_master(self, controller_addr: str, cluster_name: str, broker_name: str,
                     broker_id: int) -> Tuple[ElectMasterResponseHeader, Optional[BrokerMemberGroup]]:
        """Java ``electMaster`` (5.3.3): CONTROLLER_ELECT_MASTER at the controller leader (an operator's election
        of ``broker_id``); the new master and the replica group."""
        request = RemotingCommand.create_request_command(
            RequestCode.CONTROLLER_ELECT_MASTER,
            ElectMasterRequestHeader.of_admin_trigger(cluster_name, broker_name, broker_id))
        response = self._invoke_broker(self._controller_leader(controller_addr), request, 3000, vip=False)
        body = response.get_body()
        member_group = BrokerMemberGroup.decode(body) if body else None
        return (cast(ElectMasterResponseHeader, response.decode_command_custom_header(ElectMasterResponseHeader)),
                member_group)

    def clean_controller_broker_data(self, controller_addr: str, cluster_name: Optional[str], broker_name: str,
                                     broker_controller_ids_to_clean: Optional[str],
                                     is_clean_living_broker: bool) -> None:
        """Java ``cleanControllerBrokerData`` (5.3.3): CLEAN_BROKER_DATA at the controller leader."""
        header = CleanControllerBrokerDataRequestHeader(
            cluster_name=cluster_name, broker_name=broker_name,
            broker_controller_ids_to_clean=broker_controller_ids_to_clean,
            is_clean_living_broker=is_clean_living_broker)
        request = RemotingCommand.create_request_command(RequestCode.CLEAN_BROKER_DATA, header)
        self._invoke_broker(self._controller_leader(controller_addr), request, 3000, vip=False)

    def get_broker_ha_status(self, broker_addr: str, timeout_millis: int) -> HARuntimeInfo:
        """Java ``getBrokerHAStatus`` (5.3.3): GET_BROKER_HA_STATUS, a master's slaves or a slave's replication."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_HA_STATUS, None)
        response = self._invoke_broker(broker_addr, request, timeout_millis, vip=False)
        return HARuntimeInfo.decode(response.get_body())

    def reset_master_flush_offset(self, broker_addr: str, master_flush_offset: int) -> None:
        """Java ``resetMasterFlushOffset`` (5.3.3): RESET_MASTER_FLUSH_OFFSET (3 s); a master ignores it."""
        request_header = ResetMasterFlushOffsetHeader()
        request_header.set_master_flush_offset(master_flush_offset)
        request = RemotingCommand.create_request_command(RequestCode.RESET_MASTER_FLUSH_OFFSET, request_header)
        self._invoke_broker(broker_addr, request, 3000, vip=False)

    def export_rocks_db_config_to_json(self, broker_addr: str, config_type: List[ConfigType],
                                       timeout_millis: int) -> None:
        """Java ``exportRocksDBConfigToJson`` (5.3.3): EXPORT_ROCKSDB_CONFIG_TO_JSON, the broker writes the kv
        configs it keeps in RocksDB to its JSON files (MQClientException unless SUCCESS)."""
        header = ExportRocksDBConfigToJsonRequestHeader()
        header.update_config_type(config_type)
        request = RemotingCommand.create_request_command(RequestCode.EXPORT_ROCKSDB_CONFIG_TO_JSON, header)
        self._invoke_broker(broker_addr, request, timeout_millis, client_exception=True, vip=False)

    def create_subscription_group_list(self, address: str, configs: List["SubscriptionGroupConfig"],
                                       timeout_millis: int) -> None:
        """Java ``createSubscriptionGroupList`` (5.3.3): UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST."""
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST, None)
        request.set_body(SubscriptionGroupList(group_config_list=list(configs)).encode())
        self._invoke_broker(address, request, timeout_millis, client_exception=True)

    def create_topic_list(self, address: str, topic_config_list: List["TopicConfig"], timeout_millis: int) -> None:
        """Java ``createTopicList`` (5.3.3): UPDATE_AND_CREATE_TOPIC_LIST."""
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_TOPIC_LIST,
                                                         CreateTopicListRequestHeader())
        request.set_body(CreateTopicListRequestBody(topic_config_list=list(topic_config_list)).encode())
        self._invoke_broker(address, request, timeout_millis, client_exception=True)

    def invoke_broker_to_reset_offset_by_queue_id(self, addr: str, topic: str, group: str, timestamp: int,
                                                  queue_id: int, offset: Optional[int],
                                                  timeout_millis: int) -> Dict[MessageQueue, int]:
        """Java 5.3.3 ``invokeBrokerToResetOffset(addr, topic, group, timestamp, queueId, offset, timeout)``:
        INVOKE_BROKER_TO_RESET_OFFSET of one queue (``queue_id``) to ``offset`` (None: the offset of
        ``timestamp``), on a 5.x broker that resets offsets itself; its answer's new offsets. MQClientException
        with the broker's code and remark otherwise (also for an answer without a body, as Java)."""
        request_header = ResetOffsetRequestHeader()
        request_header.set_topic(topic)
        request_header.set_group(group)
        request_header.set_queue_id(queue_id)
        request_header.set_timestamp(timestamp)
        request_header.set_offset(offset)
        request = RemotingCommand.create_request_command(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS and response.get_body() is not None:
            return ResetOffsetBody.decode(response.get_body()).offset_table
        if response.get_code() in (ResponseCode.TOPIC_NOT_EXIST, ResponseCode.SUBSCRIPTION_NOT_EXIST,
                                   ResponseCode.SYSTEM_ERROR):
            log.warning("Invoke broker to reset offset error code=%s, remark=%s", response.get_code(),
                        response.get_remark())
        raise MQClientException(response.get_code(), response.get_remark())

    def search_offset_by_queue_id(self, addr: str, topic: str, queue_id: int, timestamp: int,
                                  timeout_millis: int) -> int:
        """Java 5.3.3 ``searchOffset(addr, topic, queueId, timestamp, timeout)``: SEARCH_OFFSET_BY_TIMESTAMP of a
        queue given by id only (no broker name, no boundary type: the broker's default, the lower one)."""
        request_header = SearchOffsetRequestHeader()
        request_header.set_topic(topic)
        request_header.set_queue_id(queue_id)
        request_header.set_timestamp(timestamp)
        request = RemotingCommand.create_request_command(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(SearchOffsetResponseHeader).get_offset()

    def update_and_get_group_forbidden(self, addr: str, request_header: "UpdateGroupForbiddenRequestHeader",
                                       timeout_millis: int) -> "GroupForbidden":
        """Java 5.3.3 ``updateAndGetGroupForbidden``: UPDATE_AND_GET_GROUP_FORBIDDEN, the group's read permission
        on the topic changed (when the header's ``readable`` is set) and answered."""
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_GET_GROUP_FORBIDDEN, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return GroupForbidden.decode(response.get_body())
