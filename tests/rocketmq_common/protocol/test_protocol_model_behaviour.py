"""Java behaviour of the protocol model classes: codes, subscriptions, routes, configs and their helpers."""
from __future__ import annotations

import re
import time
import zlib

import pytest

from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.admin.offset_wrapper import OffsetWrapper
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.data_version import DataVersion
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.connection import Connection
from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.body.process_queue_info import ProcessQueueInfo
from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
from rocketmq_common.protocol.body.register_broker_body import RegisterBrokerBody
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.broker_data import BrokerData
from rocketmq_common.protocol.route.queue_data import QueueData
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData, topic_route_data_is_change
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_common.subscription.customized_retry_policy import CustomizedRetryPolicy
from rocketmq_common.subscription.group_retry_policy import GroupRetryPolicy
from rocketmq_common.subscription.group_retry_policy_type import GroupRetryPolicyType
from rocketmq_common.subscription.simple_subscription_data import SimpleSubscriptionData
from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig, java_field_string
from rocketmq_common.topic_config import TopicConfig
from rocketmq_common.topic_filter_type import TopicFilterType
from rocketmq_remoting.common.bean import SetOf
from rocketmq_remoting.protocol.remoting_command import RemotingSysResponseCode
from rocketmq_remoting.protocol.remoting_serializable import from_json_value, to_json_value


def _codes(cls):
    return {k: v for klass in cls.__mro__ for k, v in vars(klass).items() if k.isupper() and type(v) is int}


# ---------------------------------------------------------------- codes


def test_request_codes():
    codes = _codes(RequestCode)
    assert len(codes) == 96 + 62  # 4.9.7's, and the 62 that 5.3.3 added
    assert len(set(codes.values())) == len(codes)
    assert (RequestCode.POP_MESSAGE, RequestCode.RECALL_MESSAGE, RequestCode.QUERY_ASSIGNMENT) == (200050, 370, 400)
    assert (RequestCode.SEND_MESSAGE_V2, RequestCode.PULL_MESSAGE, RequestCode.GET_ROUTEINFO_BY_TOPIC) == (310, 11, 105)
    assert RequestCode.name_of(RequestCode.DELETE_EXPIRED_COMMITLOG) == "DELETE_EXPIRED_COMMITLOG"
    assert RequestCode.name_of(9999) == "9999"


def test_response_codes_extend_the_remoting_ones():
    assert issubclass(ResponseCode, RemotingSysResponseCode)
    codes = _codes(ResponseCode)
    assert len(codes) == 5 + 32 + 32  # the remoting ones, 4.9.7's, and the 32 that 5.3.3 added
    assert ResponseCode.name_of(0) == "SUCCESS"
    assert ResponseCode.name_of(4) == "TRANSACTION_FAILED"
    assert ResponseCode.name_of(ResponseCode.FLOW_CONTROL) == "FLOW_CONTROL"
    assert ResponseCode.name_of(-1) == "-1"
    # 5.x gave 4.9.7's ACL 1.0 codes to POP: both names, as a reply's code can mean either
    assert ResponseCode.name_of(209) == "POLLING_FULL/UPDATE_AND_CREATE_ACL_CONFIG_FAILED"
    assert ResponseCode.name_of(ResponseCode.ILLEGAL_OPERATION) == "ILLEGAL_OPERATION"


# ---------------------------------------------------------------- subscriptions


def test_build_subscription_data_for_tags():
    before = int(time.time() * 1000)
    sd = FilterAPI.build_subscription_data("TopicTest", "TagA || TagB")
    assert sd.topic == "TopicTest"
    assert sd.sub_string == "TagA || TagB"
    assert sd.tags_set == {"TagA", "TagB"}
    assert sd.code_set == {2598919, 2598920}
    assert sd.expression_type == ExpressionType.TAG
    assert before <= sd.sub_version <= int(time.time() * 1000)


@pytest.mark.parametrize("expression", [None, "", "*"])
def test_build_subscription_data_for_everything(expression):
    sd = FilterAPI.build_subscription_data("T", expression)
    assert (sd.sub_string, sd.tags_set, sd.code_set) == ("*", set(), set())


