"""Java ``org.apache.rocketmq.namesrv.processor.DefaultRequestProcessor``, with the two JSON forms the Java
NameServer writes routes in.

fastjson writes the integer keys of ``BrokerData.brokerAddrs`` unquoted (``{0:"127.0.0.1:10911"}``). The
NameServer always answers ``GET_BROKER_CLUSTER_INFO`` that way, and ``GET_ROUTEINFO_BY_TOPIC`` too unless the
request's version is at least 4.9.4's (or it sets ``acceptStandardJsonOnly``): then it writes standard JSON
with fastjson's ``BrowserCompatible`` and ``MapSortField`` features (quoted keys in numeric order, non-ASCII
and ``/`` escaped).
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, cast

import ujson

from rocketmq_common.data_version import DataVersion
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.mix_all import MixAll
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.namesrv.namesrv_util import NamesrvUtil
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.register_broker_body import RegisterBrokerBody
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.header.get_topics_by_cluster_request_header import GetTopicsByClusterRequestHeader
from rocketmq_common.protocol.header.namesrv import (
    AddWritePermOfBrokerRequestHeader, AddWritePermOfBrokerResponseHeader, DeleteKVConfigRequestHeader,
    DeleteTopicFromNamesrvRequestHeader, GetKVConfigRequestHeader, GetKVConfigResponseHeader,
    GetKVListByNamespaceRequestHeader, GetRouteInfoRequestHeader, PutKVConfigRequestHeader,
    QueryDataVersionRequestHeader, QueryDataVersionResponseHeader, RegisterBrokerRequestHeader,
    RegisterBrokerResponseHeader, UnRegisterBrokerRequestHeader, WipeWritePermOfBrokerRequestHeader,
    WipeWritePermOfBrokerResponseHeader,
)
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, RemotingSysResponseCode

if TYPE_CHECKING:
    from rocketmq_namesrv.namesrv_controller import NamesrvController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["DefaultRequestProcessor", "encode_topic_route_data", "encode_cluster_info"]

log = logging.getLogger(__name__)

#: ``MQVersion.Version.V3_0_11.ordinal()``: brokers from this version on send a RegisterBrokerBody
_V3_0_11 = MQVersion.version_ordinal("V3_0_11")
#: ``MQVersion.Version.V4_9_4.ordinal()``: clients from this version on get standard JSON routes
_V4_9_4 = MQVersion.version_ordinal("V4_9_4")

_BROWSER_COMPATIBLE: Dict[str, Any] = {"ensure_ascii": True, "escape_forward_slashes": True}

_Handler = Callable[["ChannelHandlerContext", RemotingCommand], RemotingCommand]


def encode_topic_route_data(route: TopicRouteData, standard_json: bool) -> bytes:
    """The ``GET_ROUTEINFO_BY_TOPIC`` body: standard JSON (sorted maps, quoted keys, BrowserCompatible escapes)
    or fastjson's default form with unquoted broker ids."""
    value = route.to_json_value()
    for broker_data, broker_json in zip(route.broker_datas or (), value.get("brokerDatas", ())):
        addrs = sorted((broker_data.broker_addrs or {}).items())
        if standard_json:
            broker_json["brokerAddrs"] = {str(broker_id): addr for broker_id, addr in addrs}
        else:
            broker_json["brokerAddrs"] = fastjson.ObjectKeyMap(addrs)
    if standard_json:
        table = value.get("filterServerTable")
        if table:
            value["filterServerTable"] = dict(sorted(table.items()))
        return ujson.dumps(value, **_BROWSER_COMPATIBLE).encode("ascii")
    return fastjson.dumps(value).encode("utf-8")


