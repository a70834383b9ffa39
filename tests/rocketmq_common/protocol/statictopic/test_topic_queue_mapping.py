"""Static-topic beans: JSON as Java 5.3.3's fastjson writes and reads it (TopicQueueMappingTest), the route's
``topicQueueMappingByBroker``, the body wrappers, and the items' offset arithmetic."""
from __future__ import annotations

import json

from rocketmq_common.protocol.body.topic_config_and_mapping_serialize_wrapper import \
    TopicConfigAndMappingSerializeWrapper
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.body.topic_queue_mapping_serialize_wrapper import TopicQueueMappingSerializeWrapper
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData, topic_route_data_is_change
from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_common.protocol.statictopic.topic_remapping_detail_wrapper import TopicRemappingDetailWrapper
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_serializable import from_json_value, to_json_value

# what a 5.3.3 NameServer answers GET_ROUTEINFO_BY_TOPIC for a static topic of 4 queues over two brokers
# (fastjson: fields sorted, Integer/Long map keys unquoted)
JAVA_STATIC_ROUTE = (
    '{"brokerDatas":[{"brokerAddrs":{0:"127.0.0.1:10911"},"brokerName":"broker-a","cluster":"DefaultCluster",'
    '"enableActingMaster":false},{"brokerAddrs":{0:"127.0.0.1:10921"},"brokerName":"broker-b",'
    '"cluster":"DefaultCluster","enableActingMaster":false}],"filterServerTable":{},'
    '"queueDatas":[{"brokerName":"broker-a","perm":6,"readQueueNums":2,"topicSysFlag":0,"writeQueueNums":2},'
    '{"brokerName":"broker-b","perm":6,"readQueueNums":3,"topicSysFlag":0,"writeQueueNums":3}],'
    '"topicQueueMappingByBroker":{"broker-a":{"bname":"broker-a","currIdMap":{0:0,2:1},"dirty":false,'
    '"epoch":1700000001000,"scope":"__global__","topic":"st","totalQueues":4},'
    '"broker-b":{"bname":"broker-b","currIdMap":{1:0,3:1,0:2},"dirty":false,"epoch":1700000002000,'
    '"scope":"__global__","topic":"st","totalQueues":4}}}')


def test_logic_queue_mapping_item_json_as_java_writes_it():
    item = LogicQueueMappingItem(1, 2, "broker01", 33333333333333333, 44444444444444444, 555555555555555555,
                                 6666666666666666, 77777777777777777)
    text = item.to_json()
    assert json.loads(text) == {"bname": "broker01", "gen": 1, "queueId": 2, "logicOffset": 33333333333333333,
                                "startOffset": 44444444444444444, "endOffset": 555555555555555555,
                                "timeOfStart": 6666666666666666, "timeOfEnd": 77777777777777777}
    assert list(json.loads(text)) == sorted(json.loads(text))  # fastjson's field order
    decoded = LogicQueueMappingItem.from_json(text)
    assert decoded == item and hash(decoded) == hash(item)
    assert decoded.to_json() == text
    assert LogicQueueMappingItem() == LogicQueueMappingItem(end_offset=-1)
    assert LogicQueueMappingItem().end_offset == -1 and LogicQueueMappingItem().time_of_start == -1


def test_mapping_detail_json_round_trip_with_java_int_keys():
    item = LogicQueueMappingItem(1, 2, "broker01", 0, 0, -1, -1, -1)
    detail = TopicQueueMappingDetail("test", 1, "broker01", 1700000000000)
    TopicQueueMappingDetail.put_mapping_info(detail, 0, [item])
    value = json.loads(detail.to_json())
    assert set(value) == {"bname", "currIdMap", "dirty", "epoch", "hostedQueues", "scope", "topic", "totalQueues"}
    assert value["scope"] == "__global__" and len(value["hostedQueues"]["0"]) == 1
    decoded = TopicQueueMappingDetail.decode(detail.encode())
    assert decoded.hosted_queues == {0: [item]} and decoded.to_json() == detail.to_json()
    # fastjson writes Integer keys unquoted
    java = ('{"bname":"broker01","currIdMap":{0:2},"dirty":false,"epoch":1700000000000,"hostedQueues":{0:[{'
            '"bname":"broker01","endOffset":-1,"gen":1,"logicOffset":0,"queueId":2,"startOffset":0,"timeOfEnd":-1,'
            '"timeOfStart":-1}]},"scope":"__global__","topic":"test","totalQueues":1}')
    from_java = TopicQueueMappingDetail.decode(java.encode())
    assert from_java.hosted_queues == {0: [item]} and from_java.curr_id_map == {0: 2}
    assert from_java.epoch == 1700000000000 and from_java.bname == "broker01"