def test_build_subscription_data_trims_and_drops_empty_pieces():
    sd = FilterAPI.build_subscription_data("T", " a ||  || \t日本 ||")
    assert sd.tags_set == {"a", "日本"}
    assert sd.code_set == {97, 835047}
    assert sd.sub_string == " a ||  || \t日本 ||"
    with pytest.raises(ValueError, match="split error"):
        FilterAPI.build_subscription_data("T", "||||")


def test_build_sql92_subscription():
    sd = FilterAPI.build("T", "a > 1", ExpressionType.SQL92)
    assert (sd.sub_string, sd.expression_type, sd.tags_set) == ("a > 1", "SQL92", set())
    assert FilterAPI.build("T", "TagA", None).tags_set == {"TagA"}
    with pytest.raises(ValueError):
        FilterAPI.build("T", "", ExpressionType.SQL92)
    assert ExpressionType.is_tag_type(None) and ExpressionType.is_tag_type("") and ExpressionType.is_tag_type("TAG")
    assert not ExpressionType.is_tag_type("SQL92")


def test_subscription_data_equality_and_hash_follow_java():
    a = SubscriptionData("T", "*", sub_version=1)
    b = SubscriptionData("T", "*", sub_version=1)
    assert a == b and hash(a) == hash(b)
    b.sub_version = 2
    assert a != b  # Java equals compares subVersion ...
    assert hash(a) == hash(b)  # ... hashCode does not
    b.tags_set.add("x")
    assert a != b
    ordered = sorted([SubscriptionData("b", "*"), SubscriptionData("a", "z"), SubscriptionData("a", "b")])
    assert [(s.topic, s.sub_string) for s in ordered] == [("a", "b"), ("a", "z"), ("b", "*")]


def test_subscription_data_never_serializes_the_filter_class_source():
    sd = SubscriptionData("T", "*", sub_version=5)
    sd.set_filter_class_source("class X {}")
    assert sd.get_filter_class_source() == "class X {}"
    assert to_json_value(sd) == {"classFilterMode": False, "codeSet": [], "expressionType": "TAG", "subString": "*",
                                 "subVersion": 5, "tagsSet": [], "topic": "T"}


def test_enum_values():
    assert ConsumeType.CONSUME_PASSIVELY.get_type_cn() == "PUSH"
    assert MessageModel.CLUSTERING.get_mode_cn() == "CLUSTERING"
    assert [m.name for m in ConsumeFromWhere][0] == "CONSUME_FROM_LAST_OFFSET"
    assert len(ConsumeFromWhere) == 6
    assert [m.name for m in TopicFilterType] == ["SINGLE_TAG", "MULTI_TAG"]


# ---------------------------------------------------------------- routes


def _route(*brokers):
    return TopicRouteData(
        queue_datas=[QueueData(broker_name=b, read_queue_nums=4, write_queue_nums=4, perm=6) for b in brokers],
        broker_datas=[BrokerData("C", b, {0: "%s:10911" % b}) for b in brokers],
        filter_server_table={})


def test_broker_data_selects_the_master_else_a_slave():
    assert BrokerData("C", "b", {0: "m:1", 1: "s:1"}).select_broker_addr() == "m:1"
    assert BrokerData("C", "b", {1: "s1:1", 2: "s2:1"}).select_broker_addr() in ("s1:1", "s2:1")
    assert BrokerData("C", "b", {}).select_broker_addr() is None


def test_broker_data_equality_ignores_the_cluster():
    assert BrokerData("C1", "b", {0: "a"}) == BrokerData("C2", "b", {0: "a"})
    assert hash(BrokerData("C1", "b", {0: "a"})) == hash(BrokerData("C2", "b", {0: "a"}))
    assert BrokerData("C", "b", {0: "a"}) != BrokerData("C", "b", {0: "x"})


def test_route_clone_and_change_detection():
    route = _route("broker-a", "broker-b")
    clone = route.clone_topic_route_data()
    assert clone == route and clone is not route
    assert clone.queue_datas is not route.queue_datas and clone.queue_datas[0] is route.queue_datas[0]
    reordered = _route("broker-b", "broker-a")
    assert reordered != route  # Java equals compares the lists in order
    assert not topic_route_data_is_change(route, reordered)
    assert route.queue_datas[0].broker_name == "broker-a"  # the inputs are not sorted in place
    changed = _route("broker-a", "broker-b")
    changed.queue_datas[1].perm = 4
    assert topic_route_data_is_change(route, changed)
    assert topic_route_data_is_change(None, route)
    assert TopicRouteData().clone_topic_route_data().queue_datas == []


