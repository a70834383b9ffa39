"""Every custom header class: extFields and whole-frame round trips, required fields, wire names and orders."""
from __future__ import annotations

import pytest
from common_support import header_classes, sample_bean

from rocketmq_common.protocol import header as header_pkg
from rocketmq_common.protocol.header import (
    CreateTopicRequestHeader, EndTransactionRequestHeader, GetConsumeStatsInBrokerHeader, GetMaxOffsetRequestHeader,
    PullMessageRequestHeader,
    PullMessageResponseHeader, ResetOffsetRequestHeader, SendMessageRequestHeader, SendMessageRequestHeaderV2,
    SendMessageResponseHeader, UnregisterClientRequestHeader,
)
from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol.remoting_command import LanguageCode, RemotingCommand, SerializeType

HEADERS = header_classes()

# Fields whose checkFields accepts only some values.
VALID_VALUES = {
    EndTransactionRequestHeader: {"commit_or_rollback": 12},
    CreateTopicRequestHeader: {"topic_filter_type": "MULTI_TAG"},
}


def valid_sample(cls):
    header = sample_bean(cls)
    for i, name in enumerate(cls._java_int_fields):  # the sample integers are Java longs
        setattr(header, name, 1_000_000 + i)
    for name, value in VALID_VALUES.get(cls, {}).items():
        setattr(header, name, value)
    return header


def test_every_header_class_is_exported_by_the_header_package():
    exported = {getattr(header_pkg, name) for name in header_pkg.__all__}
    assert set(HEADERS) <= exported
    # 4.9.7 has 79 header classes in common.protocol.header(.namesrv/.filtersrv); the ACL-config response header
    # with a List field (code 54, removed in 4.9.8) is the one left out; 5.3.3 adds the two of RECALL_MESSAGE
    # and POP's 5 (Pop, Ack, ChangeInvisibleTime), static topics' GetTopicConfigRequestHeader, the 10 of the new
    # mqadmin subcommands (containers, HA, controllers, RocksDB, batch updates), the 10 of users and ACL 2.0 and
    # UPDATE_AND_GET_GROUP_FORBIDDEN's.
    assert len(HEADERS) == 108


@pytest.mark.parametrize("cls", HEADERS, ids=lambda c: c.__name__)
def test_ext_fields_round_trip(cls):
    header = valid_sample(cls)
    ext = header.encode_ext_fields()
    assert list(ext) == [p.wire for p in cls._props]
    assert all(type(v) is str for v in ext.values())
    decoded = cls.decode_ext_fields(ext)
    assert decoded == header
    decoded.check_fields()


@pytest.mark.parametrize("serialize_type", list(SerializeType), ids=lambda t: t.name)
@pytest.mark.parametrize("cls", HEADERS, ids=lambda c: c.__name__)
def test_frame_round_trip(cls, serialize_type):
    header = valid_sample(cls)
    cmd = RemotingCommand(code=310, opaque=77, custom_header=header, body=b"\x00body",
                          language=LanguageCode.JAVA, serialize_type=serialize_type)
    cmd.add_ext_field("AccessKey", "ak")
    frame = cmd.encode()
    decoded = RemotingCommand.decode(frame[4:])
    assert decoded.serialize_type == serialize_type
    assert (decoded.code, decoded.opaque, decoded.body) == (310, 77, b"\x00body")
    assert decoded.ext_fields["AccessKey"] == "ak"
    assert decoded.decode_command_custom_header(cls) == header


@pytest.mark.parametrize("cls", [c for c in HEADERS if any(p.required for p in c._props)], ids=lambda c: c.__name__)
def test_missing_required_field_is_rejected(cls):
    ext = valid_sample(cls).encode_ext_fields()
    required = [p for p in cls._props if p.required]
    for prop in required:
        partial = {k: v for k, v in ext.items() if k != prop.wire}
        with pytest.raises(RemotingCommandException, match=prop.wire):
            cls.decode_ext_fields(partial)
        header = cls.decode_ext_fields(ext)
        setattr(header, prop.name, None)
        with pytest.raises(RemotingCommandException):
            header.check_fields()


