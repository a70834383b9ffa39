"""AdminBrokerProcessor: store offsets and times, topic / consume statistics, configuration and runtime info,
topic and group administration, unknown codes and malformed frames."""
from __future__ import annotations

import json
import socket
import struct

import pytest
from broker_support import ConsumerClient, get_route, invoke, put_messages, wait_for

from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.group_list import GroupList
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.body.subscription_group_wrapper import SubscriptionGroupWrapper
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.header.delete_subscription_group_request_header import \
    DeleteSubscriptionGroupRequestHeader
from rocketmq_common.protocol.header.delete_topic_request_header import DeleteTopicRequestHeader
from rocketmq_common.protocol.header.get_consume_stats_request_header import GetConsumeStatsRequestHeader
from rocketmq_common.protocol.header.get_consumer_running_info_request_header import \
    GetConsumerRunningInfoRequestHeader
from rocketmq_common.protocol.header.get_earliest_msg_storetime_request_header import \
    GetEarliestMsgStoretimeRequestHeader
from rocketmq_common.protocol.header.get_max_offset_request_header import GetMaxOffsetRequestHeader
from rocketmq_common.protocol.header.get_min_offset_request_header import GetMinOffsetRequestHeader
from rocketmq_common.protocol.header.get_topic_stats_info_request_header import GetTopicStatsInfoRequestHeader
from rocketmq_common.protocol.header.query_topic_consume_by_who_request_header import \
    QueryTopicConsumeByWhoRequestHeader
from rocketmq_common.protocol.header.search_offset_request_header import SearchOffsetRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeaderV2
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, RemotingSysResponseCode
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

TOPIC = "StatsTopic"


@pytest.fixture
def client():
    with NettyRemotingClient() as c:
        yield c


@pytest.fixture
def stats_topic(embedded_cluster):
    """StatsTopic with 2 queues: 5 messages in queue 0, 2 in queue 1."""
    controller = embedded_cluster.broker_controller
    controller.get_topic_config_manager().update_topic_config(TopicConfig(TOPIC, 2, 2, 6))
    return put_messages(controller, TOPIC, 0, 5), put_messages(controller, TOPIC, 1, 2)


def test_store_offsets_and_times(embedded_cluster, client, stats_topic):
    addr = embedded_cluster.broker_addr
    q0, _ = stats_topic
    response = invoke(client, addr, RequestCode.GET_MAX_OFFSET, GetMaxOffsetRequestHeader(topic=TOPIC, queue_id=0))
    assert (response.code, response.remark, response.ext_fields) == (0, None, {"offset": "5"})
    response = invoke(client, addr, RequestCode.GET_MIN_OFFSET, GetMinOffsetRequestHeader(topic=TOPIC, queue_id=0))
    assert (response.code, response.ext_fields) == (0, {"offset": "0"})
    first_time = q0[0].append_message_result.store_timestamp
    response = invoke(client, addr, RequestCode.GET_EARLIEST_MSG_STORETIME,
                      GetEarliestMsgStoretimeRequestHeader(topic=TOPIC, queue_id=0))
    assert (response.code, response.ext_fields) == (0, {"timestamp": str(first_time)})
    third_time = q0[2].append_message_result.store_timestamp
    response = invoke(client, addr, RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
                      SearchOffsetRequestHeader(topic=TOPIC, queue_id=0, timestamp=third_time))
    assert response.code == 0
    found = int(response.ext_fields["offset"])
    assert found <= 2 and q0[found].append_message_result.store_timestamp == third_time
    # queues never written
    response = invoke(client, addr, RequestCode.GET_MAX_OFFSET, GetMaxOffsetRequestHeader(topic="None", queue_id=3))
    assert response.ext_fields == {"offset": "0"}