def test_cluster_info_helpers():
    info = ClusterInfo(broker_addr_table={"a": BrokerData("C", "a", {0: "a:1", 1: "a:2"}),
                                          "b": BrokerData("C", "b", {0: "b:1"})},
                       cluster_addr_table={"C": {"a", "b", "gone"}})
    assert sorted(info.retrieve_all_addr_by_cluster("C")) == ["a:1", "a:2", "b:1"]
    assert info.retrieve_all_addr_by_cluster("other") == []
    assert info.retrieve_all_cluster_names() == ["C"]


# ---------------------------------------------------------------- admin and broker bodies


def test_consume_stats_total_diff_and_min_version():
    stats = ConsumeStats()
    stats.offset_table[MessageQueue("T", "b", 0)] = OffsetWrapper(broker_offset=10, consumer_offset=4)
    stats.offset_table[MessageQueue("T", "b", 1)] = OffsetWrapper(broker_offset=3, consumer_offset=3)
    assert stats.compute_total_diff() == 6
    conn = ConsumerConnection(connection_set={Connection(version=407), Connection(version=399)})
    assert conn.compute_min_version() == 399
    assert ConsumerConnection().compute_min_version() == 2 ** 31 - 1


def test_topic_config_text_form_and_defaults():
    config = TopicConfig("T")
    assert (config.read_queue_nums, config.write_queue_nums, config.perm) == (16, 16, 6)
    assert config.topic_filter_type == TopicFilterType.SINGLE_TAG and config.order is False
    config = TopicConfig("T", 8, 4, 7)
    assert config.encode() == "T 8 4 7 SINGLE_TAG {}"  # 5.3.3: the attributes JSON last
    parsed = TopicConfig()
    assert parsed.decode("T 8 4 7 SINGLE_TAG") is True
    assert parsed == config and hash(parsed) == hash(config)
    assert TopicConfig().decode("T 8 4") is False
    assert "perm=RWX" in repr(config)


def test_data_version():
    version = DataVersion(timestamp=5, counter=1)
    other = DataVersion()
    assert other.timestamp > 5 and other.counter == 0
    other.assign_new_one(version)
    assert other == version
    other.next_version()
    assert other.counter == 2 and other != version
    assert DataVersion.decode(version.encode()) == version
    assert version.to_json() == '{"counter":1,"timestamp":5}'


def test_register_broker_body_compressed_form():
    body = RegisterBrokerBody(filter_server_list=["127.0.0.1:30000"])
    wrapper = body.topic_config_serialize_wrapper
    wrapper.data_version = DataVersion(timestamp=7, counter=3)
    wrapper.topic_config_table["T1"] = TopicConfig("T1", 4, 4, 6)
    wrapper.topic_config_table["T2"] = TopicConfig("T2", 1, 2, 2)
    data = body.encode(True)
    raw = zlib.decompress(data)
    assert raw.startswith(len(b'{"counter":3,"timestamp":7}').to_bytes(4, "big") + b'{"counter":3,"timestamp":7}')
    decoded = RegisterBrokerBody.decode(data, True)
    assert decoded.topic_config_serialize_wrapper.data_version == wrapper.data_version
    assert decoded.topic_config_serialize_wrapper.topic_config_table == wrapper.topic_config_table
    assert decoded.filter_server_list == ["127.0.0.1:30000"]
    plain = RegisterBrokerBody.decode(body.encode())
    assert plain.topic_config_serialize_wrapper.topic_config_table == wrapper.topic_config_table
    with pytest.raises(ValueError):
        RegisterBrokerBody.decode(b"not zlib", True)
    with pytest.raises(ValueError, match="End of compressed data"):
        RegisterBrokerBody.decode(zlib.compress(raw[:-7]), True)  # into the filter servers
    assert raw.endswith(b"\0\0\0\0")  # 5.3.3: the mapping count, 0 as the placeholder
    with pytest.raises(ValueError, match="End of compressed data"):
        RegisterBrokerBody.decode(zlib.compress(raw[:-3]), True, MQVersion.version_ordinal("V5_3_3"))


