"""Java ``org.apache.rocketmq.broker.out.BrokerOuterAPI``: the broker's requests to the name servers.

REGISTER_BROKER goes to every name server in parallel (``brokerOutApi_thread_`` pool), the caller waiting up to
the timeout for all of them; UNREGISTER_BROKER goes to each in turn. Failures are logged per name server.
(5.3.3) The :class:`RpcClientImpl` over the same remoting client forwards a static topic's requests to the broker
holding a logical queue's item; its :class:`ClientMetadata` (broker addresses by name) is refreshed from the
cluster info by :meth:`refresh_metadata`.
"""
from __future__ import annotations

import logging
import threading
from typing import List, Optional

from rocketmq_client.exception import MQBrokerException
from rocketmq_common.namesrv.register_broker_result import RegisterBrokerResult
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.body.register_broker_body import RegisterBrokerBody
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.header.namesrv.register_broker_request_header import (
    RegisterBrokerRequestHeader, RegisterBrokerResponseHeader)
from rocketmq_common.protocol.header.namesrv.un_register_broker_request_header import UnRegisterBrokerRequestHeader
from rocketmq_common.protocol.header.namesrv.get_route_info_request_header import GetRouteInfoRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.rpc.client_metadata import ClientMetadata
from rocketmq_common.rpc.rpc_client_impl import RpcClientImpl
from rocketmq_common.rpc.rpc_request import RpcRequest
from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_common.rpc.rpc_response import RpcResponse
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor
from rocketmq_remoting.exception import RemotingTooMuchRequestException
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.remoting_client import RemotingClient
from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["BrokerOuterAPI"]

log = logging.getLogger(__name__)


