"""PULL_MESSAGE against a real broker: tag filtering by hash code, every status with Java's code, remark and
header, subscriptions from the request or from heartbeats, commit offsets."""
from __future__ import annotations

import pytest
from broker_support import (RawClient, broker_addr, create_topic, decode_messages, heartbeat_request, pull_request,
                            send_request, start_broker)

from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.reset_offset_body import ResetOffsetBody
from rocketmq_common.protocol.forbidden_type import ForbiddenType
from rocketmq_common.protocol.header.reset_offset_request_header import ResetOffsetRequestHeader
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.header.update_group_forbidden_request_header import UpdateGroupForbiddenRequestHeader
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.subscription.group_forbidden import GroupForbidden
from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, SerializeType

FAQ = "\nSee http://rocketmq.apache.org/docs/faq/ for further details."
SUBSCRIPTION = 4
COMMIT_OFFSET = 1


def _send_tags(client, tags_list, queue_id=0, topic="TopicTest"):
    for i, tags in enumerate(tags_list):
        response = client.request(send_request(topic, b"m%d" % i, {"WAIT": "true", "TAGS": tags}, queue_id=queue_id))
        assert response.code == ResponseCode.SUCCESS


def _header(response):
    return {k: int(v) for k, v in response.ext_fields.items()}


def test_tag_filter_by_heartbeat_subscription(client):
    _send_tags(client, ["TagA", "TagB", "TagC", "TagA"])
    assert client.request(heartbeat_request("c1", "CG", {"TopicTest": "TagA || TagB"})).code == ResponseCode.SUCCESS
    response = client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=0, subscription=None, sub_version=0))
    assert response.code == ResponseCode.SUCCESS and response.remark == "FOUND"
    # 5.3.3: the topic's and the group's sys flags in every answer from the store
    assert _header(response) == {"suggestWhichBrokerId": 0, "nextBeginOffset": 4, "minOffset": 0, "maxOffset": 4,
                                 "topicSysFlag": 0, "groupSysFlag": 0}
    assert [(m.queue_offset, m.get_tags()) for m in decode_messages(response.body)] == [
        (0, "TagA"), (1, "TagB"), (3, "TagA")]


def test_tag_filter_from_request_subscription_and_hash_collisions(client):
    assert UtilAll.string_hash_code("Aa") == UtilAll.string_hash_code("BB")
    _send_tags(client, ["Aa", "BB", "Cc"])
    response = client.request(pull_request("CG", "TopicTest", 0, 0, subscription="Aa"))
    assert response.code == ResponseCode.SUCCESS
    # the broker filters by hash code only: the client re-checks the tag strings
    assert [m.get_tags() for m in decode_messages(response.body)] == ["Aa", "BB"]
    assert _header(response)["nextBeginOffset"] == 3


def test_no_matched_message_advances_next_begin_offset(client):
    _send_tags(client, ["TagC", "TagC"])
    response = client.request(pull_request("CG", "TopicTest", 0, 0, subscription="TagA"))
    assert response.code == ResponseCode.PULL_RETRY_IMMEDIATELY and response.remark == "NO_MATCHED_MESSAGE"
    assert _header(response) == {"suggestWhichBrokerId": 0, "nextBeginOffset": 2, "minOffset": 0, "maxOffset": 2,
                                 "topicSysFlag": 0, "groupSysFlag": 0}
    assert response.body is None


def test_max_msg_nums_limits_the_batch(client):
    _send_tags(client, ["T"] * 5)
    response = client.request(pull_request("CG", "TopicTest", 0, 1, max_nums=2))
    assert [m.queue_offset for m in decode_messages(response.body)] == [1, 2]
    assert _header(response)["nextBeginOffset"] == 3


def test_max_msg_bytes_caps_the_batch_and_the_first_message_always_goes(client):
    for i in range(4):
        body = b"%d" % i * 1000
        assert client.request(send_request("TopicTest", body, {"WAIT": "true"})).code == ResponseCode.SUCCESS
    # a stored message of a 1000-byte body takes about 1100 bytes: 2500 holds two of them (5.3.3's maxMsgBytes)
    response = client.request(pull_request("CG", "TopicTest", 0, 0, max_msg_bytes=2500))
    assert [m.queue_offset for m in decode_messages(response.body)] == [0, 1]
    response = client.request(pull_request("CG", "TopicTest", 0, 0, max_msg_bytes=1))
    assert [m.queue_offset for m in decode_messages(response.body)] == [0]
    response = client.request(pull_request("CG", "TopicTest", 0, 0))  # none given: no byte cap but the store's
    assert len(decode_messages(response.body)) == 4