def test_register_broker_body_carries_static_topic_mappings():
    body = RegisterBrokerBody()
    wrapper = body.topic_config_serialize_wrapper
    wrapper.topic_config_table["st"] = TopicConfig("st", 2, 2)
    info = TopicQueueMappingInfo("st", 4, "broker-a", 1700000000000, curr_id_map={0: 0, 2: 1})
    wrapper.topic_queue_mapping_info_map["st"] = info
    v5 = MQVersion.version_ordinal("V5_3_3")
    decoded = RegisterBrokerBody.decode(body.encode(True), True, v5)
    assert decoded.topic_config_serialize_wrapper.topic_queue_mapping_info_map == {"st": info}
    old = RegisterBrokerBody.decode(body.encode(True), True, MQVersion.version_ordinal("V4_9_7"))
    assert old.topic_config_serialize_wrapper.topic_queue_mapping_info_map == {}
    plain = RegisterBrokerBody.decode(body.encode())
    assert plain.topic_config_serialize_wrapper.topic_queue_mapping_info_map == {"st": info}
    assert "topicQueueMappingInfoMap" in body.to_json()


def test_subscription_group_config_defaults_match_java():
    # the JSON a real 5.3.3 broker sends for a group it auto-created (GET_ALL_SUBSCRIPTIONGROUP_CONFIG)
    assert to_json_value(SubscriptionGroupConfig(group_name="G")) == {
        "attributes": {}, "brokerId": 0, "consumeBroadcastEnable": True, "consumeEnable": True,
        "consumeFromMinEnable": True, "consumeMessageOrderly": False, "consumeTimeoutMinute": 15, "groupName": "G",
        "groupRetryPolicy": {"type": "CUSTOMIZED"}, "groupSysFlag": 0, "notifyConsumerIdsChangedEnable": True,
        "retryMaxTimes": 16, "retryQueueNums": 1, "whichBrokerWhenConsumeSlowly": 1}
    assert SubscriptionGroupConfig(group_name="G") == SubscriptionGroupConfig(group_name="G")
    # Java's equals leaves out the broker id and the retry policy
    assert SubscriptionGroupConfig(group_name="G", broker_id=1) == SubscriptionGroupConfig(group_name="G")
    assert SubscriptionGroupConfig(group_name="G", attributes={"a": "b"}) != SubscriptionGroupConfig(group_name="G")
    # a 4.9.7 broker's group: 5.3.3's fields keep their defaults
    old = from_json_value({"groupName": "G", "retryMaxTimes": 3, "brokerId": 0}, SubscriptionGroupConfig)
    assert (old.retry_max_times, old.consume_timeout_minute, old.attributes) == (3, 15, {})
    assert old.group_retry_policy.type is GroupRetryPolicyType.CUSTOMIZED


def test_group_retry_policies_delays_as_java():
    default = GroupRetryPolicy().get_retry_policy()  # the customized one: the broker's delay levels from 10 s
    assert [default.next_delay_duration(t) for t in (-1, 0, 1, 15, 16, 100)] == [10000, 10000, 30000, 7200000,
                                                                                  7200000, 7200000]
    exponential = from_json_value({"type": "EXPONENTIAL", "exponentialRetryPolicy": {"initial": 1000}},
                                  GroupRetryPolicy).get_retry_policy()
    assert [exponential.next_delay_duration(t) for t in (-3, 0, 1, 5, 40)] == [1000, 1000, 2000, 32000, 7200000]
    assert GroupRetryPolicy(type=GroupRetryPolicyType.EXPONENTIAL).get_retry_policy() is default
    customized = GroupRetryPolicy(customized_retry_policy=CustomizedRetryPolicy(next=[1, 2, 3, 4]))
    assert [customized.get_retry_policy().next_delay_duration(t) for t in (0, 1, 9)] == [3, 4, 4]
    assert str(customized) == ("GroupRetryPolicy{type=CUSTOMIZED, exponentialRetryPolicy=null, "
                               "customizedRetryPolicy=CustomizedRetryPolicy{next=[1, 2, 3, 4]}}")