class BrokerOuterAPI:
    """See the module docstring."""

    def __init__(self, netty_client_config: Optional[NettyClientConfig] = None,
                 rpc_hook: Optional[RPCHook] = None, tls_config: Optional[TlsSystemConfig] = None) -> None:
        self.remoting_client: RemotingClient = NettyRemotingClient(netty_client_config, tls_config=tls_config)
        self.remoting_client.register_rpc_hook(rpc_hook)
        self.broker_outer_executor = ThreadPoolExecutor(4, 10, 32, "brokerOutApi_thread_")
        self.client_metadata = ClientMetadata()
        self.rpc_client = RpcClientImpl(self.client_metadata, self.remoting_client)

    def start(self) -> None:
        self.remoting_client.start()

    def shutdown(self) -> None:
        self.remoting_client.shutdown()
        self.broker_outer_executor.shutdown()
        self.broker_outer_executor.await_termination(5.0)

    def register_rpc_hook(self, rpc_hook: RPCHook) -> None:
        self.remoting_client.register_rpc_hook(rpc_hook)

    def update_name_server_address_list(self, addrs: str) -> None:
        """Java ``updateNameServerAddressList``: ``"host:port;host:port"``."""
        self.remoting_client.update_name_server_address_list([a for a in addrs.split(";") if a])

    def get_name_server_address_list(self) -> List[str]:
        return list(self.remoting_client.get_name_server_address_list() or [])

    def get_broker_cluster_info(self) -> ClusterInfo:
        """Java 5.3.3 ``getBrokerClusterInfo``: GET_BROKER_CLUSTER_INFO to a name server (3 s); raises
        MQBrokerException on an error answer."""
        request = RemotingCommand.create_request_command(RequestCode.GET_BROKER_CLUSTER_INFO)
        response = self.remoting_client.invoke_sync(None, request, 3000)
        if response.code == ResponseCode.SUCCESS:
            return ClusterInfo.decode(response.body)
        raise MQBrokerException(response.code, response.remark)

    def get_topic_route_info_from_name_server(self, topic: str, timeout_millis: int,
                                              allow_topic_not_exist: bool = True) -> TopicRouteData:
        """Java 5.3.3 ``getTopicRouteInfoFromNameServer``: GET_ROUTEINFO_BY_TOPIC to a name server; raises
        MQBrokerException for an unknown topic (logged first when ``allow_topic_not_exist``) or an error answer."""
        request = RemotingCommand.create_request_command(RequestCode.GET_ROUTEINFO_BY_TOPIC,
                                                         GetRouteInfoRequestHeader(topic=topic))
        response = self.remoting_client.invoke_sync(None, request, timeout_millis)
        if response.code == ResponseCode.TOPIC_NOT_EXIST and allow_topic_not_exist:
            log.info("get Topic [%s] RouteInfoFromNameServer is not exist value", topic)
        elif response.code == ResponseCode.SUCCESS and response.body is not None:
            return TopicRouteData.decode(response.body)
        raise MQBrokerException(response.code, response.remark)

    def refresh_metadata(self) -> None:
        """Java 5.3.3 ``refreshMetadata``: the broker addresses the RPC client forwards to."""
        self.client_metadata.refresh_cluster_info(self.get_broker_cluster_info())

    def get_client_metadata(self) -> ClientMetadata:
        return self.client_metadata

    def get_rpc_client(self) -> RpcClientImpl:
        return self.rpc_client

    def forward(self, code: int, header: RpcRequestHeader, timeout_millis: int) -> RpcResponse:
        """What every static-topic forward site of Java 5.3.3 does: ``getRpcClient().invoke(new RpcRequest(code,
        header, null), forwardTimeout).get()``, raising the response's RpcException when it carries one."""
        rpc_response = self.rpc_client.invoke(RpcRequest(code, header, None), timeout_millis).result()
        exception = rpc_response.get_exception()
        if exception is not None:
            raise exception
        return rpc_response

    def register_broker_all(self, cluster_name: str, broker_addr: str, broker_name: str, broker_id: int,
                            ha_server_addr: str, topic_config_wrapper: TopicConfigSerializeWrapper,
                            filter_server_list: List[str], oneway: bool, timeout_mills: int,
                            compressed: bool) -> List[RegisterBrokerResult]:
        """Java ``registerBrokerAll``: REGISTER_BROKER to every name server in parallel; the results of those
        that answered within ``timeout_mills`` (none for one-way registrations)."""
        results: List[RegisterBrokerResult] = []
        addresses = self.get_name_server_address_list()
        if not addresses:
            return results
        header = RegisterBrokerRequestHeader(broker_addr=broker_addr, broker_id=broker_id, broker_name=broker_name,
                                             cluster_name=cluster_name, ha_server_addr=ha_server_addr,
                                             compressed=compressed)
        request_body = RegisterBrokerBody(topic_config_serialize_wrapper=topic_config_wrapper,
                                          filter_server_list=list(filter_server_list))
        body = request_body.encode(compressed)
        header.body_crc32 = UtilAll.crc32(body)
        lock = threading.Lock()
        done = threading.Semaphore(0)

        def register(namesrv_addr: str) -> None:
            try:
                result = self._register_broker(namesrv_addr, oneway, timeout_mills, header, body)
                if result is not None:
                    with lock:
                        results.append(result)
                log.info("register broker[%s]to name server %s OK", broker_id, namesrv_addr)
            except Exception as e:
                log.warning("registerBroker Exception, %s: %r", namesrv_addr, e)
            finally:
                done.release()

        submitted = 0
        for namesrv_addr in addresses:
            try:
                self.broker_outer_executor.execute(register, namesrv_addr)
                submitted += 1
            except RuntimeError as e:
                log.warning("registerBroker to %s not submitted: %r", namesrv_addr, e)
        deadline = timeout_mills / 1000.0
        for _ in range(submitted):
            if not done.acquire(True, deadline):
                break
        with lock:
            return list(results)

    def _register_broker(self, namesrv_addr: str, oneway: bool, timeout_mills: int,
                         header: RegisterBrokerRequestHeader, body: bytes) -> Optional[RegisterBrokerResult]:
        request = RemotingCommand.create_request_command(RequestCode.REGISTER_BROKER, header, body)
        if oneway:
            try:
                self.remoting_client.invoke_oneway(namesrv_addr, request, timeout_mills)
            except RemotingTooMuchRequestException as e:
                log.debug("registerBroker oneway to %s skipped: %r", namesrv_addr, e)
            return None
        response = self.remoting_client.invoke_sync(namesrv_addr, request, timeout_mills)
        if response.code == ResponseCode.SUCCESS:
            response_header = response.decode_command_custom_header(RegisterBrokerResponseHeader)
            kv_table = KVTable.decode(response.body) if response.body else None
            return RegisterBrokerResult(ha_server_addr=response_header.ha_server_addr,
                                        master_addr=response_header.master_addr, kv_table=kv_table)
        raise MQBrokerException(response.code, response.remark, header.broker_addr)

    def unregister_broker_all(self, cluster_name: str, broker_addr: str, broker_name: str, broker_id: int) -> None:
        """Java ``unregisterBrokerAll``: UNREGISTER_BROKER to every name server (errors logged)."""
        for namesrv_addr in self.get_name_server_address_list():
            try:
                self.unregister_broker(namesrv_addr, cluster_name, broker_addr, broker_name, broker_id)
                log.info("unregisterBroker OK, NamesrvAddr: %s", namesrv_addr)
            except Exception as e:
                log.warning("unregisterBroker Exception, %s: %r", namesrv_addr, e)

    def unregister_broker(self, namesrv_addr: str, cluster_name: str, broker_addr: str, broker_name: str,
                          broker_id: int) -> None:
        """Java ``unregisterBroker`` (3 s timeout); raises on failure."""
        header = UnRegisterBrokerRequestHeader(broker_addr=broker_addr, broker_id=broker_id, broker_name=broker_name,
                                               cluster_name=cluster_name)
        request = RemotingCommand.create_request_command(RequestCode.UNREGISTER_BROKER, header)
        response = self.remoting_client.invoke_sync(namesrv_addr, request, 3000)
        if response.code != ResponseCode.SUCCESS:
            raise MQBrokerException(response.code, response.remark, broker_addr)