def test_lite_pull_message_is_a_pull_unless_the_broker_forbids_it(broker, client):
    _send_tags(client, ["T"] * 3)
    lite = PullSysFlag.build_sys_flag(False, False, True, False, True)
    response = client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=lite,
                                           code=RequestCode.LITE_PULL_MESSAGE))
    assert (response.code, len(decode_messages(response.body))) == (ResponseCode.SUCCESS, 3)
    broker.get_broker_config().set_lite_pull_message_enable(False)
    response = client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=lite,
                                           code=RequestCode.LITE_PULL_MESSAGE))
    assert response.code == ResponseCode.NO_PERMISSION
    assert response.remark == "the broker[%s] for lite pull consumer is forbidden" % (
        broker.get_broker_config().get_broker_ip1())
    assert client.request(pull_request("CG", "TopicTest", 0, 0)).code == ResponseCode.SUCCESS  # plain pulls go on


@pytest.mark.parametrize("sent, offset, code, remark, next_begin", [
    (0, 0, ResponseCode.PULL_NOT_FOUND, "NO_MESSAGE_IN_QUEUE", 0),
    (0, 5, ResponseCode.PULL_OFFSET_MOVED, "NO_MESSAGE_IN_QUEUE", 0),
    (2, 2, ResponseCode.PULL_NOT_FOUND, "OFFSET_OVERFLOW_ONE", 2),
    (2, 7, ResponseCode.PULL_OFFSET_MOVED, "OFFSET_OVERFLOW_BADLY", 2),
    (2, -1, ResponseCode.PULL_OFFSET_MOVED, "OFFSET_TOO_SMALL", 0),
])
def test_pull_statuses(broker, client, sent, offset, code, remark, next_begin):
    _send_tags(client, ["T"] * sent)
    response = client.request(pull_request("CG", "TopicTest", 0, offset))
    assert (response.code, response.remark) == (code, remark)
    header = _header(response)
    assert header["nextBeginOffset"] == next_begin and header["maxOffset"] == sent and header["minOffset"] == 0
    assert header["suggestWhichBrokerId"] == 0 and response.body is None
    moved_events = broker.get_message_store().get_max_offset_in_queue("OFFSET_MOVED_EVENT", 0)
    assert moved_events == (1 if code == ResponseCode.PULL_OFFSET_MOVED else 0)


def test_offset_moved_event_is_recorded(broker, client):
    client.request(pull_request("CG", "TopicTest", 1, 9))
    (event,) = decode_messages(client.request(pull_request("X", "OFFSET_MOVED_EVENT", 0, 0)).body)
    assert event.get_tags() == "CG" and event.get_keys() == "CG"
    assert b'"offsetRequest":9' in event.body and b'"offsetNew":0' in event.body


def test_subscription_not_exist_without_heartbeat(client):
    response = client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=0, subscription=None))
    assert response.code == ResponseCode.SUBSCRIPTION_NOT_EXIST
    assert response.remark == "the consumer's group info not exist" + FAQ
    client.request(heartbeat_request("c1", "CG", {"Other": "*"}))
    response = client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=0, subscription=None))
    assert response.code == ResponseCode.SUBSCRIPTION_NOT_EXIST
    assert response.remark == "the consumer's subscription not exist" + FAQ


@pytest.mark.parametrize("serialize_type", [SerializeType.JSON, SerializeType.ROCKETMQ])
def test_subscription_not_latest(client, serialize_type):
    client.request(heartbeat_request("c1", "CG", {"TopicTest": "*"}, sub_version=1000))
    response = client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=0, subscription=None, sub_version=2000,
                                           serialize_type=serialize_type))
    assert response.code == ResponseCode.SUBSCRIPTION_NOT_LATEST
    assert response.remark == "the consumer's subscription not latest"
    assert response.serialize_type is serialize_type
    # as golden 048 / 325: an empty extFields object in JSON, none at all in ROCKETMQ
    assert response.ext_fields == ({} if serialize_type is SerializeType.JSON else None)
    ok = client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=0, subscription=None, sub_version=1000))
    assert ok.code == ResponseCode.PULL_NOT_FOUND


