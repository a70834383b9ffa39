"""The POP protocol classes of 5.3.3: receipt handles and offset infos as Java's ExtraInfoUtil writes them, retry
topic names as KeyBuilder builds them, headers and bodies with Java's wire names and fastjson forms."""
from __future__ import annotations

import pytest

from rocketmq_common.key_builder import KeyBuilder
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_queue_assignment import MessageQueueAssignment
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.pop_ack_constants import PopAckConstants
from rocketmq_common.protocol.body.batch_ack import BatchAck
from rocketmq_common.protocol.body.batch_ack_message_request_body import BatchAckMessageRequestBody
from rocketmq_common.protocol.body.message_request_mode_serialize_wrapper import MessageRequestModeSerializeWrapper
from rocketmq_common.protocol.body.query_assignment_request_body import QueryAssignmentRequestBody
from rocketmq_common.protocol.body.query_assignment_response_body import QueryAssignmentResponseBody
from rocketmq_common.protocol.body.set_message_request_mode_request_body import SetMessageRequestModeRequestBody
from rocketmq_common.protocol.header.ack_message_request_header import AckMessageRequestHeader
from rocketmq_common.protocol.header.change_invisible_time_request_header import (
    ChangeInvisibleTimeRequestHeader, ChangeInvisibleTimeResponseHeader,
)
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.header.pop_message_request_header import (
    PopMessageRequestHeader, PopMessageResponseHeader,
)
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_remoting.exception import RemotingCommandException


# ---------------------------------------------------------------- KeyBuilder, PopAckConstants


def test_key_builder_retry_topics_and_polling_key():
    assert KeyBuilder.build_pop_retry_topic("T", "g") == "%RETRY%g_T"
    assert KeyBuilder.build_pop_retry_topic("T", "g", True) == "%RETRY%g+T"
    assert KeyBuilder.build_pop_retry_topic_v1("T", "g") == "%RETRY%g_T"
    assert KeyBuilder.build_pop_retry_topic_v2("T", "g") == "%RETRY%g+T"
    assert KeyBuilder.parse_normal_topic("%RETRY%g_T", "g") == "T"
    assert KeyBuilder.parse_normal_topic("%RETRY%g+T", "g") == "T"
    assert KeyBuilder.parse_normal_topic("T", "g") == "T"
    assert KeyBuilder.parse_normal_topic("%RETRY%g+T") == "T"
    assert KeyBuilder.parse_normal_topic("%RETRY%g_T") == "%RETRY%g_T"  # V1 cannot be split without the group
    assert KeyBuilder.parse_group("%RETRY%g+T") == "g"
    assert KeyBuilder.parse_group("%RETRY%g") == "g"
    assert KeyBuilder.is_pop_retry_topic_v2("%RETRY%g+T") and not KeyBuilder.is_pop_retry_topic_v2("%RETRY%g_T")
    assert KeyBuilder.build_polling_key("T", "g", 3) == "T@g@3"


def test_pop_ack_constants():
    assert PopAckConstants.build_cluster_revive_topic("DefaultCluster") == "rmq_sys_REVIVE_LOG_DefaultCluster"
    assert PopAckConstants.REVIVE_GROUP == "CID_RMQ_SYS_REVIVE_GROUP"
    assert (PopAckConstants.CK_TAG, PopAckConstants.ACK_TAG, PopAckConstants.BATCH_ACK_TAG) == ("ck", "ack", "bAck")
    assert PopAckConstants.is_start_with_revive_prefix("rmq_sys_REVIVE_LOG_c")
    assert not PopAckConstants.is_start_with_revive_prefix(None)
    assert {MessageConst.PROPERTY_POP_CK, MessageConst.PROPERTY_POP_CK_OFFSET,
            MessageConst.PROPERTY_FIRST_POP_TIME} == {"POP_CK", "POP_CK_OFFSET", "1ST_POP_TIME"}
    assert MessageConst.PROPERTY_POP_CK not in MessageConst.STRING_HASH_SET  # as 5.3.3's: a user may set them