def encode_cluster_info(cluster_info: ClusterInfo) -> bytes:
    """The ``GET_BROKER_CLUSTER_INFO`` body, in fastjson's default form (unquoted broker ids)."""
    value = cluster_info.to_json_value()
    broker_table = cluster_info.broker_addr_table or {}
    for broker_name, broker_json in value.get("brokerAddrTable", {}).items():
        addrs = broker_table[broker_name].broker_addrs or {}
        broker_json["brokerAddrs"] = fastjson.ObjectKeyMap(sorted(addrs.items()))
    return fastjson.dumps(value).encode("utf-8")


def _success(response: RemotingCommand, body: Optional[bytes] = None) -> RemotingCommand:
    response.code = ResponseCode.SUCCESS
    response.remark = None
    if body is not None:
        response.body = body
    return response


class DefaultRequestProcessor(AsyncNettyRequestProcessor):
    """Answers every NameServer request; codes it does not know get no response at all (like Java)."""

    def __init__(self, namesrv_controller: "NamesrvController") -> None:
        self.namesrv_controller = namesrv_controller
        self._handlers: Dict[int, _Handler] = {
            RequestCode.PUT_KV_CONFIG: self.put_kv_config,
            RequestCode.GET_KV_CONFIG: self.get_kv_config,
            RequestCode.DELETE_KV_CONFIG: self.delete_kv_config,
            RequestCode.QUERY_DATA_VERSION: self.query_broker_topic_config,
            RequestCode.REGISTER_BROKER: self._register_broker_any_version,
            RequestCode.UNREGISTER_BROKER: self.unregister_broker,
            RequestCode.GET_ROUTEINFO_BY_TOPIC: self.get_route_info_by_topic,
            RequestCode.GET_BROKER_CLUSTER_INFO: self.get_broker_cluster_info,
            RequestCode.WIPE_WRITE_PERM_OF_BROKER: self.wipe_write_perm_of_broker,
            RequestCode.ADD_WRITE_PERM_OF_BROKER: self.add_write_perm_of_broker,
            RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER: self.get_all_topic_list_from_nameserver,
            RequestCode.DELETE_TOPIC_IN_NAMESRV: self.delete_topic_in_namesrv,
            RequestCode.GET_KVLIST_BY_NAMESPACE: self.get_kv_list_by_namespace,
            RequestCode.GET_TOPICS_BY_CLUSTER: self.get_topics_by_cluster,
            RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS: self.get_system_topic_list_from_ns,
            RequestCode.GET_UNIT_TOPIC_LIST: self.get_unit_topic_list,
            RequestCode.GET_HAS_UNIT_SUB_TOPIC_LIST: self.get_has_unit_sub_topic_list,
            RequestCode.GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST: self.get_has_unit_sub_un_unit_topic_list,
            RequestCode.UPDATE_NAMESRV_CONFIG: self.update_config,
            RequestCode.GET_NAMESRV_CONFIG: self.get_config,
        }

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java 5.3.3 ``processRequest``: dispatch on the request code; an unknown code (a controller's, when no
        controller runs in this NameServer) answers REQUEST_CODE_NOT_SUPPORTED ``" request type <code> not
        supported"``."""
        if ctx is not None and log.isEnabledFor(logging.DEBUG):
            log.debug("receive request, %s %s %s", request.code,
                      RemotingHelper.parse_channel_remote_addr(ctx.channel()), request)
        handler = self._handlers.get(request.code)
        if handler is None:
            return RemotingCommand.create_response_command(RemotingSysResponseCode.REQUEST_CODE_NOT_SUPPORTED,
                                                           " request type %d not supported" % request.code)
        return handler(ctx, request)

    def reject_request(self) -> bool:
        return False

    # ------------------------------------------------------------------ KV config

    def put_kv_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command()
        header = request.decode_command_custom_header(PutKVConfigRequestHeader)
        self.namesrv_controller.get_kv_config_manager().put_kv_config(header.namespace, header.key, header.value)
        return _success(response)

    def get_kv_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command(class_header=GetKVConfigResponseHeader)
        response_header = cast(GetKVConfigResponseHeader, response.read_custom_header())
        header = request.decode_command_custom_header(GetKVConfigRequestHeader)
        value = self.namesrv_controller.get_kv_config_manager().get_kv_config(header.namespace, header.key)
        if value is not None:
            response_header.value = value
            return _success(response)
        response.code = ResponseCode.QUERY_NOT_FOUND
        response.remark = "No config item, Namespace: %s Key: %s" % (header.namespace, header.key)
        return response

    def delete_kv_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command()
        header = request.decode_command_custom_header(DeleteKVConfigRequestHeader)
        self.namesrv_controller.get_kv_config_manager().delete_kv_config(header.namespace, header.key)
        return _success(response)

    def get_kv_list_by_namespace(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command()
        header = request.decode_command_custom_header(GetKVListByNamespaceRequestHeader)
        json_value = self.namesrv_controller.get_kv_config_manager().get_kv_list_by_namespace(header.namespace)
        if json_value is not None:
            return _success(response, json_value)
        response.code = ResponseCode.QUERY_NOT_FOUND
        response.remark = "No config item, Namespace: %s" % header.namespace
        return response

    # ------------------------------------------------------------------ brokers

    def _register_broker_any_version(self, ctx: "ChannelHandlerContext",
                                     request: RemotingCommand) -> RemotingCommand:
        if request.version >= _V3_0_11:
            return self.register_broker_with_filter_server(ctx, request)
        return self.register_broker(ctx, request)

    def register_broker_with_filter_server(self, ctx: "ChannelHandlerContext",
                                           request: RemotingCommand) -> RemotingCommand:
        """Java ``registerBrokerWithFilterServer``: the body is a RegisterBrokerBody (deflated when the header's
        ``compressed`` flag is set; 5.3.3: with the static-topic mapping infos of a broker from V5_0_0 on)."""
        response = RemotingCommand.create_response_command(class_header=RegisterBrokerResponseHeader)
        header = request.decode_command_custom_header(RegisterBrokerRequestHeader)
        if not self._checksum(ctx, request, header):
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "crc32 not match"
            return response
        if request.body is not None:
            try:
                body = RegisterBrokerBody.decode(request.body, bool(header.compressed), request.version)
            except Exception as e:
                raise RemotingCommandException("Failed to decode RegisterBrokerBody: %s" % e) from e
        else:
            body = RegisterBrokerBody()
            body.topic_config_serialize_wrapper.data_version = DataVersion(timestamp=0, counter=0)
        return self._do_register(ctx, response, header, body.topic_config_serialize_wrapper,
                                 body.filter_server_list)

    def register_broker(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``registerBroker`` (brokers older than 3.0.11): the body is a TopicConfigSerializeWrapper."""
        response = RemotingCommand.create_response_command(class_header=RegisterBrokerResponseHeader)
        header = request.decode_command_custom_header(RegisterBrokerRequestHeader)
        if not self._checksum(ctx, request, header):
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "crc32 not match"
            return response
        if request.body is not None:
            wrapper = TopicConfigSerializeWrapper.decode(request.body)
        else:
            wrapper = TopicConfigSerializeWrapper(data_version=DataVersion(timestamp=0, counter=0))
        return self._do_register(ctx, response, header, wrapper, None)

    def _do_register(self, ctx: "ChannelHandlerContext", response: RemotingCommand,
                     header: RegisterBrokerRequestHeader, wrapper: TopicConfigSerializeWrapper,
                     filter_server_list: Any) -> RemotingCommand:
        controller = self.namesrv_controller
        result = controller.get_route_info_manager().register_broker(
            header.cluster_name, header.broker_addr, header.broker_name, header.broker_id, header.ha_server_addr,
            wrapper, filter_server_list, ctx.channel() if ctx is not None else None)
        response_header = cast(RegisterBrokerResponseHeader, response.read_custom_header())
        response_header.ha_server_addr = result.ha_server_addr
        response_header.master_addr = result.master_addr
        order_topic_kv = controller.get_kv_config_manager().get_kv_list_by_namespace(
            NamesrvUtil.NAMESPACE_ORDER_TOPIC_CONFIG)
        return _success(response, order_topic_kv)

    @staticmethod
    def _checksum(ctx: "ChannelHandlerContext", request: RemotingCommand,
                  header: RegisterBrokerRequestHeader) -> bool:
        if header.body_crc32 and UtilAll.crc32(request.body) != header.body_crc32:
            log.warning("receive registerBroker request,crc32 not match,from %s",
                        RemotingHelper.parse_channel_remote_addr(ctx.channel() if ctx is not None else None))
            return False
        return True

    def query_broker_topic_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``queryBrokerTopicConfig`` (QUERY_DATA_VERSION): whether the broker's data version changed; an
        unchanged one keeps the broker alive."""
        response = RemotingCommand.create_response_command(class_header=QueryDataVersionResponseHeader)
        header = request.decode_command_custom_header(QueryDataVersionRequestHeader)
        data_version = DataVersion.decode(request.body) if request.body is not None else None
        route_info_manager = self.namesrv_controller.get_route_info_manager()
        changed = route_info_manager.is_broker_topic_config_changed(header.broker_addr, data_version)
        if not changed:
            route_info_manager.update_broker_info_update_timestamp(header.broker_addr, int(time.time() * 1000))
        name_server_data_version = route_info_manager.query_broker_topic_config(header.broker_addr)
        _success(response, name_server_data_version.encode() if name_server_data_version is not None else None)
        cast(QueryDataVersionResponseHeader, response.read_custom_header()).changed = changed
        return response

    def unregister_broker(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command()
        header = request.decode_command_custom_header(UnRegisterBrokerRequestHeader)
        self.namesrv_controller.get_route_info_manager().unregister_broker(
            header.cluster_name, header.broker_addr, header.broker_name, header.broker_id)
        return _success(response)

    def wipe_write_perm_of_broker(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command(class_header=WipeWritePermOfBrokerResponseHeader)
        header = request.decode_command_custom_header(WipeWritePermOfBrokerRequestHeader)
        count = self.namesrv_controller.get_route_info_manager().wipe_write_perm_of_broker_by_lock(header.broker_name)
        log.info("wipe write perm of broker[%s], client: %s, %s", header.broker_name,
                 RemotingHelper.parse_channel_remote_addr(ctx.channel() if ctx is not None else None), count)
        cast(WipeWritePermOfBrokerResponseHeader, response.read_custom_header()).wipe_topic_count = count
        return _success(response)

    def add_write_perm_of_broker(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command(class_header=AddWritePermOfBrokerResponseHeader)
        header = request.decode_command_custom_header(AddWritePermOfBrokerRequestHeader)
        count = self.namesrv_controller.get_route_info_manager().add_write_perm_of_broker_by_lock(header.broker_name)
        log.info("add write perm of broker[%s], client: %s, %s", header.broker_name,
                 RemotingHelper.parse_channel_remote_addr(ctx.channel() if ctx is not None else None), count)
        cast(AddWritePermOfBrokerResponseHeader, response.read_custom_header()).add_topic_count = count
        return _success(response)

    # ------------------------------------------------------------------ routes and topics

    def get_route_info_by_topic(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getRouteInfoByTopic``: the route (JSON form chosen by the request's version), else
        TOPIC_NOT_EXIST with Java's remark."""
        response = RemotingCommand.create_response_command()
        header = request.decode_command_custom_header(GetRouteInfoRequestHeader)
        route = self.namesrv_controller.get_route_info_manager().pickup_topic_route_data(header.topic)
        if route is not None:
            if self.namesrv_controller.get_namesrv_config().order_message_enable:
                route.order_topic_conf = self.namesrv_controller.get_kv_config_manager().get_kv_config(
                    NamesrvUtil.NAMESPACE_ORDER_TOPIC_CONFIG, header.topic)
            standard_json = request.version >= _V4_9_4 or bool(header.accept_standard_json_only)
            return _success(response, encode_topic_route_data(route, standard_json))
        response.code = ResponseCode.TOPIC_NOT_EXIST
        response.remark = ("No topic route info in name server for the topic: " + header.topic
                           + FAQUrl.suggest_todo(FAQUrl.APPLY_TOPIC_URL))
        return response

    def get_broker_cluster_info(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        cluster_info = self.namesrv_controller.get_route_info_manager().get_all_cluster_info()
        return _success(RemotingCommand.create_response_command(), encode_cluster_info(cluster_info))

    def get_all_topic_list_from_nameserver(self, ctx: "ChannelHandlerContext",
                                           request: RemotingCommand) -> RemotingCommand:
        topic_list = self.namesrv_controller.get_route_info_manager().get_all_topic_list()
        return _success(RemotingCommand.create_response_command(), topic_list.encode())

    def delete_topic_in_namesrv(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command()
        header = request.decode_command_custom_header(DeleteTopicFromNamesrvRequestHeader)
        self.namesrv_controller.get_route_info_manager().delete_topic(header.topic, header.cluster_name or None)
        return _success(response)

    def get_topics_by_cluster(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command()
        header = request.decode_command_custom_header(GetTopicsByClusterRequestHeader)
        topic_list = self.namesrv_controller.get_route_info_manager().get_topics_by_cluster(header.cluster)
        return _success(response, topic_list.encode())

    def get_system_topic_list_from_ns(self, ctx: "ChannelHandlerContext",
                                      request: RemotingCommand) -> RemotingCommand:
        topic_list = self.namesrv_controller.get_route_info_manager().get_system_topic_list()
        return _success(RemotingCommand.create_response_command(), topic_list.encode())

    def get_unit_topic_list(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        topic_list = self.namesrv_controller.get_route_info_manager().get_unit_topics()
        return _success(RemotingCommand.create_response_command(), topic_list.encode())

    def get_has_unit_sub_topic_list(self, ctx: "ChannelHandlerContext",
                                    request: RemotingCommand) -> RemotingCommand:
        topic_list = self.namesrv_controller.get_route_info_manager().get_has_unit_sub_topic_list()
        return _success(RemotingCommand.create_response_command(), topic_list.encode())

    def get_has_unit_sub_un_unit_topic_list(self, ctx: "ChannelHandlerContext",
                                            request: RemotingCommand) -> RemotingCommand:
        topic_list = self.namesrv_controller.get_route_info_manager().get_has_unit_sub_un_unit_topic_list()
        return _success(RemotingCommand.create_response_command(), topic_list.encode())

    # ------------------------------------------------------------------ NameServer settings

    def update_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``updateConfig`` (UPDATE_NAMESRV_CONFIG): the body is properties text; the two paths cannot
        be changed."""
        if ctx is not None:
            log.info("updateConfig called by %s", RemotingHelper.parse_channel_remote_addr(ctx.channel()))
        response = RemotingCommand.create_response_command()
        if request.body is not None:
            body_str = request.body.decode("utf-8", errors="replace")
            properties = MixAll.string2properties(body_str)
            if properties is None:
                log.error("updateConfig MixAll.string2Properties error %s", body_str)
                response.code = ResponseCode.SYSTEM_ERROR
                response.remark = "string2Properties error"
                return response
            if "kvConfigPath" in properties or "configStorePath" in properties:
                response.code = ResponseCode.NO_PERMISSION
                response.remark = "Can not update config path"
                return response
            self.namesrv_controller.get_configuration().update(properties)
        return _success(response)

    def get_config(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getConfig`` (GET_NAMESRV_CONFIG): every setting as properties text."""
        content = self.namesrv_controller.get_configuration().get_all_configs_format_string()
        return _success(RemotingCommand.create_response_command(),
                        content.encode("utf-8") if content else None)