@pytest.mark.parametrize("subscription, expression_type", [("||", "TAG"), ("", "SQL92")])
def test_subscription_parse_failed(client, subscription, expression_type):
    response = client.request(pull_request("CG", "TopicTest", 0, 0, subscription=subscription,
                                           expression_type=expression_type))
    assert response.code == ResponseCode.SUBSCRIPTION_PARSE_FAILED
    assert response.remark == "parse the consumer's subscription failed"


def test_sql92_refused_without_property_filter(client):
    response = client.request(pull_request("CG", "TopicTest", 0, 0, subscription="a > 1", expression_type="SQL92"))
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert response.remark == "The broker does not support consumer to filter message by SQL92"


def test_topic_and_queue_checks(client):
    response = client.request(pull_request("CG", "NoSuchTopic", 0, 0))
    assert response.code == ResponseCode.TOPIC_NOT_EXIST
    assert response.remark == "topic[NoSuchTopic] not exist, apply first please! " + FAQ
    response = client.request(pull_request("CG", "TopicTest", 4, 0))
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert response.remark == ("queueId[4] is illegal, topic:[TopicTest] topicConfig.readQueueNums:[4] "
                               "consumer:[/127.0.0.1:%d]" % client.local_port)


def test_permission_checks(broker, client):
    create_topic(broker, "WriteOnly", 1, perm=2)
    response = client.request(pull_request("CG", "WriteOnly", 0, 0))
    assert response.code == ResponseCode.NO_PERMISSION
    assert response.remark == "the topic[WriteOnly] pulling message is forbidden"
    assert _header(response)["forbiddenType"] == ForbiddenType.TOPIC_FORBIDDEN
    broker.get_subscription_group_manager().update_subscription_group_config(
        SubscriptionGroupConfig(group_name="Disabled", consume_enable=False))
    response = client.request(pull_request("Disabled", "TopicTest", 0, 0))
    assert response.code == ResponseCode.NO_PERMISSION
    assert response.remark == "subscription group no permission, Disabled"
    assert _header(response)["forbiddenType"] == ForbiddenType.GROUP_FORBIDDEN
    broker.get_subscription_group_manager().update_subscription_group_config(
        SubscriptionGroupConfig(group_name="NoBroadcast", consume_broadcast_enable=False))
    client.request(heartbeat_request("c1", "NoBroadcast", {"TopicTest": "*"},
                                     message_model=MessageModel.BROADCASTING))
    response = client.request(pull_request("NoBroadcast", "TopicTest", 0, 0, sys_flag=0, subscription=None))
    assert response.code == ResponseCode.NO_PERMISSION
    assert response.remark == "the consumer group[NoBroadcast] can not consume by broadcast way"
    assert _header(response)["forbiddenType"] == ForbiddenType.BROADCASTING_DISABLE_FORBIDDEN


def test_a_group_forbidden_to_read_a_topic(broker, client):
    # 5.3.3: UPDATE_AND_GET_GROUP_FORBIDDEN writes the group's forbidden bits on the topic; a pull that takes the
    # subscription from the heartbeat is refused then, and is served again once the bit is cleared
    _send_tags(client, ["T"])
    client.request(heartbeat_request("c1", "CG", {"TopicTest": "*"}))

    def forbid(readable):
        header = UpdateGroupForbiddenRequestHeader(group="CG", topic="TopicTest", readable=readable)
        response = client.request(RemotingCommand.create_request_command(RequestCode.UPDATE_AND_GET_GROUP_FORBIDDEN,
                                                                         header))
        assert (response.code, response.remark) == (ResponseCode.SUCCESS, "")
        return GroupForbidden.decode(response.body)

    assert forbid(False).to_json() == '{"group":"CG","readable":false,"topic":"TopicTest"}'
    groups = broker.get_subscription_group_manager()
    assert groups.get_forbidden_table() == {"CG": {"TopicTest": 1 << PermName.INDEX_PERM_READ}}
    assert '"forbiddenTable":{"CG":{"TopicTest":4}}' in groups.encode()
    response = client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=0, subscription=None))
    assert (response.code, response.remark) == (ResponseCode.NO_PERMISSION,
                                                "the consumer group[CG] is forbidden for topic[TopicTest]")
    assert _header(response)["forbiddenType"] == ForbiddenType.SUBSCRIPTION_FORBIDDEN
    assert forbid(None).readable is False  # no readable: only read the state
    assert forbid(True).readable is True and groups.get_forbidden_table() == {}
    response = client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=0, subscription=None))
    assert response.code == ResponseCode.SUCCESS