# ---------------------------------------------------------------- ExtraInfoUtil


def test_extra_info_is_javas_space_separated_handle():
    normal = ExtraInfoUtil.build_extra_info(10, 1700000000000, 60000, 3, "T", "broker-a", 1, 12)
    assert normal == "10 1700000000000 60000 3 0 broker-a 1 12"
    assert ExtraInfoUtil.build_extra_info(10, 5, 6, 3, "%RETRY%g_T", "b", 0) == "10 5 6 3 1 b 0"
    assert ExtraInfoUtil.build_extra_info(10, 5, 6, 3, "%RETRY%g+T", "b", 0) == "10 5 6 3 2 b 0"
    fields = ExtraInfoUtil.split(normal)
    assert ExtraInfoUtil.get_ck_queue_offset(fields) == 10
    assert ExtraInfoUtil.get_pop_time(fields) == 1700000000000
    assert ExtraInfoUtil.get_invisible_time(fields) == 60000
    assert ExtraInfoUtil.get_revive_qid(fields) == 3
    assert ExtraInfoUtil.get_retry(fields) == "0"
    assert ExtraInfoUtil.get_broker_name(fields) == "broker-a"
    assert ExtraInfoUtil.get_queue_id(fields) == 1
    assert ExtraInfoUtil.get_queue_offset(fields) == 12
    assert ExtraInfoUtil.get_real_topic(fields, "T", "g") == "T"
    assert ExtraInfoUtil.get_real_topic(ExtraInfoUtil.split("1 2 3 4 1 b 0"), "T", "g") == "%RETRY%g_T"
    assert ExtraInfoUtil.get_real_topic(ExtraInfoUtil.split("1 2 3 4 2 b 0"), "T", "g") == "%RETRY%g+T"
    assert ExtraInfoUtil.get_real_topic("T", "g", "1") == "%RETRY%g_T"
    assert not ExtraInfoUtil.is_order(fields)
    assert ExtraInfoUtil.is_order(ExtraInfoUtil.split("1 2 3 999 0 b 0"))


def test_malformed_extra_info_raises_value_error():
    with pytest.raises(ValueError, match="split extraInfo is null"):
        ExtraInfoUtil.split(None)
    short = ExtraInfoUtil.split("10 5 6 3 0 b 0")
    with pytest.raises(ValueError, match="getQueueOffset fail, extraInfoStrs length 7"):
        ExtraInfoUtil.get_queue_offset(short)
    with pytest.raises(ValueError):
        ExtraInfoUtil.get_pop_time(ExtraInfoUtil.split("10 notanumber"))
    with pytest.raises(ValueError, match="getRetry fail, format is wrong"):
        ExtraInfoUtil.get_real_topic("T", "g", "7")


def test_offset_infos_build_and_parse_as_java():
    start = ExtraInfoUtil.build_start_offset_info(None, "T", 0, 5)
    start = ExtraInfoUtil.build_start_offset_info(start, "%RETRY%g_T", 0, 7)
    assert start == "0 0 5;1 0 7"
    assert ExtraInfoUtil.parse_start_offset_info(start) == {"0@0": 5, "1@0": 7}
    msg = ExtraInfoUtil.build_msg_offset_info("", "T", 1, [5, 6, 9])
    assert msg == "0 1 5,6,9"
    assert ExtraInfoUtil.parse_msg_offset_info(msg) == {"0@1": [5, 6, 9]}
    order = ExtraInfoUtil.build_queue_id_order_count_info(None, "T", 2, 3)
    order = ExtraInfoUtil.build_queue_offset_order_count_info(order, "T", 2, 40, 1)
    assert order == "0 2 3;0 qo2%40 1"
    assert ExtraInfoUtil.parse_order_count_info(order) == {"0@2": 3, "0@qo2%40": 1}
    assert ExtraInfoUtil.parse_start_offset_info("") is None and ExtraInfoUtil.parse_msg_offset_info(None) is None
    with pytest.raises(ValueError, match="duplicate"):
        ExtraInfoUtil.parse_start_offset_info("0 0 5;0 0 6")
    with pytest.raises(ValueError, match="parse startOffsetInfo error"):
        ExtraInfoUtil.parse_start_offset_info("0 0")
    assert ExtraInfoUtil.get_start_offset_info_map_key("%RETRY%g_T", 4) == "1@4"
    assert ExtraInfoUtil.get_start_offset_info_map_key("T", "1 2 3 4 2 b 0", 4) == "2@4"
    assert ExtraInfoUtil.get_queue_offset_map_key("T", 2, 40) == "0@qo2%40"


