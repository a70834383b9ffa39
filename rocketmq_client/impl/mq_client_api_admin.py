"""Name-server and admin requests of Java ``MQClientAPIImpl`` (routes, topic list, cluster info, topic and
subscription-group creation, client checks, consumer diagnostics); a base class of
:class:`~rocketmq_client.impl.mq_client_api_impl.MQClientAPIImpl`."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set

from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.acl_config import AclConfig
from rocketmq_common.data_version import DataVersion
from rocketmq_common.protocol.body.broker_stats_data import BrokerStatsData
from rocketmq_common.protocol.body.cluster_acl_version_info import ClusterAclVersionInfo
from rocketmq_common.protocol.body.consume_stats_list import ConsumeStatsList
from rocketmq_common.protocol.body.get_broker_cluster_acl_config_response_body import \
    GetBrokerClusterAclConfigResponseBody
from rocketmq_common.protocol.body.get_consumer_status_body import GetConsumerStatusBody
from rocketmq_common.protocol.body.producer_table_info import ProducerTableInfo
from rocketmq_common.protocol.body.query_consume_queue_response_body import QueryConsumeQueueResponseBody
from rocketmq_common.protocol.body.subscription_group_wrapper import SubscriptionGroupWrapper
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.header.clone_group_offset_request_header import CloneGroupOffsetRequestHeader
from rocketmq_common.protocol.header.create_access_config_request_header import CreateAccessConfigRequestHeader
from rocketmq_common.protocol.header.delete_access_config_request_header import DeleteAccessConfigRequestHeader
from rocketmq_common.protocol.header.delete_subscription_group_request_header import \
    DeleteSubscriptionGroupRequestHeader
from rocketmq_common.protocol.header.delete_topic_request_header import DeleteTopicRequestHeader
from rocketmq_common.protocol.header.get_all_producer_info_request_header import GetAllProducerInfoRequestHeader
from rocketmq_common.protocol.header.get_broker_acl_config_response_header import GetBrokerAclConfigResponseHeader
from rocketmq_common.protocol.header.get_consume_stats_in_broker_header import GetConsumeStatsInBrokerHeader
from rocketmq_common.protocol.header.get_consumer_status_request_header import GetConsumerStatusRequestHeader
from rocketmq_common.protocol.header.get_topics_by_cluster_request_header import GetTopicsByClusterRequestHeader
from rocketmq_common.protocol.header.namesrv.add_write_perm_of_broker_request_header import (
    AddWritePermOfBrokerRequestHeader, AddWritePermOfBrokerResponseHeader)
from rocketmq_common.protocol.header.namesrv.delete_kv_config_request_header import DeleteKVConfigRequestHeader
from rocketmq_common.protocol.header.namesrv.delete_topic_from_namesrv_request_header import \
    DeleteTopicFromNamesrvRequestHeader
from rocketmq_common.protocol.header.namesrv.get_kv_list_by_namespace_request_header import \
    GetKVListByNamespaceRequestHeader
from rocketmq_common.protocol.header.namesrv.wipe_write_perm_of_broker_request_header import (
    WipeWritePermOfBrokerRequestHeader, WipeWritePermOfBrokerResponseHeader)
from rocketmq_common.protocol.header.query_consume_queue_request_header import QueryConsumeQueueRequestHeader
from rocketmq_common.protocol.header.update_global_white_addrs_config_request_header import \
    UpdateGlobalWhiteAddrsConfigRequestHeader
from rocketmq_common.protocol.header.view_broker_stats_data_request_header import ViewBrokerStatsDataRequestHeader
from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.check_client_request_body import CheckClientRequestBody
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.body.group_list import GroupList
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.body.producer_connection import ProducerConnection
from rocketmq_common.protocol.body.query_consume_time_span_body import QueryConsumeTimeSpanBody
from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
from rocketmq_common.protocol.body.reset_offset_body import ResetOffsetBody
from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.header.consume_message_directly_result_request_header import \
    ConsumeMessageDirectlyResultRequestHeader
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.header.get_consume_stats_request_header import GetConsumeStatsRequestHeader
from rocketmq_common.protocol.header.get_consumer_connection_list_request_header import \
    GetConsumerConnectionListRequestHeader
from rocketmq_common.protocol.header.get_consumer_running_info_request_header import \
    GetConsumerRunningInfoRequestHeader
from rocketmq_common.protocol.header.get_producer_connection_list_request_header import \
    GetProducerConnectionListRequestHeader
from rocketmq_common.protocol.header.get_topic_stats_info_request_header import GetTopicStatsInfoRequestHeader
from rocketmq_common.protocol.header.namesrv.get_kv_config_request_header import (GetKVConfigRequestHeader,
                                                                                   GetKVConfigResponseHeader)
from rocketmq_common.protocol.header.namesrv.get_route_info_request_header import GetRouteInfoRequestHeader
from rocketmq_common.protocol.header.namesrv.put_kv_config_request_header import PutKVConfigRequestHeader
from rocketmq_common.protocol.header.query_consume_time_span_request_header import QueryConsumeTimeSpanRequestHeader
from rocketmq_common.protocol.header.query_topic_consume_by_who_request_header import \
    QueryTopicConsumeByWhoRequestHeader
from rocketmq_common.protocol.header.reset_offset_request_header import ResetOffsetRequestHeader
from rocketmq_common.protocol.header.resume_check_half_message_request_header import \
    ResumeCheckHalfMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_command import LanguageCode, RemotingCommand
from rocketmq_remoting.protocol.remoting_serializable import to_json_value

if TYPE_CHECKING:
    from rocketmq_acl.plain.plain_access_config import PlainAccessConfig
    from rocketmq_client.client_config import ClientConfig
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
    from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
    from rocketmq_common.topic_config import TopicConfig
    from rocketmq_remoting.remoting_client import RemotingClient

__all__ = ["MQClientAPIAdmin"]

log = logging.getLogger(__name__)


class MQClientAPIAdmin:
    """See the module docstring (needs ``remoting_client`` and ``client_config`` from the subclass)."""

    remoting_client: "RemotingClient"
    client_config: "ClientConfig"

    def _vip(self, addr: str) -> str:
        return MixAll.broker_vip_channel(self.client_config.vip_channel_enabled, addr)

    # ------------------------------------------------------------------ name server

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
                log.warning("get Topic [%s] RouteInfoFromNameServer is not exist value", topic)
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

    def get_broker_cluster_info(self, timeout_millis: int) -> ClusterInfo:
        """Java ``getBrokerClusterInfo``: GET_BROKER_CLUSTER_INFO from a name server."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_CLUSTER_INFO, None)
        response = self.remoting_client.invoke_sync(None, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return ClusterInfo.decode(response.get_body())
        raise MQBrokerException(response.get_code(), response.get_remark())

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

    # ------------------------------------------------------------------ topics and groups

    def create_subscription_group(self, addr: str, config: "SubscriptionGroupConfig", timeout_millis: int) -> None:
        """Java ``createSubscriptionGroup``: UPDATE_AND_CREATE_SUBSCRIPTIONGROUP."""
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, None)
        request.set_body(fastjson.dumps(to_json_value(config)).encode("utf-8"))
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() != ResponseCode.SUCCESS:
            raise MQClientException(response.get_code(), response.get_remark())

    def create_topic(self, addr: str, default_topic: str, topic_config: "TopicConfig", timeout_millis: int) -> None:
        """Java ``createTopic``: UPDATE_AND_CREATE_TOPIC with the topic config in the header."""
        request_header = CreateTopicRequestHeader()
        request_header.set_topic(topic_config.get_topic_name())
        request_header.set_default_topic(default_topic)
        request_header.set_read_queue_nums(topic_config.get_read_queue_nums())
        request_header.set_write_queue_nums(topic_config.get_write_queue_nums())
        request_header.set_perm(topic_config.get_perm())
        request_header.set_topic_filter_type(topic_config.get_topic_filter_type().name)
        request_header.set_topic_sys_flag(topic_config.get_topic_sys_flag())
        request_header.set_order(topic_config.is_order())
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_TOPIC, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() != ResponseCode.SUCCESS:
            raise MQClientException(response.get_code(), response.get_remark())

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

    # ------------------------------------------------------------------ statistics and connections

    def get_topic_stats_info(self, addr: str, topic: str, timeout_millis: int) -> TopicStatsTable:
        """Java ``getTopicStatsInfo``: GET_TOPIC_STATS_INFO."""
        request_header = GetTopicStatsInfoRequestHeader()
        request_header.set_topic(topic)
        request = RemotingCommand.create_request_command(RequestCode.GET_TOPIC_STATS_INFO, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return TopicStatsTable.decode(response.get_body())
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def get_broker_runtime_info(self, addr: str, timeout_millis: int) -> KVTable:
        """Java ``getBrokerRuntimeInfo``: GET_BROKER_RUNTIME_INFO."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_RUNTIME_INFO, None)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return KVTable.decode(response.get_body())
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def query_topic_consume_by_who(self, addr: str, topic: str, timeout_millis: int) -> GroupList:
        """Java ``queryTopicConsumeByWho``: QUERY_TOPIC_CONSUME_BY_WHO."""
        request_header = QueryTopicConsumeByWhoRequestHeader()
        request_header.set_topic(topic)
        request = RemotingCommand.create_request_command(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return GroupList.decode(response.get_body())
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

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

    def get_consume_stats(self, addr: str, consumer_group: str, timeout_millis: int,
                          topic: Optional[str] = None) -> ConsumeStats:
        """Java ``getConsumeStats`` (both overloads): GET_CONSUME_STATS."""
        request_header = GetConsumeStatsRequestHeader()
        request_header.set_consumer_group(consumer_group)
        request_header.set_topic(topic)
        request = RemotingCommand.create_request_command(RequestCode.GET_CONSUME_STATS, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return ConsumeStats.decode(response.get_body())
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def query_consume_time_span(self, addr: str, topic: str, group: str,
                                timeout_millis: int) -> List[QueueTimeSpan]:
        """Java ``queryConsumeTimeSpan``: QUERY_CONSUME_TIME_SPAN."""
        request_header = QueryConsumeTimeSpanRequestHeader()
        request_header.set_topic(topic)
        request_header.set_group(group)
        request = RemotingCommand.create_request_command(RequestCode.QUERY_CONSUME_TIME_SPAN, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return list(QueryConsumeTimeSpanBody.decode(response.get_body()).consume_time_span_set or ())
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def get_producer_connection_list(self, addr: str, producer_group: str,
                                     timeout_millis: int) -> ProducerConnection:
        """Java ``getProducerConnectionList``: GET_PRODUCER_CONNECTION_LIST."""
        request_header = GetProducerConnectionListRequestHeader()
        request_header.set_producer_group(producer_group)
        request = RemotingCommand.create_request_command(RequestCode.GET_PRODUCER_CONNECTION_LIST, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return ProducerConnection.decode(response.get_body())
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def get_consumer_connection_list(self, addr: str, consumer_group: str,
                                     timeout_millis: int) -> ConsumerConnection:
        """Java ``getConsumerConnectionList``: GET_CONSUMER_CONNECTION_LIST."""
        request_header = GetConsumerConnectionListRequestHeader()
        request_header.set_consumer_group(consumer_group)
        request = RemotingCommand.create_request_command(RequestCode.GET_CONSUMER_CONNECTION_LIST, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return ConsumerConnection.decode(response.get_body())
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

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

    # ------------------------------------------------------------------ mqadmin: brokers and name servers

    def _invoke_broker_ok(self, addr: str, request: RemotingCommand, timeout_millis: int,
                          broker_exception: bool = False) -> RemotingCommand:
        """Send ``request`` to the broker ``addr`` (its VIP channel when enabled); the response when SUCCESS, else
        Java's exception of that call (MQClientException, or MQBrokerException with the address)."""
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() != ResponseCode.SUCCESS:
            if broker_exception:
                raise MQBrokerException(response.get_code(), response.get_remark(), addr)
            raise MQClientException(response.get_code(), response.get_remark())
        return response

    def update_broker_config(self, addr: str, properties: Dict[str, str], timeout_millis: int) -> None:
        """Java ``updateBrokerConfig``: UPDATE_BROKER_CONFIG with the properties text (nothing sent when empty)."""
        text = MixAll.properties2string(properties)
        if text:
            request = RemotingCommand.create_request_command(RequestCode.UPDATE_BROKER_CONFIG, None)
            request.set_body(text.encode("utf-8"))
            self._invoke_broker_ok(addr, request, timeout_millis, broker_exception=True)

    def get_broker_config(self, addr: str, timeout_millis: int) -> Optional[Dict[str, str]]:
        """Java ``getBrokerConfig``: GET_BROKER_CONFIG, the broker's settings as properties."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_CONFIG, None)
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return MixAll.string2properties((response.get_body() or b"").decode("utf-8"))
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

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

    def _write_perm(self, namesrv_addr: str, request_code: int, header: object, timeout_millis: int,
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
        self._invoke_broker_ok(addr, RemotingCommand.create_request_command(RequestCode.DELETE_TOPIC_IN_BROKER,
                                                                            header), timeout_millis)

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
        self._invoke_broker_ok(addr, RemotingCommand.create_request_command(RequestCode.DELETE_SUBSCRIPTIONGROUP,
                                                                            header), timeout_millis)

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
        return TopicList.decode(self._invoke_broker_ok(addr, request, timeout_millis).get_body())

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
        self._invoke_broker_ok(addr, RemotingCommand.create_request_command(request_code, None), timeout_millis)
        return True

    def clone_group_offset(self, addr: str, src_group: str, dest_group: str, topic: str, is_offline: bool,
                           timeout_millis: int) -> None:
        """Java ``cloneGroupOffset``: CLONE_GROUP_OFFSET."""
        header = CloneGroupOffsetRequestHeader()
        header.set_src_group(src_group)
        header.set_dest_group(dest_group)
        header.set_topic(topic)
        header.set_offline(is_offline)
        self._invoke_broker_ok(addr, RemotingCommand.create_request_command(RequestCode.CLONE_GROUP_OFFSET, header),
                               timeout_millis)

    def view_broker_stats_data(self, broker_addr: str, stats_name: str, stats_key: str,
                               timeout_millis: int) -> BrokerStatsData:
        """Java ``viewBrokerStatsData``: VIEW_BROKER_STATS_DATA."""
        header = ViewBrokerStatsDataRequestHeader()
        header.set_stats_name(stats_name)
        header.set_stats_key(stats_key)
        request = RemotingCommand.create_request_command(RequestCode.VIEW_BROKER_STATS_DATA, header)
        response = self._invoke_broker_ok(broker_addr, request, timeout_millis)
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
        response = self._invoke_broker_ok(broker_addr, request, timeout_millis)
        if response.get_body() is None:
            raise MQClientException(response.get_code(), response.get_remark())
        return ConsumeStatsList.decode(response.get_body())

    def get_all_subscription_group(self, broker_addr: str, timeout_millis: int) -> SubscriptionGroupWrapper:
        """Java ``getAllSubscriptionGroup``: GET_ALL_SUBSCRIPTIONGROUP_CONFIG."""
        request = RemotingCommand.create_request_command(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG, None)
        response = self._invoke_broker_ok(broker_addr, request, timeout_millis, broker_exception=True)
        return SubscriptionGroupWrapper.decode(response.get_body())

    def get_all_topic_config(self, addr: str, timeout_millis: int) -> TopicConfigSerializeWrapper:
        """Java ``getAllTopicConfig``: GET_ALL_TOPIC_CONFIG."""
        request = RemotingCommand.create_request_command(RequestCode.GET_ALL_TOPIC_CONFIG, None)
        response = self._invoke_broker_ok(addr, request, timeout_millis, broker_exception=True)
        return TopicConfigSerializeWrapper.decode(response.get_body())

    def get_all_producer_info(self, addr: str, timeout_millis: int) -> ProducerTableInfo:
        """Java ``getAllProducerInfo``: GET_ALL_PRODUCER_INFO."""
        request = RemotingCommand.create_request_command(RequestCode.GET_ALL_PRODUCER_INFO,
                                                         GetAllProducerInfoRequestHeader())
        response = self._invoke_broker_ok(addr, request, timeout_millis, broker_exception=True)
        return ProducerTableInfo.decode(response.get_body())

    def invoke_broker_to_get_consumer_status(self, addr: str, topic: str, group: str, client_addr: Optional[str],
                                             timeout_millis: int) -> Dict[str, Dict[MessageQueue, int]]:
        """Java ``invokeBrokerToGetConsumerStatus``: INVOKE_BROKER_TO_GET_CONSUMER_STATUS (the broker asks each
        client of the group, or only ``client_addr``)."""
        header = GetConsumerStatusRequestHeader()
        header.set_topic(topic)
        header.set_group(group)
        header.set_client_addr(client_addr)
        request = RemotingCommand.create_request_command(RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS, header)
        response = self._invoke_broker_ok(addr, request, timeout_millis)
        if response.get_body() is None:
            raise MQClientException(response.get_code(), response.get_remark())
        return GetConsumerStatusBody.decode(response.get_body()).consumer_table or {}

    def update_name_server_config(self, properties: Dict[str, str], name_servers: Optional[List[str]],
                                  timeout_millis: int) -> None:
        """Java ``updateNameServerConfig``: UPDATE_NAMESRV_CONFIG at ``name_servers`` (all when none given)."""
        text = MixAll.properties2string(properties)
        servers = name_servers or self.remoting_client.get_name_server_address_list()
        if not text or not servers:
            return
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_NAMESRV_CONFIG, None)
        request.set_body(text.encode("utf-8"))
        err_response = None
        for name_server in servers:
            response = self.remoting_client.invoke_sync(name_server, request, timeout_millis)
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
        return QueryConsumeQueueResponseBody.decode(self._invoke_broker_ok(broker_addr, request,
                                                                           timeout_millis).get_body())

    # ------------------------------------------------------------------ mqadmin: ACL configuration

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
        self._invoke_broker_ok(addr, RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_ACL_CONFIG,
                                                                            header), timeout_millis)

    def delete_access_config(self, addr: str, access_key: str, timeout_millis: int) -> None:
        """Java ``deleteAccessConfig``: DELETE_ACL_CONFIG."""
        header = DeleteAccessConfigRequestHeader()
        header.set_access_key(access_key)
        self._invoke_broker_ok(addr, RemotingCommand.create_request_command(RequestCode.DELETE_ACL_CONFIG, header),
                               timeout_millis)

    def update_global_white_addrs_config(self, addr: str, global_white_addrs: str, acl_file_full_path: Optional[str],
                                         timeout_millis: int) -> None:
        """Java ``updateGlobalWhiteAddrsConfig``: UPDATE_GLOBAL_WHITE_ADDRS_CONFIG. Without a path an empty one
        is sent, which a broker reads as its default ACL file (Java sends none, which its own broker refuses: the
        header field is ``@CFNotNull``)."""
        header = UpdateGlobalWhiteAddrsConfigRequestHeader()
        header.set_global_white_addrs(global_white_addrs)
        header.set_acl_file_full_path(acl_file_full_path or "")
        self._invoke_broker_ok(addr, RemotingCommand.create_request_command(
            RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG, header), timeout_millis)

    def get_broker_cluster_acl_info(self, addr: str, timeout_millis: int) -> ClusterAclVersionInfo:
        """Java ``getBrokerClusterAclInfo``: GET_BROKER_CLUSTER_ACL_INFO, the versions of the ACL files."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_CLUSTER_ACL_INFO, None)
        response = self._invoke_broker_ok(addr, request, timeout_millis, broker_exception=True)
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
        response = self._invoke_broker_ok(addr, request, timeout_millis, broker_exception=True)
        if response.get_body() is None:
            raise MQBrokerException(response.get_code(), response.get_remark(), addr)
        body = GetBrokerClusterAclConfigResponseBody.decode(response.get_body())
        return AclConfig(global_white_addrs=body.global_white_addrs, plain_access_configs=body.plain_access_configs)