def test_topic_stats_info(embedded_cluster, client, stats_topic):
    q0, q1 = stats_topic
    response = invoke(client, embedded_cluster.broker_addr, RequestCode.GET_TOPIC_STATS_INFO,
                      GetTopicStatsInfoRequestHeader(topic=TOPIC))
    assert (response.code, response.remark) == (0, None)
    # MessageQueue object keys, written the fastjson way
    assert response.body.startswith(b'{"offsetTable":{{"brokerName":"broker-a","queueId":')
    table = TopicStatsTable.decode(response.body).offset_table
    offset0 = table[MessageQueue(TOPIC, "broker-a", 0)]
    assert (offset0.min_offset, offset0.max_offset, offset0.last_update_timestamp) == \
        (0, 5, q0[-1].append_message_result.store_timestamp)
    assert table[MessageQueue(TOPIC, "broker-a", 1)].max_offset == 2
    response = invoke(client, embedded_cluster.broker_addr, RequestCode.GET_TOPIC_STATS_INFO,
                      GetTopicStatsInfoRequestHeader(topic="Missing"))
    assert (response.code, response.remark) == (ResponseCode.TOPIC_NOT_EXIST, "topic[Missing] not exist")


def test_consume_stats_and_consumers_of_a_topic(embedded_cluster, client, stats_topic):
    q0, _ = stats_topic
    addr = embedded_cluster.broker_addr
    invoke(client, addr, RequestCode.UPDATE_CONSUMER_OFFSET, UpdateConsumerOffsetRequestHeader(
        consumer_group="CG", topic=TOPIC, queue_id=0, commit_offset=3))
    response = invoke(client, addr, RequestCode.GET_CONSUME_STATS, GetConsumeStatsRequestHeader(consumer_group="CG"))
    assert (response.code, response.remark) == (0, None)
    assert b'{{"brokerName":"broker-a","queueId":0,"topic":"StatsTopic"}:{"brokerOffset":5,"consumerOffset":3,' \
        in response.body
    stats = ConsumeStats.decode(response.body)
    wrapper = stats.offset_table[MessageQueue(TOPIC, "broker-a", 0)]
    assert (wrapper.broker_offset, wrapper.consumer_offset, wrapper.last_timestamp) == \
        (5, 3, q0[2].append_message_result.store_timestamp)
    assert stats.offset_table[MessageQueue(TOPIC, "broker-a", 1)].consumer_offset == 0
    assert stats.compute_total_diff() == 2 + 2
    response = invoke(client, addr, RequestCode.QUERY_TOPIC_CONSUME_BY_WHO,
                      QueryTopicConsumeByWhoRequestHeader(topic=TOPIC))
    assert GroupList.decode(response.body).group_list == {"CG"}


def test_broker_runtime_info_and_config(embedded_cluster, client, stats_topic):
    addr = embedded_cluster.broker_addr
    response = invoke(client, addr, RequestCode.GET_BROKER_RUNTIME_INFO)
    assert (response.code, response.remark) == (0, None)
    table = KVTable.decode(response.body).table
    assert table["brokerVersionDesc"] == "V5_3_3" and table["brokerVersion"] == "479"
    assert table["msgPutTotalTodayNow"] == "7"
    for key in ("putTps", "getTransferedTps", "commitLogDiskRatio", "commitLogMinOffset", "commitLogMaxOffset",
                "sendThreadPoolQueueSize", "pullThreadPoolQueueCapacity", "earliestMessageTimeStamp",
                "commitLogDirCapacity", "msgGetTotalTodayNow", "bootTimestamp", "runtime", "getFoundTps",
                "getMissTps", "getTotalTps", "putLatency99", "putLatency999", "putMessageDistributeTime"):
        assert key in table, key
    response = invoke(client, addr, RequestCode.GET_BROKER_CONFIG)
    assert (response.code, response.remark) == (0, None)
    text = response.body.decode("utf-8")
    assert "brokerName=broker-a\n" in text and "brokerClusterName=DefaultCluster\n" in text
    assert "listenPort=%s\n" % addr.rsplit(":", 1)[1] in text
    assert set(json.loads(response.ext_fields["version"])) == {"counter", "timestamp"}
    body = b"brokerPermission=4\n"
    response = invoke(client, addr, RequestCode.UPDATE_BROKER_CONFIG, body=body)
    assert (response.code, response.remark) == (0, None)
    assert embedded_cluster.broker_controller.get_broker_config().broker_permission == 4
    # the permission change is registered at once: the routes become read-only
    route = get_route(client, embedded_cluster.namesrv_addr, "TBW102")
    assert route.queue_datas[0].perm == 4


