"""The 5.3.3 rpc package: ClientMetadata (Java ClientMetadataTest and the static-topic endpoints),
RequestBuilder, RpcClientUtils, and RpcClientImpl against a real remoting server on loopback."""
from __future__ import annotations

import pytest

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.get_max_offset_request_header import (
    GetMaxOffsetRequestHeader, GetMaxOffsetResponseHeader,
)
from rocketmq_common.protocol.header.get_topic_config_request_header import GetTopicConfigRequestHeader
from rocketmq_common.protocol.header.pull_message_request_header import (
    PullMessageRequestHeader, PullMessageResponseHeader,
)
from rocketmq_common.protocol.header.query_consumer_offset_request_header import QueryConsumerOffsetRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.broker_data import BrokerData
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_common.rpc.client_metadata import ClientMetadata
from rocketmq_common.rpc.request_builder import RequestBuilder
from rocketmq_common.rpc.rpc_client_hook import RpcClientHook
from rocketmq_common.rpc.rpc_client_impl import RpcClientImpl
from rocketmq_common.rpc.rpc_client_utils import RpcClientUtils
from rocketmq_common.rpc.rpc_exception import RpcException
from rocketmq_common.rpc.rpc_request import RpcRequest
from rocketmq_common.rpc.rpc_response import RpcResponse
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.protocol.remoting_serializable import to_json_value
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer

MOCK = "__syslo__global__"


def info(bname, epoch, total, curr_id_map, scope=MixAll.METADATA_SCOPE_GLOBAL):
    return TopicQueueMappingInfo("st", total, bname, epoch, scope=scope, curr_id_map=curr_id_map)


def test_get_broker_name_from_message_queue():
    metadata = ClientMetadata()
    mq0, mq1 = MessageQueue("t", "broker0", 0), MessageQueue("t", "broker1", 0)
    metadata.topic_end_points_table["t"] = {mq0: "broker0", mq1: "broker1"}
    assert metadata.get_broker_name_from_message_queue(mq0) == "broker0"
    metadata.topic_end_points_table["t"] = {}
    assert metadata.get_broker_name_from_message_queue(MessageQueue("topic1", "broker0", 0)) == "broker0"


def test_find_master_broker_addr():
    metadata = ClientMetadata()
    assert metadata.find_master_broker_addr("b") is None
    metadata.broker_addr_table["b"] = {0: "127.0.0.1:10911", 1: "127.0.0.1:10912"}
    assert metadata.find_master_broker_addr("b") == "127.0.0.1:10911"


def test_endpoints_for_static_topic():
    assert ClientMetadata.topic_route_data2_endpoints_for_static_topic("t", TopicRouteData()) == {}
    one = TopicRouteData(topic_queue_mapping_by_broker={"b": info("bname", 0, 1, {0: 0}, scope="scope")})
    assert ClientMetadata.topic_route_data2_endpoints_for_static_topic("t", one) == {
        MessageQueue("t", "__syslo__scope", 0): "bname"}
    # queue 0 moved from broker-a (older epoch) to broker-b; queue 3 is claimed by no broker
    route = TopicRouteData(topic_queue_mapping_by_broker={
        "broker-a": info("broker-a", 1000, 4, {0: 0, 2: 1}),
        "broker-b": info("broker-b", 2000, 4, {0: 2, 1: 0})})
    assert ClientMetadata.topic_route_data2_endpoints_for_static_topic("st", route) == {
        MessageQueue("st", MOCK, 0): "broker-b", MessageQueue("st", MOCK, 1): "broker-b",
        MessageQueue("st", MOCK, 2): "broker-a",
        MessageQueue("st", MOCK, 3): MixAll.LOGICAL_QUEUE_MOCK_BROKER_NAME_NOT_EXIST}