@pytest.mark.parametrize("cls", [c for c in HEADERS if any(p.type in (int, float) for p in c._props)],
                         ids=lambda c: c.__name__)
def test_unparsable_number_is_rejected(cls):
    ext = sample_bean(cls).encode_ext_fields()
    prop = next(p for p in cls._props if p.type in (int, float))
    ext[prop.wire] = "not-a-number"
    with pytest.raises(RemotingCommandException, match=prop.wire):
        cls.decode_ext_fields(ext)


def test_rpc_request_headers_keep_their_base_fields_last():
    rpc_headers = {c.__name__: c for c in HEADERS if issubclass(c, RpcRequestHeader)}
    # 5.3.3: the headers that extend RpcRequestHeader / TopicRequestHeader / TopicQueueRequestHeader
    topic_queue = {"AckMessageRequestHeader", "ChangeInvisibleTimeRequestHeader",
                   "GetEarliestMsgStoretimeRequestHeader", "GetMaxOffsetRequestHeader", "GetMinOffsetRequestHeader",
                   "PopMessageRequestHeader",
                   "PullMessageRequestHeader", "QueryConsumeQueueRequestHeader", "QueryConsumerOffsetRequestHeader",
                   "ReplyMessageRequestHeader", "ResetOffsetRequestHeader", "SearchOffsetRequestHeader",
                   "SendMessageRequestHeader", "SendMessageRequestHeaderV2", "UpdateConsumerOffsetRequestHeader"}
    topic = {"ConsumeMessageDirectlyResultRequestHeader", "CreateTopicRequestHeader", "DeleteTopicRequestHeader",
             "GetConsumeStatsRequestHeader", "GetConsumerStatusRequestHeader", "GetTopicConfigRequestHeader",
             "GetTopicStatsInfoRequestHeader", "QueryConsumeTimeSpanRequestHeader", "QueryCorrectionOffsetHeader",
             "QueryMessageRequestHeader", "QueryTopicConsumeByWhoRequestHeader", "RecallMessageRequestHeader",
             "DeleteTopicFromNamesrvRequestHeader", "GetRouteInfoRequestHeader", "UpdateGroupForbiddenRequestHeader"}
    rpc = {"CheckTransactionStateRequestHeader", "CloneGroupOffsetRequestHeader", "ConsumerSendMsgBackRequestHeader",
           "DeleteSubscriptionGroupRequestHeader", "EndTransactionRequestHeader",
           "GetConsumerConnectionListRequestHeader", "GetConsumerListByGroupRequestHeader",
           "GetConsumerRunningInfoRequestHeader", "GetProducerConnectionListRequestHeader",
           "CreateTopicListRequestHeader", "NotifyConsumerIdsChangedRequestHeader", "UnregisterClientRequestHeader"}
    assert set(rpc_headers) == topic_queue | topic | rpc
    for name, cls in rpc_headers.items():
        if name in topic_queue:
            assert issubclass(cls, TopicQueueRequestHeader), name
        elif name in topic:
            assert issubclass(cls, TopicRequestHeader) and not issubclass(cls, TopicQueueRequestHeader), name
        else:
            assert not issubclass(cls, TopicRequestHeader), name
        tail = ["lo", "ns", "nsd", "bname", "oway"] if issubclass(cls, TopicRequestHeader) else [
            "ns", "nsd", "bname", "oway"]
        assert [p.wire for p in cls._props[-len(tail):]] == tail, name


def test_base_fields_are_not_sent_while_none_and_decode():
    header = GetMaxOffsetRequestHeader(topic="T", queue_id=1)
    assert header.encode_ext_fields() == {"topic": "T", "queueId": "1"}  # as a 4.9.7 client sends it
    header.lo, header.bname, header.ns, header.nsd, header.oway = False, "__syslo__global__", "ns1", True, False
    ext = header.encode_ext_fields()
    assert ext == {"topic": "T", "queueId": "1", "lo": "false", "ns": "ns1", "nsd": "true",
                   "bname": "__syslo__global__", "oway": "false"}
    assert GetMaxOffsetRequestHeader.decode_ext_fields(ext) == header
    header.set_broker_name("b")
    assert header.get_broker_name() == header.bname == "b"


