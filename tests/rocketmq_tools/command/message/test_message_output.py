"""The message commands' text where it must be Java's (no cluster needed): a missing tag or key is ``[null]``,
properties iterate as Java 5.3.3's decoded ``HashMap(128)``, printMsg's message text has the body as
``Arrays.toString``, fastjson's pretty route JSON, and a malformed id is refused before any request."""
from __future__ import annotations

import pytest

from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.protocol.route.broker_data import BrokerData
from rocketmq_common.protocol.route.queue_data import QueueData
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_tools.command.message.print_message_sub_command import java_message_string
from rocketmq_tools.command.message.query_msg_by_id_sub_command import check_offset_msg_id, message_rows
from rocketmq_tools.command.sub_command_exception import SubCommandException


def _message() -> MessageExt:
    msg = MessageExt(1, 0, ("127.0.0.1", 5000), 0, ("127.0.0.1", 10911), "ID")
    msg.set_topic("T")
    msg.set_body(b"ab\xff")
    for key, value in (("MSG_REGION", "DefaultRegion"), ("UNIQ_KEY", "U"), ("CLUSTER", "DefaultCluster"),
                       ("idx", "1"), ("origin", "py"), ("WAIT", "true"), ("MIN_OFFSET", "0"), ("MAX_OFFSET", "2")):
        msg.put_property(key, value)
    return msg


def test_rows_say_null_and_order_properties_as_java() -> None:
    rows = dict(message_rows(_message(), "/tmp/body"))
    assert (rows["Tags:"], rows["Keys:"]) == ("[null]", "[null]")
    assert rows["Properties:"] == ("{MSG_REGION=DefaultRegion, UNIQ_KEY=U, CLUSTER=DefaultCluster, MIN_OFFSET=0, "
                                   "idx=1, origin=py, WAIT=true, MAX_OFFSET=2}")


def test_print_msg_text_has_java_body_and_properties() -> None:
    text = java_message_string(_message())
    assert "properties={MSG_REGION=DefaultRegion, UNIQ_KEY=U, CLUSTER=DefaultCluster, MIN_OFFSET=0, " in text
    assert text.endswith("body=[97, 98, -1], transactionId='null'}]")


def test_topic_route_json_is_fastjson_pretty() -> None:
    route = TopicRouteData()
    route.broker_datas = [BrokerData("C", "b", {0: "127.0.0.1:10911", 1: "127.0.0.1:10921"})]
    queue = QueueData()
    queue.broker_name, queue.read_queue_nums, queue.write_queue_nums, queue.perm = "b", 2, 2, 6
    route.queue_datas = [queue]
    route.filter_server_table = {}
    assert route.to_json(True) == (
        '{\n\t"brokerDatas":[\n\t\t{\n\t\t\t"brokerAddrs":{0:"127.0.0.1:10911",1:"127.0.0.1:10921"\n\t\t\t},\n'
        '\t\t\t"brokerName":"b",\n\t\t\t"cluster":"C"\n\t\t}\n\t],\n\t"filterServerTable":{},\n'
        '\t"queueDatas":[\n\t\t{\n\t\t\t"brokerName":"b",\n\t\t\t"perm":6,\n\t\t\t"readQueueNums":2,\n'
        '\t\t\t"topicSysFlag":0,\n\t\t\t"writeQueueNums":2\n\t\t}\n\t]\n}')


@pytest.mark.parametrize("msg_id", ["nothex", "7F0000010000D07700000000000000D", "Z" * 32])
def test_a_malformed_offset_msg_id_is_refused(msg_id: str) -> None:
    with pytest.raises(SubCommandException, match="malformed message id") as raised:
        check_offset_msg_id(msg_id)
    assert raised.value.exit_code == 2
    check_offset_msg_id("7F0000010000D07700000000000000DD")
