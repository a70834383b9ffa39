"""5.3.3 static topics in MQClientInstance: a route with ``topicQueueMappingByBroker`` (as a 5.3.3 NameServer sends
it, served here by a remoting server on loopback) gives producers and consumers the logical queues
(``__syslo__global__``), each mapped to the broker of its current leader for sends, pulls and offsets."""
from __future__ import annotations

from typing import Iterator

import pytest

from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer

MOCK = "__syslo__global__"
# queue 0 moved from broker-a to broker-b (a newer epoch); queue 3 is on no broker yet
STATIC_ROUTE = (
    '{"brokerDatas":[{"brokerAddrs":{0:"127.0.0.1:10911"},"brokerName":"broker-a","cluster":"DefaultCluster",'
    '"enableActingMaster":false},{"brokerAddrs":{0:"127.0.0.1:10921"},"brokerName":"broker-b",'
    '"cluster":"DefaultCluster","enableActingMaster":false}],"filterServerTable":{},'
    '"queueDatas":[{"brokerName":"broker-a","perm":6,"readQueueNums":2,"topicSysFlag":0,"writeQueueNums":2},'
    '{"brokerName":"broker-b","perm":6,"readQueueNums":2,"topicSysFlag":0,"writeQueueNums":2}],'
    '"topicQueueMappingByBroker":{"broker-a":{"bname":"broker-a","currIdMap":{0:0,2:1},"dirty":false,'
    '"epoch":1700000001000,"scope":"__global__","topic":"st","totalQueues":4},'
    '"broker-b":{"bname":"broker-b","currIdMap":{1:0,0:1},"dirty":false,"epoch":1700000002000,'
    '"scope":"__global__","topic":"st","totalQueues":4}}}')


class _RouteProcessor(NettyRequestProcessor):
    def process_request(self, ctx, request):
        response = RemotingCommand.create_response_command(ResponseCode.SUCCESS, None)
        response.body = STATIC_ROUTE.encode()
        return response


@pytest.fixture
def namesrv_addr() -> Iterator[str]:
    server = NettyRemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1"))
    server.register_processor(RequestCode.GET_ROUTEINFO_BY_TOPIC, _RouteProcessor())
    server.start()
    try:
        yield "127.0.0.1:%d" % server.local_listen_port()
    finally:
        server.shutdown()


def test_static_route_gives_logical_queues_mapped_to_their_leaders(namesrv_addr, make_client_config,
                                                                    client_instance, recording_producer,
                                                                    recording_consumer):
    instance = client_instance(make_client_config(namesrv_addr), start=False)
    api = instance.get_mq_client_api_impl()
    api.start()  # the remoting client only (no scheduled route refresh to race with)
    try:
        _check_static_route(instance, recording_producer, recording_consumer)
    finally:
        api.shutdown()


def _check_static_route(instance, recording_producer, recording_consumer):
    producer = recording_producer("st")
    consumer = recording_consumer("G", "st")
    instance.register_producer("PG", producer)
    instance.register_consumer("G", consumer)
    assert instance.update_topic_route_info_from_name_server("st")
    logical = [MessageQueue("st", MOCK, i) for i in range(4)]
    assert producer.publish_infos["st"].get_message_queue_list() == logical
    assert not producer.publish_infos["st"].is_order_topic()
    assert consumer.subscribe_infos["st"] == set(logical)
    leaders = [instance.get_broker_name_from_message_queue(mq) for mq in logical]
    assert leaders == ["broker-b", "broker-b", "broker-a", MixAll.LOGICAL_QUEUE_MOCK_BROKER_NAME_NOT_EXIST]
    assert instance.find_broker_address_in_publish(leaders[0]) == "127.0.0.1:10921"
    found = instance.find_broker_address_in_subscribe(leaders[2], MixAll.MASTER_ID, True)
    assert found is not None and found.get_broker_addr() == "127.0.0.1:10911"
    assert instance.find_broker_address_in_publish(leaders[3]) is None  # no broker holds queue 3 yet
    # a queue of another topic keeps its own broker name; an unchanged route is not stored again
    assert instance.get_broker_name_from_message_queue(MessageQueue("other", "broker-a", 0)) == "broker-a"
    assert not instance.update_topic_route_info_from_name_server("st")


def test_publish_info_of_a_static_route_is_sorted_by_queue_id():
    route = TopicRouteData.decode(STATIC_ROUTE.encode())
    info = MQClientInstance.topic_route_data2_topic_publish_info("st", route)
    assert [mq.queue_id for mq in info.get_message_queue_list()] == [0, 1, 2, 3]
    route.order_topic_conf = "broker-a:2"  # an order topic's configuration wins over the mapping
    assert MQClientInstance.topic_route_data2_topic_publish_info("st", route).get_message_queue_list() == [
        MessageQueue("st", "broker-a", 0), MessageQueue("st", "broker-a", 1)]