def test_all_topic_and_group_configs(embedded_cluster, client):
    addr = embedded_cluster.broker_addr
    response = invoke(client, addr, RequestCode.GET_ALL_TOPIC_CONFIG)
    assert (response.code, response.remark, response.ext_fields) == (0, None, {})
    wrapper = TopicConfigSerializeWrapper.decode(response.body)
    assert "TBW102" in wrapper.topic_config_table and wrapper.data_version is not None
    response = invoke(client, addr, RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG)
    groups = SubscriptionGroupWrapper.decode(response.body).subscription_group_table
    assert {"TOOLS_CONSUMER", "FILTERSRV_CONSUMER", "SELF_TEST_C_GROUP", "CID_ONS-HTTP-PROXY", "CID_ONSAPI_PULL",
            "CID_ONSAPI_PERMISSION", "CID_ONSAPI_OWNER"} <= set(groups)
    response = invoke(client, addr, RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER)
    assert {"TBW102", "SCHEDULE_TOPIC_XXXX", "broker-a", "DefaultCluster"} <= TopicList.decode(response.body).topic_list


def test_delete_topic_and_group(embedded_cluster, client, stats_topic):
    addr = embedded_cluster.broker_addr
    controller = embedded_cluster.broker_controller
    invoke(client, addr, RequestCode.UPDATE_CONSUMER_OFFSET, UpdateConsumerOffsetRequestHeader(
        consumer_group="CG", topic=TOPIC, queue_id=0, commit_offset=3))
    response = invoke(client, addr, RequestCode.DELETE_TOPIC_IN_BROKER, DeleteTopicRequestHeader(topic=TOPIC))
    assert (response.code, response.remark) == (0, None)
    assert controller.get_topic_config_manager().select_topic_config(TOPIC) is None
    assert controller.get_consumer_offset_manager().query_offset("CG", TOPIC, 0) == -1
    assert controller.get_message_store().get_max_offset_in_queue(TOPIC, 0) == 0
    response = invoke(client, addr, RequestCode.DELETE_TOPIC_IN_BROKER, DeleteTopicRequestHeader(topic="TBW102"))
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR,
                                                "The topic[TBW102] is conflict with system topic.")
    controller.get_subscription_group_manager().find_subscription_group_config("Doomed")
    invoke(client, addr, RequestCode.UPDATE_CONSUMER_OFFSET, UpdateConsumerOffsetRequestHeader(
        consumer_group="Doomed", topic="T", queue_id=0, commit_offset=1))
    response = invoke(client, addr, RequestCode.DELETE_SUBSCRIPTIONGROUP,
                      DeleteSubscriptionGroupRequestHeader(group_name="Doomed", remove_offset=True))
    assert (response.code, response.remark) == (0, None)
    assert "Doomed" not in controller.get_subscription_group_manager().get_subscription_group_table()
    assert controller.get_consumer_offset_manager().query_offset("Doomed", "T", 0) == -1


def test_unknown_request_code(embedded_cluster, client):
    response = invoke(client, embedded_cluster.broker_addr, 9999)
    assert (response.code, response.remark) == (RemotingSysResponseCode.REQUEST_CODE_NOT_SUPPORTED,
                                                " request type 9999 not supported")
    response = invoke(client, embedded_cluster.broker_addr, RequestCode.GET_TOPIC_CONFIG_LIST)
    assert response.remark == " request type %d not supported" % RequestCode.GET_TOPIC_CONFIG_LIST