# ---------------------------------------------------------------- headers


def test_pop_request_header_wire_fields():
    header = PopMessageRequestHeader(consumer_group="g", topic="T", queue_id=-1, max_msg_nums=32,
                                     invisible_time=60000, poll_time=15000, born_time=1700000000000, init_mode=0,
                                     exp_type="TAG", exp="*", bname="broker-a")
    assert header.encode_ext_fields() == {
        "consumerGroup": "g", "topic": "T", "queueId": "-1", "maxMsgNums": "32", "invisibleTime": "60000",
        "pollTime": "15000", "bornTime": "1700000000000", "initMode": "0", "expType": "TAG", "exp": "*",
        "order": "false", "bname": "broker-a"}
    decoded = PopMessageRequestHeader.decode_ext_fields({
        "consumerGroup": "g", "topic": "T", "queueId": "-5", "maxMsgNums": "1", "invisibleTime": "1000",
        "pollTime": "0", "bornTime": "1", "initMode": "1", "order": "true"})
    assert decoded.get_queue_id() == -1 and decoded.is_order() and decoded.exp is None
    with pytest.raises(RemotingCommandException, match="maxMsgNums"):  # Java's int field
        PopMessageRequestHeader.decode_ext_fields(dict(header.encode_ext_fields(), maxMsgNums="4294967296"))
    with pytest.raises(RemotingCommandException, match="initMode"):
        PopMessageRequestHeader.decode_ext_fields({k: v for k, v in header.encode_ext_fields().items()
                                                   if k != "initMode"})


def test_pop_response_and_ack_and_change_invisible_headers():
    response = PopMessageResponseHeader.decode_ext_fields({
        "popTime": "1700000000000", "invisibleTime": "60000", "reviveQid": "3", "restNum": "0",
        "startOffsetInfo": "0 0 5", "msgOffsetInfo": "0 0 5,6", "orderCountInfo": None})
    assert (response.pop_time, response.revive_qid, response.rest_num) == (1700000000000, 3, 0)
    assert response.order_count_info is None
    ack = AckMessageRequestHeader(consumer_group="g", topic="T", queue_id=0, extra_info="5 1 2 3 0 b 0 6", offset=6)
    assert ack.encode_ext_fields() == {"consumerGroup": "g", "topic": "T", "queueId": "0",
                                       "extraInfo": "5 1 2 3 0 b 0 6", "offset": "6"}
    change = ChangeInvisibleTimeRequestHeader(consumer_group="g", topic="T", queue_id=0, extra_info="x", offset=6,
                                              invisible_time=5000)
    assert ChangeInvisibleTimeRequestHeader.decode_ext_fields(change.encode_ext_fields()) == change
    assert set(change.encode_ext_fields()) == {"consumerGroup", "topic", "queueId", "extraInfo", "offset",
                                              "invisibleTime"}
    changed = ChangeInvisibleTimeResponseHeader.decode_ext_fields({"popTime": "9", "invisibleTime": "5000",
                                                                   "reviveQid": "2"})
    assert (changed.pop_time, changed.invisible_time, changed.revive_qid) == (9, 5000, 2)


# ---------------------------------------------------------------- bodies


