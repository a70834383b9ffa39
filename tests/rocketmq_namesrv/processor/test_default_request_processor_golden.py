"""The Java 4.9.7 client's own NameServer requests (golden frames, JSON and ROCKETMQ headers) sent byte for byte
to our NameServer, which holds the golden capture's broker-a: the responses match the Java NameServer's."""
from __future__ import annotations

import json

import pytest
from namesrv_support import (
    GOLDEN, RawConnection, addr_of, client, golden_frame, namesrv, register_broker, split_body, topic_configs,
)

from rocketmq_common.data_version import DataVersion
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, SerializeType

__all__ = ["namesrv", "client"]  # fixtures

INDEX = json.loads((GOLDEN / "index.json").read_text("utf-8"))
BY_FILE = {entry["file"]: entry for entry in INDEX}

#: the golden broker-a's topics (README: 2 queues each, GoldenV6Topic 1, TBW102 8 with inherit; perm 6 / 7)
BROKER_TOPICS = {"TBW102": (8, 7), "GoldenTopic": (2, 6), "GoldenOrderTopic": (2, 6), "GoldenTxTopic": (2, 6),
                 "GoldenBinTopic": (2, 6), "GoldenV6Topic": (1, 6)}
#: retry topics appear once their consumer group heartbeats (one queue, perm 6, as observed)
RETRY_TOPICS = {"%RETRY%GoldenCG": (1, 6), "%RETRY%GoldenOrderCG": (1, 6), "%RETRY%GoldenAdminCG": (1, 6),
                "%RETRY%GoldenBinCG": (1, 6)}


def _pairs(code: int):
    """(request entry, response entry) for every golden client -> namesrv request of ``code``."""
    out = []
    for entry in INDEX:
        if entry["direction"] == "c2n" and entry["request_code"] == code and entry["kind"] == "request":
            out.append((entry, BY_FILE[entry["paired_with"]]))
    return out


ROUTE_PAIRS = _pairs(RequestCode.GET_ROUTEINFO_BY_TOPIC)


def _register(client, namesrv, with_retry_topics: bool) -> None:
    spec = dict(BROKER_TOPICS)
    if with_retry_topics:
        spec.update(RETRY_TOPICS)
    response = register_broker(client, addr_of(namesrv), topic_configs(spec),
                               data_version=DataVersion(timestamp=1, counter=2 if with_retry_topics else 1))
    assert response.code == ResponseCode.SUCCESS


def _check_response(ours_frame: bytes, request: RemotingCommand, golden_entry: dict) -> None:
    ours = RemotingCommand.decode(ours_frame)
    golden = RemotingCommand.decode(golden_frame(golden_entry["file"])[4:])
    assert ours.is_response_type() and ours.opaque == request.opaque
    assert ours.serialize_type == request.serialize_type  # the NameServer mirrors the request's serialization
    assert ours.code == golden.code and ours.remark == golden.remark
    assert ours.ext_fields == golden.ext_fields
    assert split_body(ours_frame) == split_body(golden_frame(golden_entry["file"])[4:])


def test_the_golden_capture_has_route_requests_of_both_serializations():
    assert len(ROUTE_PAIRS) >= 20
    assert {req["serialize_type"] for req, _ in ROUTE_PAIRS} == {"JSON", "ROCKETMQ"}
    assert {resp["response_code"] for _, resp in ROUTE_PAIRS} == {ResponseCode.SUCCESS, ResponseCode.TOPIC_NOT_EXIST}


@pytest.mark.parametrize("with_retry_topics", [False, True], ids=["before-heartbeats", "after-heartbeats"])
def test_golden_route_requests_get_the_java_responses(namesrv, client, with_retry_topics):
    _register(client, namesrv, with_retry_topics)
    conn = RawConnection(addr_of(namesrv))
    checked = 0
    try:
        for req_entry, resp_entry in ROUTE_PAIRS:
            topic = req_entry["header"]["extFields"]["topic"]
            if topic.startswith("%RETRY%") and (resp_entry["response_code"] == ResponseCode.SUCCESS) \
                    != with_retry_topics:
                continue  # the golden answer depends on whether the group had heartbeated yet
            frame = golden_frame(req_entry["file"])
            conn.send_frame(frame)
            _check_response(conn.read_frame(), RemotingCommand.decode(frame[4:]), resp_entry)
            checked += 1
    finally:
        conn.close()
    assert checked >= 10


def test_golden_cluster_info_request(namesrv, client):
    _register(client, namesrv, False)
    (req_entry, resp_entry), = _pairs(RequestCode.GET_BROKER_CLUSTER_INFO)
    conn = RawConnection(addr_of(namesrv))
    try:
        frame = golden_frame(req_entry["file"])
        conn.send_frame(frame)
        ours = conn.read_frame()
    finally:
        conn.close()
    _check_response(ours, RemotingCommand.decode(frame[4:]), resp_entry)
    assert b'"brokerAddrs":{0:"127.0.0.1:10911"}' in split_body(ours)
    assert ClusterInfo.decode(split_body(ours)).cluster_addr_table == {"DefaultCluster": {"broker-a"}}


def test_golden_topic_list_request(namesrv, client):
    (req_entry, resp_entry), = _pairs(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER)
    golden_topics = resp_entry["body"]["content"]["topicList"]
    response = register_broker(client, addr_of(namesrv), topic_configs({t: (1, 6) for t in golden_topics}))
    assert response.code == ResponseCode.SUCCESS
    conn = RawConnection(addr_of(namesrv))
    try:
        frame = golden_frame(req_entry["file"])
        conn.send_frame(frame)
        ours = conn.read_frame()
    finally:
        conn.close()
    response = RemotingCommand.decode(ours)
    assert response.code == ResponseCode.SUCCESS and response.serialize_type == SerializeType.JSON
    golden_body = fastjson.loads(split_body(golden_frame(resp_entry["file"])[4:]))
    ours_body = fastjson.loads(split_body(ours))
    assert set(ours_body) == set(golden_body) == {"topicList"}
    assert sorted(ours_body["topicList"]) == sorted(golden_body["topicList"])