def test_subscription_data_set_and_attributes_print_in_java_hash_order():
    subscriptions = [SimpleSubscriptionData(topic=n, expression_type="TAG", expression="*", version=1)
                     for n in ("TopicA", "TopicB", "%RETRY%G", "Other", "X")]
    # what Java 5.3.3 prints for a HashSet of these (added in this order, as decoded from a JSON array: TopicB
    # and Other share a bucket) and for a HashMap put b, a, zz, key1, Q
    decoded = from_json_value([to_json_value(d) for d in subscriptions], SetOf(SimpleSubscriptionData))
    assert java_field_string(decoded) == "[%s]" % ", ".join(
        "SimpleSubscriptionData{topic=%s, expressionType=TAG, expression=*, version=1}" % topic
        for topic in ("TopicB", "Other", "TopicA", "%RETRY%G", "X"))
    assert java_field_string({k: "v" for k in ("b", "a", "zz", "key1", "Q")}) == "{zz=v, key1=v, a=v, Q=v, b=v}"
    assert SimpleSubscriptionData(topic="T", version=1) == SimpleSubscriptionData(topic="T", version=2)


def test_queue_time_span_string_getters():
    span = QueueTimeSpan(min_time_stamp=int(time.mktime((2024, 1, 2, 3, 4, 5, 0, 0, -1)) * 1000) + 7)
    assert span.get_min_time_stamp_str() == "2024-01-02#03:04:05:007"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d#\d\d:\d\d:\d\d:\d{3}", span.get_max_time_stamp_str())
    assert "minTimeStampStr" not in to_json_value(span)


# ---------------------------------------------------------------- consumer running info


def _running_info(started_ms_ago, subscriptions, orderly=False, pq=None):
    info = ConsumerRunningInfo()
    info.properties[ConsumerRunningInfo.PROP_CONSUME_TYPE] = "CONSUME_PASSIVELY"
    info.properties[ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP] = str(
        int(time.time() * 1000) - started_ms_ago)
    info.properties[ConsumerRunningInfo.PROP_CONSUME_ORDERLY] = "true" if orderly else "false"
    info.subscription_set = set(subscriptions)
    if pq is not None:
        info.mq_table[MessageQueue("T", "b", 0)] = pq
    return info


def test_analyze_subscription():
    sub = SubscriptionData("T", "*", sub_version=1)
    long_ago = 3 * 60 * 1000
    assert ConsumerRunningInfo.analyze_subscription({"c1": _running_info(long_ago, [sub]),
                                                     "c2": _running_info(long_ago, [sub])})
    other = SubscriptionData("T", "TagA", sub_version=1)
    assert not ConsumerRunningInfo.analyze_subscription({"c1": _running_info(long_ago, [sub]),
                                                         "c2": _running_info(long_ago, [other])})
    assert not ConsumerRunningInfo.analyze_subscription({"c1": _running_info(long_ago, [])})
    assert ConsumerRunningInfo.analyze_subscription({"c1": _running_info(1000, [])})  # just started
    assert ConsumerRunningInfo.analyze_rebalance({})


def test_analyze_process_queue():
    blocked = ProcessQueueInfo(cached_msg_count=3, last_consume_timestamp=int(time.time() * 1000) - 120_000)
    report = ConsumerRunningInfo.analyze_process_queue("cid", _running_info(0, [], pq=blocked))
    assert report.startswith("cid MessageQueue [topic=T, brokerName=b, queueId=0] can't consume for a while")
    unlocked = ProcessQueueInfo(locked=False, last_lock_timestamp=0)
    assert "can't lock for a while" in ConsumerRunningInfo.analyze_process_queue(
        "cid", _running_info(0, [], orderly=True, pq=unlocked))
    healthy = ProcessQueueInfo(locked=True, last_consume_timestamp=int(time.time() * 1000))
    assert ConsumerRunningInfo.analyze_process_queue("cid", _running_info(0, [], orderly=True, pq=healthy)) == ""


def test_format_string_has_every_section():
    info = _running_info(0, [SubscriptionData("T", "*")], pq=ProcessQueueInfo(commit_offset=42))
    info.jstack = "thread dump"
    text = info.format_string()
    for section in ("#Consumer Properties#", "#Consumer Subscription#", "#Consumer Offset#",
                    "#Consumer MQ Detail#", "#Consumer RT&TPS#", "#Consumer jstack#\nthread dump"):
        assert section in text
    assert "001 Topic: T" in text and "ClassFilter: false" in text
    assert re.search(r"^T +b +0 +42 *$", text, re.M)