def test_route_with_topic_queue_mapping_by_broker_as_java_writes_it():
    route = TopicRouteData.decode(JAVA_STATIC_ROUTE.encode())
    mapping = route.topic_queue_mapping_by_broker
    assert set(mapping) == {"broker-a", "broker-b"}
    assert mapping["broker-b"] == TopicQueueMappingInfo("st", 4, "broker-b", 1700000002000,
                                                        curr_id_map={1: 0, 3: 1, 0: 2})
    again = TopicRouteData.decode(route.encode())
    assert again == route and not topic_route_data_is_change(route, again)
    changed = TopicRouteData.decode(route.encode())
    changed.topic_queue_mapping_by_broker["broker-a"].epoch += 1
    assert topic_route_data_is_change(route, changed) and changed.topic_route_data_changed(route)
    clone = route.clone_topic_route_data()
    assert clone == route and clone.topic_queue_mapping_by_broker is not route.topic_queue_mapping_by_broker


def test_route_of_a_4_9_7_namesrv_has_no_mapping():
    route = TopicRouteData.decode(b'{"brokerDatas":[{"brokerAddrs":{0:"127.0.0.1:10911"},"brokerName":"b",'
                                  b'"cluster":"c"}],"filterServerTable":{},"queueDatas":[]}')
    assert route.topic_queue_mapping_by_broker is None
    assert "topicQueueMappingByBroker" not in route.to_json()
    assert route.clone_topic_route_data() == route


def test_topic_config_and_queue_mapping_json():
    detail = TopicQueueMappingDetail("st", 4, "broker-a", 7)
    TopicQueueMappingDetail.put_mapping_info(detail, 2, [LogicQueueMappingItem(0, 1, "broker-a", 0, 0, -1, -1, -1)])
    config = TopicConfigAndQueueMapping(TopicConfig("st", 2, 2), detail)
    assert (config.topic_name, config.read_queue_nums, config.write_queue_nums) == ("st", 2, 2)
    value = to_json_value(config)
    assert value["mappingDetail"]["hostedQueues"] == {"2": [to_json_value(detail.hosted_queues[2][0])]}
    decoded = from_json_value(fastjson.loads(fastjson.dumps(value)), TopicConfigAndQueueMapping)
    assert decoded == config and decoded.mapping_detail.hosted_queues[2][0].queue_id == 1
    assert "mappingDetail=TopicQueueMappingDetail{hostedQueues={2=[LogicQueueMappingItem{gen=0" in repr(config)
    assert repr(TopicConfigAndQueueMapping(TopicConfig("x"))).endswith("mappingDetail=null]")