def test_fresh_topic_route():
    metadata = ClientMetadata()
    route = TopicRouteData(broker_datas=[BrokerData("c", "broker-a", {0: "127.0.0.1:1"})], queue_datas=[],
                           topic_queue_mapping_by_broker={"broker-a": info("broker-a", 1, 1, {0: 0})})
    metadata.fresh_topic_route("st", route)
    assert metadata.find_master_broker_addr("broker-a") == "127.0.0.1:1"
    assert metadata.get_broker_name_from_message_queue(MessageQueue("st", MOCK, 0)) == "broker-a"
    metadata.fresh_topic_route("st", None)
    metadata.fresh_topic_route(None, route)
    assert metadata.topic_route_table == {"st": route}


def test_request_builder():
    mq = MessageQueue("st", MOCK, 3)
    header = RequestBuilder.build_topic_queue_request_header(RequestCode.PULL_MESSAGE, mq, logic=True)
    assert isinstance(header, PullMessageRequestHeader)
    assert (header.bname, header.topic, header.queue_id, header.lo, header.oway) == (MOCK, "st", 3, True, None)
    common = RequestBuilder.build_common_rpc_header(RequestCode.PULL_MESSAGE, "b", oneway=True)
    assert common.bname == "b" and common.get_oneway() is True
    with pytest.raises(NotImplementedError, match="unknown 10"):
        RequestBuilder.build_common_rpc_header(RequestCode.SEND_MESSAGE, "b")


def test_rpc_client_utils():
    header = GetMaxOffsetRequestHeader(topic="t", queue_id=1, bname="b")
    cmd = RpcClientUtils.create_command_for_rpc_request(RpcRequest(RequestCode.GET_MAX_OFFSET, header, b"x"))
    assert cmd.code == RequestCode.GET_MAX_OFFSET and cmd.body == b"x" and cmd.read_custom_header() is header
    response = RpcClientUtils.create_command_for_rpc_response(
        RpcResponse(exception=RpcException(ResponseCode.RPC_TIME_OUT, "too slow")))
    assert response.code == ResponseCode.RPC_TIME_OUT and response.remark == "too slow"
    assert RpcClientUtils.encode_body(TopicRouteData(queue_datas=[])) == b'{"queueDatas":[]}'
    with pytest.raises(TypeError, match="pass bytes or a RemotingSerializable"):
        RpcClientUtils.encode_body(3)


class _BrokerStub(NettyRequestProcessor):
    """Answers as a 5.x broker: max offset 42, no committed offset, a pull result, a topic config."""

    def __init__(self):
        self.requests = []

    def process_request(self, ctx, request):
        self.requests.append(request)
        if request.code == RequestCode.GET_MAX_OFFSET:
            response = RemotingCommand.create_response_command(ResponseCode.SUCCESS, None)
            response.write_custom_header(GetMaxOffsetResponseHeader(offset=42))
        elif request.code == RequestCode.QUERY_CONSUMER_OFFSET:
            response = RemotingCommand.create_response_command(ResponseCode.QUERY_NOT_FOUND, "not found")
        elif request.code == RequestCode.PULL_MESSAGE:
            response = RemotingCommand.create_response_command(ResponseCode.PULL_NOT_FOUND, None)
            response.write_custom_header(PullMessageResponseHeader(suggest_which_broker_id=0, next_begin_offset=7,
                                                                   min_offset=0, max_offset=7))
        elif request.code == RequestCode.GET_TOPIC_CONFIG:
            body = TopicConfigAndQueueMapping(TopicConfig("st", 2, 2), TopicQueueMappingDetail("st", 4, "b", 9))
            response = RemotingCommand.create_response_command(ResponseCode.SUCCESS, None)
            response.body = fastjson.dumps(to_json_value(body)).encode()
        else:
            response = RemotingCommand.create_response_command(ResponseCode.TOPIC_NOT_EXIST, "no topic")
        return response


@pytest.fixture
def rpc_setup():
    server = NettyRemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1"))
    stub = _BrokerStub()
    for code in (RequestCode.GET_MAX_OFFSET, RequestCode.QUERY_CONSUMER_OFFSET, RequestCode.PULL_MESSAGE,
                 RequestCode.GET_TOPIC_CONFIG, RequestCode.GET_MIN_OFFSET):
        server.register_processor(code, stub)
    server.start()
    client = NettyRemotingClient()
    client.start()
    metadata = ClientMetadata()
    addr = "127.0.0.1:%d" % server.local_listen_port()
    metadata.fresh_topic_route("st", TopicRouteData(
        broker_datas=[BrokerData("c", "b", {0: addr})], queue_datas=[],
        topic_queue_mapping_by_broker={"b": info("b", 1, 1, {0: 0})}))
    try:
        yield RpcClientImpl(metadata, client), stub
    finally:
        client.shutdown()
        server.shutdown()


