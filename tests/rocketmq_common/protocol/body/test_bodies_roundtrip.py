"""Every JSON body and value class: encode -> decode round trips with nested samples, fastjson dialect on the wire."""
from __future__ import annotations

import pytest
from common_support import defined_classes, normalise, sample_bean

from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.admin.offset_wrapper import OffsetWrapper
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.query_correction_offset_body import QueryCorrectionOffsetBody
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_remoting.common.bean import Bean
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader
from rocketmq_remoting.protocol.remoting_serializable import (
    RemotingSerializable, from_json_value, to_json_value,
)

BODIES = defined_classes(RemotingSerializable)
VALUES = [c for c in defined_classes(Bean)
          if not issubclass(c, (RemotingSerializable, CommandCustomHeader))]


def test_the_expected_classes_are_enumerated():
    names = {c.__name__ for c in BODIES}
    assert {"TopicRouteData", "HeartbeatData", "ClusterInfo", "TopicList", "KVTable", "GroupList",
            "LockBatchRequestBody", "LockBatchResponseBody", "UnlockBatchRequestBody",
            "GetConsumerListByGroupResponseBody", "ConsumerRunningInfo", "ResetOffsetBody", "ResetOffsetBodyForC",
            "GetConsumerStatusBody", "ConsumeMessageDirectlyResult", "QueryConsumeTimeSpanBody",
            "QueryCorrectionOffsetBody", "CheckClientRequestBody", "ConsumerConnection", "ProducerConnection",
            "TopicConfigSerializeWrapper", "SubscriptionGroupWrapper", "RegisterBrokerBody", "DataVersion",
            "ConsumeStatsList", "BrokerStatsData", "QueryConsumeQueueResponseBody", "ProducerInfo",
            "ProducerTableInfo", "ConsumeStats", "TopicStatsTable", "ConsumeByWho", "ClusterAclVersionInfo",
            "ConsumerOffsetSerializeWrapper", "OffsetMovedEvent"} <= names
    assert {"QueueData", "BrokerData", "SubscriptionData", "ConsumerData", "ProducerData", "ProcessQueueInfo",
            "ConsumeStatus", "Connection", "QueueTimeSpan", "OffsetWrapper", "TopicOffset", "TopicConfig",
            "SubscriptionGroupConfig", "BrokerStatsItem", "ConsumeQueueData", "RollbackStats",
            "RegisterBrokerResult"} <= {c.__name__ for c in VALUES}


@pytest.mark.parametrize("cls", BODIES, ids=lambda c: c.__name__)
def test_body_round_trip(cls):
    body = sample_bean(cls)
    data = body.encode()
    assert isinstance(data, bytes)
    decoded = cls.decode(data)
    assert type(decoded) is cls
    assert normalise(decoded) == normalise(body)
    assert normalise(cls.from_json(body.to_json())) == normalise(body)
    assert normalise(cls.from_json_value(fastjson.loads(body.to_json()))) == normalise(body)


@pytest.mark.parametrize("cls", VALUES, ids=lambda c: c.__name__)
def test_value_class_round_trip(cls):
    value = sample_bean(cls)
    text = fastjson.dumps(to_json_value(value, cls))
    assert normalise(from_json_value(fastjson.loads(text), cls)) == normalise(value)


def test_java_property_names_on_the_wire():
    from rocketmq_common.protocol.body.consume_status import ConsumeStatus
    from rocketmq_common.protocol.body.lock_batch_response_body import LockBatchResponseBody
    from rocketmq_common.protocol.body.process_queue_info import ProcessQueueInfo
    from rocketmq_common.protocol.body.producer_info import ProducerInfo
    from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
    # 5.3.3's heartbeat v2 fields; fastjson names Java's ``isWithoutSub()`` ``withoutSub``
    assert set(HeartbeatData().to_json_value()) == {"consumerDataSet", "producerDataSet", "heartbeatFingerprint",
                                                    "withoutSub"}
    assert "clientID" in HeartbeatData(client_id="c").to_json_value()
    assert set(LockBatchResponseBody().to_json_value()) == {"lockOKMQSet"}
    assert set(to_json_value(ConsumeStatus())) == {
        "pullRT", "pullTPS", "consumeRT", "consumeOKTPS", "consumeFailedTPS", "consumeFailedMsgs"}
    assert {"droped", "cachedMsgSizeInMiB"} <= set(to_json_value(ProcessQueueInfo()))
    assert "remoteIP" in ProducerInfo(remote_ip="1.2.3.4").to_json_value()