def test_fast_codec_field_orders():
    assert [p.wire for p in SendMessageRequestHeaderV2._props] == list("abcdefghijklmn") + [
        "lo", "ns", "nsd", "bname", "oway"]
    assert [p.wire for p in PullMessageRequestHeader._props] == [  # 5.3.3 PullMessageRequestHeader.encode
        "consumerGroup", "topic", "queueId", "queueOffset", "maxMsgNums", "sysFlag", "commitOffset",
        "suspendTimeoutMillis", "subscription", "subVersion", "expressionType", "maxMsgBytes", "lo", "ns", "nsd",
        "bname", "oway"]
    assert [p.wire for p in SendMessageResponseHeader._props] == ["msgId", "queueId", "queueOffset", "transactionId",
                                                                  "batchUniqId", "recallHandle"]  # 5.3.3
    assert [p.wire for p in PullMessageResponseHeader._props] == [  # 5.3.3
        "suggestWhichBrokerId", "nextBeginOffset", "minOffset", "maxOffset", "offsetDelta", "topicSysFlag",
        "groupSysFlag", "forbiddenType"]


def test_send_message_v2_rocketmq_frame_matches_protocol_vector_8_3():
    header = SendMessageRequestHeaderV2(
        a="PG", b="TopicTest", c="TBW102", d=4, e=1, f=0, g=1700000000000, h=0,
        i="a\x01b\x02KEYS\x01KEY1\x02WAIT\x01true\x02TAGS\x01TagA", j=0, k=False, m=False, n="broker-a")
    cmd = RemotingCommand(code=310, opaque=8, custom_header=header, language=LanguageCode.JAVA, version=407,
                          serialize_type=SerializeType.ROCKETMQ)
    expected = (
        "000000ca010000c60136000197000000080000000000000000000000b1"
        "0001610000000250470001620000000954" "6f70696354657374"
        "000163000000065442573130320001640000000134000165000000013100016600000001300001670000000d3137303030303030"
        "3030303030000168000000013000016900000021610162024b455953014b455931025741495401747275650254414753015461"
        "674100016a000000013000016b0000000566616c736500016d0000000566616c736500016e0000000862726f6b65722d61")
    assert cmd.encode().hex() == expected


def test_java_primitive_fields_are_always_sent():
    ext = SendMessageRequestHeaderV2().encode_ext_fields()
    assert ext == {"k": "false", "m": "false"}
    assert ResetOffsetRequestHeader().encode_ext_fields() == {"queueId": "-1", "timestamp": "0", "isForce": "false"}
    assert CreateTopicRequestHeader().encode_ext_fields() == {"order": "false"}
    assert EndTransactionRequestHeader().encode_ext_fields() == {"fromTransactionCheck": "false"}


def test_java_wire_names_that_are_not_camel_case_of_the_attribute():
    assert UnregisterClientRequestHeader(client_id="c").encode_ext_fields() == {"clientID": "c"}
    header = ResetOffsetRequestHeader(topic="T", group="G", timestamp=5, force=True)
    assert header.encode_ext_fields() == {"topic": "T", "group": "G", "queueId": "-1", "timestamp": "5",
                                          "isForce": "true"}
    assert header.is_force() is True
    header.set_force(False)
    assert header.force is False
    in_broker = GetConsumeStatsInBrokerHeader()
    in_broker.set_is_order(True)
    assert in_broker.is_order() is True
    assert in_broker.encode_ext_fields() == {"isOrder": "true"}


def test_boolean_parsing_is_java_parse_boolean():
    assert ResetOffsetRequestHeader.decode_ext_fields(
        {"topic": "T", "group": "G", "timestamp": "1", "isForce": "TRUE"}).force is True
    assert ResetOffsetRequestHeader.decode_ext_fields(
        {"topic": "T", "group": "G", "timestamp": "1", "isForce": "yes"}).force is False


