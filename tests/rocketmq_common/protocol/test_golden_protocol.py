"""Every golden frame (Java 4.9.7 client <-> 4.9.7 NameServer/Broker): header, custom header and JSON body decode
with our protocol classes, and every frame re-encodes (header object + body object) to the same wire content."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from common_support import normalise, normalise_json

from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.protocol import header as h
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.body.lock_batch_request_body import LockBatchRequestBody
from rocketmq_common.protocol.body.lock_batch_response_body import LockBatchResponseBody
from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.body.unlock_batch_request_body import UnlockBatchRequestBody
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_remoting.protocol.remoting_command import LanguageCode, RemotingCommand, SerializeType

GOLDEN = Path(__file__).resolve().parents[2] / "golden_data"
INDEX = json.loads((GOLDEN / "index.json").read_text("utf-8"))

#: request code -> (request header class, SUCCESS response header class); None = the command has no custom header
HEADERS = {
    RequestCode.PULL_MESSAGE: (h.PullMessageRequestHeader, h.PullMessageResponseHeader),
    RequestCode.QUERY_MESSAGE: (h.QueryMessageRequestHeader, h.QueryMessageResponseHeader),
    RequestCode.QUERY_CONSUMER_OFFSET: (h.QueryConsumerOffsetRequestHeader, h.QueryConsumerOffsetResponseHeader),
    RequestCode.UPDATE_CONSUMER_OFFSET: (h.UpdateConsumerOffsetRequestHeader, h.UpdateConsumerOffsetResponseHeader),
    RequestCode.UPDATE_AND_CREATE_TOPIC: (h.CreateTopicRequestHeader, None),
    RequestCode.SEARCH_OFFSET_BY_TIMESTAMP: (h.SearchOffsetRequestHeader, h.SearchOffsetResponseHeader),
    RequestCode.GET_MAX_OFFSET: (h.GetMaxOffsetRequestHeader, h.GetMaxOffsetResponseHeader),
    RequestCode.GET_MIN_OFFSET: (h.GetMinOffsetRequestHeader, h.GetMinOffsetResponseHeader),
    RequestCode.GET_EARLIEST_MSG_STORETIME: (h.GetEarliestMsgStoretimeRequestHeader,
                                             h.GetEarliestMsgStoretimeResponseHeader),
    RequestCode.VIEW_MESSAGE_BY_ID: (h.ViewMessageRequestHeader, None),
    RequestCode.HEART_BEAT: (None, None),
    RequestCode.UNREGISTER_CLIENT: (h.UnregisterClientRequestHeader, h.UnregisterClientResponseHeader),
    RequestCode.CONSUMER_SEND_MSG_BACK: (h.ConsumerSendMsgBackRequestHeader, None),
    RequestCode.END_TRANSACTION: (h.EndTransactionRequestHeader, None),
    RequestCode.GET_CONSUMER_LIST_BY_GROUP: (h.GetConsumerListByGroupRequestHeader,
                                             h.GetConsumerListByGroupResponseHeader),
    RequestCode.CHECK_TRANSACTION_STATE: (h.CheckTransactionStateRequestHeader, None),
    RequestCode.NOTIFY_CONSUMER_IDS_CHANGED: (h.NotifyConsumerIdsChangedRequestHeader, None),
    RequestCode.LOCK_BATCH_MQ: (None, None),
    RequestCode.UNLOCK_BATCH_MQ: (None, None),
    RequestCode.GET_ROUTEINFO_BY_TOPIC: (h.GetRouteInfoRequestHeader, None),
    RequestCode.GET_BROKER_CLUSTER_INFO: (None, None),
    RequestCode.GET_TOPIC_STATS_INFO: (h.GetTopicStatsInfoRequestHeader, None),
    RequestCode.GET_CONSUMER_CONNECTION_LIST: (h.GetConsumerConnectionListRequestHeader, None),
    RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER: (None, None),
    RequestCode.GET_CONSUME_STATS: (h.GetConsumeStatsRequestHeader, None),
    RequestCode.GET_CONSUMER_RUNNING_INFO: (h.GetConsumerRunningInfoRequestHeader, None),
    RequestCode.CONSUME_MESSAGE_DIRECTLY: (h.ConsumeMessageDirectlyResultRequestHeader, None),
    RequestCode.SEND_MESSAGE_V2: (h.SendMessageRequestHeaderV2, h.SendMessageResponseHeader),
    RequestCode.SEND_BATCH_MESSAGE: (h.SendMessageRequestHeaderV2, h.SendMessageResponseHeader),
}

#: extFields keys that are not custom-header fields: (request code, is response) -> keys
EXTRA_EXT_FIELDS = {
    (RequestCode.QUERY_MESSAGE, False): {"_UNIQUE_KEY_QUERY"},
    (RequestCode.SEND_MESSAGE_V2, True): {"MSG_REGION", "TRACE_ON"},
    (RequestCode.SEND_BATCH_MESSAGE, True): {"MSG_REGION", "TRACE_ON"},
}

REQUEST_BODIES = {
    RequestCode.HEART_BEAT: HeartbeatData,
    RequestCode.LOCK_BATCH_MQ: LockBatchRequestBody,
    RequestCode.UNLOCK_BATCH_MQ: UnlockBatchRequestBody,
}
RESPONSE_BODIES = {
    RequestCode.GET_ROUTEINFO_BY_TOPIC: TopicRouteData,
    RequestCode.GET_BROKER_CLUSTER_INFO: ClusterInfo,
    RequestCode.GET_CONSUMER_LIST_BY_GROUP: h.GetConsumerListByGroupResponseBody,
    RequestCode.LOCK_BATCH_MQ: LockBatchResponseBody,
    RequestCode.GET_CONSUMER_CONNECTION_LIST: ConsumerConnection,
    RequestCode.GET_CONSUME_STATS: ConsumeStats,
    RequestCode.GET_TOPIC_STATS_INFO: TopicStatsTable,
    RequestCode.GET_CONSUMER_RUNNING_INFO: ConsumerRunningInfo,
    RequestCode.CONSUME_MESSAGE_DIRECTLY: ConsumeMessageDirectlyResult,
    RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER: TopicList,
}
#: bodies without sets or HashMaps, whose fastjson output we reproduce byte for byte
#: fields that the 5.3.3 shape of a body adds to what the 4.9.7 client sent, with the values a 4.9.7 body means
FIELDS_OF_5 = {HeartbeatData: {"heartbeatFingerprint": 0, "withoutSub": False}}
BYTE_IDENTICAL_BODIES = (TopicRouteData, h.GetConsumerListByGroupResponseBody, ConsumeMessageDirectlyResult)
FAST_CODEC_HEADERS = (h.SendMessageRequestHeaderV2, h.PullMessageRequestHeader, h.SendMessageResponseHeader,
                      h.PullMessageResponseHeader)


def _frame(entry):
    data = (GOLDEN / entry["file"]).read_bytes()
    assert len(data) == entry["frame_length"]
    return data


def _decode(entry):
    return RemotingCommand.decode(_frame(entry)[4:])


def _is_response(entry):
    return entry["kind"] == "response"


def _header_class(entry):
    request_class, response_class = HEADERS[entry["request_code"]]
    if not _is_response(entry):
        return request_class
    return response_class if entry["response_code"] == ResponseCode.SUCCESS else None


def _body_class(entry):
    if _is_response(entry):
        return RESPONSE_BODIES.get(entry["request_code"]) if entry["response_code"] == ResponseCode.SUCCESS else None
    return REQUEST_BODIES.get(entry["request_code"])


def _java_value(prop, raw):
    if prop.type is bool:
        return raw.lower() == "true"
    return prop.type(raw)


FRAMES = pytest.mark.parametrize("entry", INDEX, ids=lambda e: Path(e["file"]).stem)


def test_the_index_covers_every_frame_file_and_every_code_is_mapped():
    files = sorted(p.name for p in (GOLDEN / "frames").glob("*.bin"))
    assert files == sorted(Path(e["file"]).name for e in INDEX)
    assert len(files) == 362
    for entry in INDEX:
        assert entry["request_code"] in HEADERS, entry["file"]
        assert RequestCode.name_of(entry["request_code"]) == entry["request_code_name"]
        if _is_response(entry):
            assert ResponseCode.name_of(entry["response_code"]) == entry["response_code_name"]


@FRAMES
def test_a_frame_header_matches_the_index(entry):
    cmd = _decode(entry)
    header = entry["header"]
    assert cmd.serialize_type == SerializeType[entry["serialize_type"]]
    assert cmd.code == header["code"]
    assert cmd.flag == header["flag"] == entry["flag"]
    assert cmd.opaque == header["opaque"] == entry["opaque"]
    assert cmd.language.name == header["language"]
    assert cmd.version == header["version"]
    assert cmd.remark == header.get("remark")
    assert cmd.ext_fields == header.get("extFields")
    assert list(cmd.ext_fields or {}) == list(header.get("extFields") or {})
    assert len(cmd.body or b"") == entry["body_length"]
    assert cmd.is_response_type() == _is_response(entry)
    assert cmd.is_oneway_rpc() == (entry["kind"] == "oneway request")


@FRAMES
def test_b_custom_header_decodes_with_the_class_of_the_code(entry):
    cmd = _decode(entry)
    cls = _header_class(entry)
    ext = cmd.ext_fields or {}
    if cls is None:
        assert not ext, "unexpected extFields %r" % ext
        return
    header = cmd.decode_command_custom_header(cls)
    header.check_fields()
    wires = {p.wire for p in cls._props}
    assert set(ext) - wires == EXTRA_EXT_FIELDS.get((entry["request_code"], _is_response(entry)), set())
    for prop in cls._props:
        expected = _java_value(prop, ext[prop.wire]) if prop.wire in ext else prop.default
        assert getattr(header, prop.name) == expected, prop.wire


@FRAMES
def test_c_json_body_decodes_with_the_body_class(entry):
    body = entry["body"]
    cls = _body_class(entry)
    if body is None or body["format"] != "json":
        assert cls is None or not _decode(entry).body
        return
    assert cls is not None, "no body class for %s" % entry["file"]
    raw = _decode(entry).body
    decoded = cls.decode(raw)
    content = dict(body["content"], **{k: v for k, v in FIELDS_OF_5.get(cls, {}).items() if k not in body["content"]})
    assert normalise_json(decoded.to_json_value(), cls) == normalise_json(content, cls)
    if cls in BYTE_IDENTICAL_BODIES:
        assert decoded.encode() == raw


@FRAMES
def test_d_frame_re_encodes_from_header_and_body_objects(entry):
    original = _decode(entry)
    cls = _header_class(entry)
    header = original.decode_command_custom_header(cls) if cls is not None else None
    body_cls = _body_class(entry)
    body = original.body
    if body_cls is not None:
        body = body_cls.decode(original.body).encode()
    cmd = RemotingCommand(code=original.code, opaque=original.opaque, flag=original.flag, remark=original.remark,
                          custom_header=header, body=body, language=LanguageCode.JAVA, version=original.version,
                          serialize_type=original.serialize_type)
    wires = {p.wire for p in cls._props} if cls is not None else set()
    for key, value in (original.ext_fields or {}).items():
        if key not in wires:
            cmd.add_ext_field(key, value)
    frame = cmd.encode()
    again = RemotingCommand.decode(frame[4:])
    assert (again.code, again.flag, again.opaque, again.remark) == (
        original.code, original.flag, original.opaque, original.remark)
    assert (again.ext_fields or {}) == (original.ext_fields or {})
    if body_cls is None:
        assert again.body == original.body
    else:
        assert normalise(body_cls.decode(again.body)) == normalise(body_cls.decode(original.body))
    if original.serialize_type == SerializeType.ROCKETMQ and cls in FAST_CODEC_HEADERS:
        # fixed field order, extras after: the whole frame is the Java client's / broker's bytes
        assert frame == _frame(entry)