def test_batch_ack_body_has_javas_short_names_and_bit_set():
    ack = BatchAck(consumer_group="g", topic="T", retry="0", start_offset=5, queue_id=1, revive_queue_id=2,
                   pop_time=1700000000000, invisible_time=60000)
    mask = (1 << 0) | (1 << 9)
    ack.bit_set = mask.to_bytes((mask.bit_length() + 7) // 8, "little")  # Java BitSet.toByteArray
    body = BatchAckMessageRequestBody(broker_name="broker-a", acks=[ack])
    assert body.to_json() == (
        '{"acks":[{"b":"AQI=","c":"g","it":60000,"pt":1700000000000,"q":1,"r":"0","rq":2,"so":5,"t":"T"}],'
        '"brokerName":"broker-a"}')
    decoded = BatchAckMessageRequestBody.decode(body.encode())
    assert int.from_bytes(decoded.acks[0].bit_set, "little") == mask
    assert repr(decoded.acks[0]).endswith("bitSet={0, 9}}")
    # fastjson's alternateNames: the long names are read too
    long_names = BatchAckMessageRequestBody.from_json(
        '{"brokerName":"b","acks":[{"consumerGroup":"g","topic":"T","retry":"1","startOffset":3,"queueId":0,'
        '"reviveQueueId":4,"popTime":7,"invisibleTime":8,"bitSet":"AQ=="}]}')
    one = long_names.acks[0]
    assert (one.consumer_group, one.retry, one.start_offset, one.revive_queue_id, one.bit_set) == (
        "g", "1", 3, 4, b"\x01")


def test_query_assignment_bodies_as_fastjson_writes_them():
    request = QueryAssignmentRequestBody(topic="T", consumer_group="g", client_id="127.0.0.1@1",
                                         strategy_name="AVG", message_model=MessageModel.CLUSTERING)
    assert request.to_json() == ('{"clientId":"127.0.0.1@1","consumerGroup":"g","messageModel":"CLUSTERING",'
                                 '"strategyName":"AVG","topic":"T"}')
    response = QueryAssignmentResponseBody.decode(
        b'{"messageQueueAssignments":[{"messageQueue":{"brokerName":"b","queueId":1,"topic":"T"},"mode":"POP"},'
        b'{"messageQueue":{"brokerName":"b","queueId":0,"topic":"T"},"mode":"POP"}]}')
    assert {a.message_queue for a in response.message_queue_assignments} == {
        MessageQueue("T", "b", 0), MessageQueue("T", "b", 1)}
    assert {a.mode for a in response.message_queue_assignments} == {MessageRequestMode.POP}
    same_queue = MessageQueueAssignment(message_queue=MessageQueue("T", "b", 0), mode=MessageRequestMode.PULL)
    assert same_queue in response.message_queue_assignments  # equal by queue, as Java's equals
    assert MessageQueueAssignment().mode is MessageRequestMode.PULL


def test_request_mode_bodies():
    body = SetMessageRequestModeRequestBody(topic="T", consumer_group="g", mode=MessageRequestMode.POP,
                                            pop_share_queue_num=0)
    assert body.to_json() == '{"consumerGroup":"g","mode":"POP","popShareQueueNum":0,"topic":"T"}'
    assert SetMessageRequestModeRequestBody.from_json('{"topic":"T"}').mode is MessageRequestMode.PULL
    wrapper = MessageRequestModeSerializeWrapper()
    wrapper.message_request_mode_map["T"] = {"g": body}
    text = wrapper.to_json()
    assert text == ('{"messageRequestModeMap":{"T":{"g":{"consumerGroup":"g","mode":"POP","popShareQueueNum":0,'
                    '"topic":"T"}}}}')
    assert MessageRequestModeSerializeWrapper.from_json(text).message_request_mode_map["T"]["g"].mode is \
        MessageRequestMode.POP
    assert MessageRequestMode.POP.get_name() == "POP"