def test_malformed_frame_closes_only_that_connection(embedded_cluster, client):
    host, port = embedded_cluster.broker_addr.rsplit(":", 1)
    bad = socket.create_connection((host, int(port)), timeout=5)
    good = ConsumerClient(embedded_cluster.broker_addr, "127.0.0.1@good")
    try:
        assert good.heartbeat("G").code == 0
        bad.sendall(struct.pack(">i", -5) + b"garbage")
        assert bad.recv(1) == b""                               # the broker closed it
        assert good.heartbeat("G").code == 0                    # the other connection still works
        assert good.invoke(RequestCode.GET_MAX_OFFSET,
                           GetMaxOffsetRequestHeader(topic="T", queue_id=0)).code == 0
        info = embedded_cluster.broker_controller.get_consumer_manager().get_consumer_group_info("G")
        assert info.get_all_client_id() == ["127.0.0.1@good"]
    finally:
        bad.close()
        good.close()


def test_consumer_running_info_is_forwarded_to_the_consumer(embedded_cluster):
    consumer = ConsumerClient(embedded_cluster.broker_addr, "127.0.0.1@c1")

    class Answer:
        def process_request(self, ctx, request):
            response = RemotingCommand.create_response_command(0, None)
            response.body = b'{"properties":{"consumerGroup":"CG"}}'
            return response

        def reject_request(self):
            return False
    consumer.client.register_processor(RequestCode.GET_CONSUMER_RUNNING_INFO, Answer())
    admin = ConsumerClient(embedded_cluster.broker_addr, "admin")
    try:
        consumer.heartbeat("CG")
        header = GetConsumerRunningInfoRequestHeader(consumer_group="CG", client_id="127.0.0.1@c1",
                                                     jstack_enable=False)
        response = admin.invoke(RequestCode.GET_CONSUMER_RUNNING_INFO, header)
        assert (response.code, response.body) == (0, b'{"properties":{"consumerGroup":"CG"}}')
        header.client_id = "nobody"
        response = admin.invoke(RequestCode.GET_CONSUMER_RUNNING_INFO, header)
        assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR,
                                                    "The Consumer <CG> <nobody> not online")
    finally:
        consumer.close()
        admin.close()
    wait_for(lambda: embedded_cluster.broker_controller.get_consumer_manager().get_consumer_group_info("CG") is None,
             what="the consumer to leave")


def test_send_to_a_new_topic_creates_it_from_tbw102(embedded_cluster, client):
    """The send path (BROKER-MSG's SendMessageProcessor) auto-creates the topic through the TopicConfigManager,
    which registers it with the NameServer; the offsets then move."""
    addr = embedded_cluster.broker_addr
    header = SendMessageRequestHeaderV2(a="PG", b="FreshTopic", c="TBW102", d=4, e=2, f=0, g=1795942014270, h=0,
                                        i="TAGS\x01TagA\x02WAIT\x01true", j=0, k=False, m=False, n="broker-a")
    response = invoke(client, addr, RequestCode.SEND_MESSAGE_V2, header, b"hello")
    assert response.code == ResponseCode.SUCCESS, response.remark
    assert (response.ext_fields["queueId"], response.ext_fields["queueOffset"]) == ("2", "0")
    topic_config = embedded_cluster.broker_controller.get_topic_config_manager().select_topic_config("FreshTopic")
    assert (topic_config.read_queue_nums, topic_config.write_queue_nums, topic_config.perm) == (4, 4, 6)
    route = wait_for(lambda: get_route(client, embedded_cluster.namesrv_addr, "FreshTopic"), what="FreshTopic")
    assert route.queue_datas[0].write_queue_nums == 4
    response = invoke(client, addr, RequestCode.GET_MAX_OFFSET,
                      GetMaxOffsetRequestHeader(topic="FreshTopic", queue_id=2))
    assert response.ext_fields == {"offset": "1"}