def test_detail_helpers():
    detail = TopicQueueMappingDetail("st", 4, "broker-b", 7)
    old = LogicQueueMappingItem(0, 0, "broker-a", 0, 0, 100, -1, -1)
    new = LogicQueueMappingItem(1, 2, "broker-b", 100, 0, -1, -1, -1)
    TopicQueueMappingDetail.put_mapping_info(detail, 1, [old, new])
    TopicQueueMappingDetail.put_mapping_info(detail, 3, [LogicQueueMappingItem(0, 1, "broker-a", 0)])
    assert TopicQueueMappingDetail.put_mapping_info(detail, 9, []) and 9 not in detail.hosted_queues
    assert TopicQueueMappingDetail.build_id_map(detail, TopicQueueMappingInfo.LEVEL_0) == {1: 2}
    info = TopicQueueMappingDetail.clone_as_mapping_info(detail)
    assert type(info) is TopicQueueMappingInfo and info.curr_id_map == {1: 2} and info.epoch == 7
    assert TopicQueueMappingDetail.compute_max_offset_from_mapping(detail, 1) == 100
    assert TopicQueueMappingDetail.compute_max_offset_from_mapping(detail, 0) == -1
    assert TopicQueueMappingDetail.check_if_as_physical(detail, 0)
    assert TopicQueueMappingDetail.check_if_as_physical(detail, 3)
    assert not TopicQueueMappingDetail.check_if_as_physical(detail, 1)


def test_item_offset_arithmetic():
    item = LogicQueueMappingItem(1, 0, "b", 1000, 10, 50, -1, -1)
    assert item.compute_static_queue_offset_loosely(5) == 1000
    assert item.compute_static_queue_offset_loosely(30) == 1020
    assert item.compute_static_queue_offset_loosely(60) == 1040  # clamped at the end offset
    assert item.compute_static_queue_offset_strictly(60) == 1050
    assert item.compute_physical_queue_offset(1020) == 30
    assert item.compute_max_static_queue_offset() == 1040
    assert item.compute_offset_delta() == 990
    assert item.check_if_end_offset_decided() and item.check_if_logicoffset_decided()
    pending = LogicQueueMappingItem(2, 1, "c", -1, 0, -1, -1, -1)
    assert pending.compute_static_queue_offset_loosely(3) == -1 and not pending.check_if_logicoffset_decided()
    assert pending.compute_max_static_queue_offset() == -1 and not pending.check_if_end_offset_decided()


def test_serialize_wrappers():
    detail = TopicQueueMappingDetail("st", 1, "b", 5)
    wrapper = TopicQueueMappingSerializeWrapper(topic_queue_mapping_info_map={"st": detail})
    again = TopicQueueMappingSerializeWrapper.decode(wrapper.encode())
    assert again.topic_queue_mapping_info_map["st"].epoch == 5 and again.data_version is not None
    plain = TopicConfigSerializeWrapper(topic_config_table={"st": TopicConfig("st")})
    both = TopicConfigAndMappingSerializeWrapper.from_(plain)
    assert both.topic_config_table is plain.topic_config_table and both.data_version is plain.data_version
    assert both.topic_queue_mapping_info_map == {} and TopicConfigAndMappingSerializeWrapper.from_(both) is both
    both.topic_queue_mapping_info_map["st"] = TopicQueueMappingDetail.clone_as_mapping_info(detail)
    both.topic_queue_mapping_detail_map["st"] = detail
    decoded = TopicConfigAndMappingSerializeWrapper.decode(both.encode())
    assert decoded.topic_queue_mapping_detail_map["st"].bname == "b"
    assert type(decoded.topic_queue_mapping_info_map["st"]) is TopicQueueMappingInfo
    # a 4.9.7 reader of the plain wrapper ignores the extra fields
    assert TopicConfigSerializeWrapper.decode(both.encode()).topic_config_table["st"] == TopicConfig("st")


def test_remapping_detail_wrapper_json():
    config = TopicConfigAndQueueMapping(TopicConfig("st", 1, 1), TopicQueueMappingDetail("st", 1, "b", 3))
    wrapper = TopicRemappingDetailWrapper("st", TopicRemappingDetailWrapper.TYPE_REMAPPING, 3, {"b": config},
                                          {"b"}, {"a"})
    value = json.loads(wrapper.to_json())
    assert sorted(value) == ["brokerConfigMap", "brokerToMapIn", "brokerToMapOut", "epoch", "topic", "type"]
    again = TopicRemappingDetailWrapper.decode(wrapper.encode())
    assert again.broker_config_map == {"b": config} and again.broker_to_map_in == {"b"}
    assert again.broker_to_map_out == {"a"} and again.type == "REMAPPING"