def test_an_offset_reset_on_the_broker_moves_the_next_pull(broker, client):
    # 5.3.3 (useServerSideResetOffset): INVOKE_BROKER_TO_RESET_OFFSET of one queue to an offset; until the queue's
    # next pull a client's commit is ignored, that pull is answered PULL_OFFSET_MOVED (OFFSET_RESET) to the offset
    _send_tags(client, ["T"] * 5)
    offsets = broker.get_consumer_offset_manager()
    client.request(pull_request("CG", "TopicTest", 0, 0, sys_flag=SUBSCRIPTION | COMMIT_OFFSET, commit_offset=5))
    header = ResetOffsetRequestHeader(topic="TopicTest", group="CG", timestamp=0, queue_id=0, offset=2)
    reset = RemotingCommand.create_request_command(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header)
    response = client.request(reset)
    assert response.code == ResponseCode.SUCCESS
    assert ResetOffsetBody.decode(response.body).offset_table == {MessageQueue("TopicTest", "broker-a", 0): 2}
    assert offsets.query_offset("CG", "TopicTest", 0) == 2
    commit = UpdateConsumerOffsetRequestHeader(consumer_group="CG", topic="TopicTest", queue_id=0, commit_offset=5)
    response = client.request(RemotingCommand.create_request_command(RequestCode.UPDATE_CONSUMER_OFFSET, commit))
    assert (response.code, response.remark) == (ResponseCode.SUCCESS, "Offset has been previously reset")
    assert offsets.query_offset("CG", "TopicTest", 0) == 2
    response = client.request(pull_request("CG", "TopicTest", 0, 5))
    assert (response.code, response.remark) == (ResponseCode.PULL_OFFSET_MOVED, "OFFSET_RESET")
    assert _header(response) == {"suggestWhichBrokerId": 0, "nextBeginOffset": 2, "minOffset": 0, "maxOffset": 5,
                                 "topicSysFlag": 0, "groupSysFlag": 0}
    response = client.request(pull_request("CG", "TopicTest", 0, 2))
    assert response.code == ResponseCode.SUCCESS
    assert [m.queue_offset for m in decode_messages(response.body)] == [2, 3, 4]
    # an offset out of the queue, and every queue to a time (here before the first message: offset 0)
    header.offset = 9
    response = client.request(reset)
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR,
                                                "Target offset 9 not in consume queue range [0-5]")
    header.queue_id, header.offset = -1, None
    response = client.request(RemotingCommand.create_request_command(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
                                                                     header))
    assert ResetOffsetBody.decode(response.body).offset_table == {
        MessageQueue("TopicTest", "broker-a", queue_id): 0 for queue_id in range(4)}


def test_unreadable_broker_and_unknown_group(tmp_path):
    broker = start_broker(tmp_path, broker_permission=2, auto_create_subscription_group=False)
    client = RawClient(broker_addr(broker))
    try:
        response = client.request(pull_request("CG", "TopicTest", 0, 0))
        assert response.code == ResponseCode.NO_PERMISSION
        assert response.remark == "the broker[127.0.0.1] pulling message is forbidden"
        assert _header(response)["forbiddenType"] == ForbiddenType.BROKER_FORBIDDEN
        broker.get_broker_config().broker_permission = 6
        response = client.request(pull_request("CG", "TopicTest", 0, 0))
        assert response.code == ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
        assert response.remark == "subscription group [CG] does not exist, " + FAQ
    finally:
        client.close()
        broker.shutdown()


def test_commit_offset_stored_only_with_the_flag(broker, client):
    offsets = broker.get_consumer_offset_manager()
    client.request(pull_request("CG", "TopicTest", 1, 0, commit_offset=7))
    assert offsets.query_offset("CG", "TopicTest", 1) == -1
    client.request(pull_request("CG", "TopicTest", 1, 0, sys_flag=SUBSCRIPTION | COMMIT_OFFSET, commit_offset=7))
    assert offsets.query_offset("CG", "TopicTest", 1) == 7


def test_pull_with_rocketmq_serialization(client):
    _send_tags(client, ["T"])
    response = client.request(pull_request("CG", "TopicTest", 0, 0, serialize_type=SerializeType.ROCKETMQ))
    assert response.serialize_type is SerializeType.ROCKETMQ and response.code == ResponseCode.SUCCESS
    assert list(response.ext_fields) == ["suggestWhichBrokerId", "nextBeginOffset", "minOffset", "maxOffset",
                                         "topicSysFlag", "groupSysFlag"]
    assert len(decode_messages(response.body)) == 1