def test_message_queue_keys_are_written_as_fastjson_object_keys():
    stats = ConsumeStats()
    stats.offset_table[MessageQueue("T", "broker-a", 0)] = OffsetWrapper(broker_offset=6, consumer_offset=3)
    text = stats.to_json()
    assert text == ('{"consumeTps":0.0,"offsetTable":{{"brokerName":"broker-a","queueId":0,"topic":"T"}:'
                    '{"brokerOffset":6,"consumerOffset":3,"lastTimestamp":0}}}')
    assert ConsumeStats.from_json(text).offset_table.keys() == stats.offset_table.keys()


def test_integer_keys_read_quoted_and_unquoted():
    text = ('{"brokerAddrTable":{"broker-a":{"brokerAddrs":{0:"127.0.0.1:10911",1:"127.0.0.1:10921"},'
            '"brokerName":"broker-a","cluster":"DefaultCluster"}},"clusterAddrTable":{"DefaultCluster":["broker-a"]}}')
    info = ClusterInfo.from_json(text)
    assert info.broker_addr_table["broker-a"].broker_addrs == {0: "127.0.0.1:10911", 1: "127.0.0.1:10921"}
    assert info.cluster_addr_table == {"DefaultCluster": {"broker-a"}}
    route = TopicRouteData.from_json(
        '{"brokerDatas":[{"brokerAddrs":{"0":"127.0.0.1:20911"},"brokerName":"broker-a","cluster":"C"}],'
        '"filterServerTable":{},"queueDatas":[{"brokerName":"broker-a","perm":7,"readQueueNums":8,'
        '"topicSysFlag":0,"writeQueueNums":8}]}')
    assert route.broker_datas[0].broker_addrs == {0: "127.0.0.1:20911"}
    body = QueryCorrectionOffsetBody.from_json('{"correctionOffsets":{0:123,7:-1}}')
    assert body.correction_offsets == {0: 123, 7: -1}


def test_route_data_is_written_as_standard_json_like_the_4_9_7_name_server():
    route = TopicRouteData.from_json(
        '{"brokerDatas":[{"brokerAddrs":{0:"127.0.0.1:20911"},"brokerName":"broker-a","cluster":"DefaultCluster"}],'
        '"filterServerTable":{},"queueDatas":[{"brokerName":"broker-a","perm":7,"readQueueNums":8,'
        '"topicSysFlag":0,"writeQueueNums":8}]}')
    assert route.to_json() == (
        '{"brokerDatas":[{"brokerAddrs":{"0":"127.0.0.1:20911"},"brokerName":"broker-a","cluster":"DefaultCluster"}],'
        '"filterServerTable":{},"queueDatas":[{"brokerName":"broker-a","perm":7,"readQueueNums":8,'
        '"topicSysFlag":0,"writeQueueNums":8}]}')


def test_reset_offset_body_for_c_is_a_list_of_queues_with_offsets():
    from rocketmq_common.message.message_queue_for_c import MessageQueueForC
    from rocketmq_common.protocol.body.reset_offset_body_for_c import ResetOffsetBodyForC
    body = ResetOffsetBodyForC(offset_table=[MessageQueueForC("T", "broker-a", 0, 100)])
    assert body.to_json() == ('{"offsetTable":[{"brokerName":"broker-a","offset":100,"queueId":0,"topic":"T"}]}')
    back = ResetOffsetBodyForC.decode(body.encode())
    assert back.offset_table == [MessageQueueForC("T", "broker-a", 0, 100)]
    assert MessageQueueForC("T", "b", 0, 1) < MessageQueueForC("T", "b", 0, 2)