@pytest.mark.timeout(30)
def test_rpc_client_impl_over_a_real_socket(rpc_setup):
    rpc, stub = rpc_setup
    mq = MessageQueue("st", MOCK, 0)
    header = GetMaxOffsetRequestHeader(topic="st", queue_id=0, lo=True)
    response = rpc.invoke_mq(mq, RpcRequest(RequestCode.GET_MAX_OFFSET, header, None), 3000).result(5)
    assert response.get_code() == ResponseCode.SUCCESS and response.get_header().offset == 42
    assert stub.requests[-1].ext_fields["bname"] == "b" and stub.requests[-1].ext_fields["lo"] == "true"

    query = QueryConsumerOffsetRequestHeader(consumer_group="g", topic="st", queue_id=0, bname="b")
    response = rpc.invoke(RpcRequest(RequestCode.QUERY_CONSUMER_OFFSET, query, None), 3000).result(5)
    assert response.get_code() == ResponseCode.QUERY_NOT_FOUND and response.get_header() is None

    pull = RequestBuilder.build_topic_queue_request_header(RequestCode.PULL_MESSAGE, MessageQueue("st", "b", 0))
    pull.consumer_group, pull.queue_offset, pull.max_msg_nums, pull.sys_flag = "g", 7, 32, 0
    pull.commit_offset, pull.suspend_timeout_millis, pull.sub_version = 0, 0, 0
    response = rpc.invoke(RpcRequest(RequestCode.PULL_MESSAGE, pull, None), 3000).result(5)
    assert response.get_code() == ResponseCode.PULL_NOT_FOUND and response.get_header().next_begin_offset == 7

    config = GetTopicConfigRequestHeader(topic="st", lo=True, bname="b")
    response = rpc.invoke(RpcRequest(RequestCode.GET_TOPIC_CONFIG, config, None), 3000).result(5)
    assert isinstance(response.get_body(), TopicConfigAndQueueMapping)
    assert response.get_body().mapping_detail.epoch == 9

    min_offset = GetMaxOffsetRequestHeader(topic="st", queue_id=0, bname="b")
    response = rpc.invoke(RpcRequest(RequestCode.GET_MIN_OFFSET, min_offset, None), 3000).result(5)
    assert response.get_exception().get_error_code() == ResponseCode.TOPIC_NOT_EXIST
    assert response.get_code() == ResponseCode.TOPIC_NOT_EXIST

    with pytest.raises(RpcException, match="cannot find addr for broker nowhere") as e:
        rpc.invoke(RpcRequest(RequestCode.GET_MAX_OFFSET, GetMaxOffsetRequestHeader(bname="nowhere"), None), 1000)
    assert e.value.get_error_code() == ResponseCode.SYSTEM_ERROR
    with pytest.raises(RpcException, match="Unknown request code 10") as e:
        rpc.invoke(RpcRequest(RequestCode.SEND_MESSAGE, GetMaxOffsetRequestHeader(bname="b"), None), 1000)
    assert e.value.get_error_code() == ResponseCode.REQUEST_CODE_NOT_SUPPORTED


def test_rpc_client_hook_answers_without_sending(rpc_setup):
    rpc, stub = rpc_setup

    class Answering(RpcClientHook):
        def before_request(self, rpc_request):
            return RpcResponse(ResponseCode.SUCCESS, None, b"cached")

        def after_response(self, rpc_response):
            return None

    rpc.register_hook(Answering())
    response = rpc.invoke(RpcRequest(RequestCode.GET_MAX_OFFSET, GetMaxOffsetRequestHeader(bname="b"), None),
                          1000).result(1)
    assert response.get_body() == b"cached" and stub.requests == []