def test_send_message_header_converters():
    v2 = sample_bean(SendMessageRequestHeaderV2)
    v2.bname = v2.lo = v2.ns = v2.nsd = v2.oway = None  # 5.3.3's converters copy a .. n only
    v1 = SendMessageRequestHeaderV2.create_send_message_request_header_v1(v2)
    assert v1.encode_ext_fields() == {
        "producerGroup": v2.a, "topic": v2.b, "defaultTopic": v2.c, "defaultTopicQueueNums": str(v2.d),
        "queueId": str(v2.e), "sysFlag": str(v2.f), "bornTimestamp": str(v2.g), "flag": str(v2.h),
        "properties": v2.i, "reconsumeTimes": str(v2.j), "unitMode": "true", "batch": "true",
        "maxReconsumeTimes": str(v2.l), "bname": v2.n}
    assert SendMessageRequestHeaderV2.create_send_message_request_header_v2(v1) == v2
    assert isinstance(v1, SendMessageRequestHeader)


def test_end_transaction_check_fields_validates_the_transaction_type():
    header = EndTransactionRequestHeader(producer_group="PG", tran_state_table_offset=1, commit_log_offset=2,
                                         commit_or_rollback=8, msg_id="ID")
    for value in (0, 8, 12):
        header.commit_or_rollback = value
        header.check_fields()
    header.commit_or_rollback = 4
    with pytest.raises(RemotingCommandException, match="commitOrRollback"):
        header.check_fields()


def test_create_topic_check_fields_validates_the_filter_type():
    header = CreateTopicRequestHeader(topic="T", default_topic="TBW102", read_queue_nums=4, write_queue_nums=4,
                                      perm=6, topic_filter_type="SINGLE_TAG")
    header.check_fields()
    assert header.get_topic_filter_type_enum().name == "SINGLE_TAG"
    header.topic_filter_type = "NO_SUCH_TYPE"
    with pytest.raises(RemotingCommandException, match="NO_SUCH_TYPE"):
        header.check_fields()


@pytest.mark.parametrize("cls", [c for c in HEADERS if c._java_int_fields], ids=lambda c: c.__name__)
def test_java_int_fields_refuse_what_integer_parse_int_refuses(cls):
    ext = valid_sample(cls).encode_ext_fields()
    name = cls._java_int_fields[0]
    wire = cls._props_by_name[name].wire
    for raw in ("2147483647", "-2147483648"):
        assert getattr(cls.decode_ext_fields({**ext, wire: raw}), name) == int(raw)
    for raw in ("2147483648", "-2147483649"):
        with pytest.raises(RemotingCommandException, match="<%s> of %s is out of range" % (wire, cls.__name__)):
            cls.decode_ext_fields({**ext, wire: raw})
    long_fields = [p for p in cls._props if p.type is int and p.name not in cls._java_int_fields]
    for prop in long_fields:  # a Java long takes it
        assert getattr(cls.decode_ext_fields({**ext, prop.wire: "2147483648"}), prop.name) == 2147483648


def test_5_3_3_optional_fields_as_java_writes_and_reads_them():
    from rocketmq_common.boundary_type import BoundaryType
    from rocketmq_common.protocol.header.search_offset_request_header import SearchOffsetRequestHeader
    header = SearchOffsetRequestHeader(topic="T", queue_id=0, timestamp=5, boundary_type=BoundaryType.UPPER)
    assert header.encode_ext_fields()["boundaryType"] == "UPPER"  # Java toString: the constant's name
    for text, expected in (("UPPER", BoundaryType.UPPER), ("upper", BoundaryType.UPPER),
                           ("LOWER", BoundaryType.LOWER), ("other", BoundaryType.LOWER)):
        ext = dict(header.encode_ext_fields(), boundaryType=text)
        assert SearchOffsetRequestHeader.decode_ext_fields(ext).boundary_type is expected
    assert BoundaryType.UPPER.get_name() == "upper" and BoundaryType.get_type(None) is BoundaryType.LOWER
    assert "force" not in CreateTopicRequestHeader().encode_ext_fields()
