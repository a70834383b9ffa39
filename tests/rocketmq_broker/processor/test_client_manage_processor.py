"""Client management: HEART_BEAT, NOTIFY_CONSUMER_IDS_CHANGED, UNREGISTER_CLIENT, channel close and expiry,
GET_CONSUMER_LIST_BY_GROUP, connection lists, CHECK_CLIENT_CONFIG, queue locks, and a replay of the Java client's
golden frames."""
from __future__ import annotations

import json
import socket
import struct

import pytest
from broker_support import ConsumerClient, GOLDEN, get_route, wait_for

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.check_client_request_body import CheckClientRequestBody
from rocketmq_common.protocol.body.consumer_connection import ConsumerConnection
from rocketmq_common.protocol.body.lock_batch_request_body import LockBatchRequestBody
from rocketmq_common.protocol.body.lock_batch_response_body import LockBatchResponseBody
from rocketmq_common.protocol.body.producer_connection import ProducerConnection
from rocketmq_common.protocol.body.unlock_batch_request_body import UnlockBatchRequestBody
from rocketmq_common.protocol.header.get_consumer_connection_list_request_header import \
    GetConsumerConnectionListRequestHeader
from rocketmq_common.protocol.header.get_consumer_list_by_group_request_header import \
    GetConsumerListByGroupRequestHeader
from rocketmq_common.protocol.header.get_consumer_list_by_group_response_body import \
    GetConsumerListByGroupResponseBody
from rocketmq_common.protocol.header.get_producer_connection_list_request_header import \
    GetProducerConnectionListRequestHeader
from rocketmq_common.protocol.header.unregister_client_request_header import UnregisterClientRequestHeader
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import LanguageCode, RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

GROUP = "GroupA"


@pytest.fixture
def clients(embedded_cluster):
    made = []

    def make(client_id: str) -> ConsumerClient:
        c = ConsumerClient(embedded_cluster.broker_addr, client_id)
        made.append(c)
        return c
    yield make
    for c in made:
        c.close()


def consumer_ids(client: ConsumerClient, group: str = GROUP):
    response = client.invoke(RequestCode.GET_CONSUMER_LIST_BY_GROUP,
                             GetConsumerListByGroupRequestHeader(consumer_group=group))
    if response.code != ResponseCode.SUCCESS:
        return response
    return sorted(GetConsumerListByGroupResponseBody.decode(response.body).consumer_id_list)


def assert_notified(client: ConsumerClient, group: str = GROUP) -> None:
    request = client.recorder.next()
    assert request.code == RequestCode.NOTIFY_CONSUMER_IDS_CHANGED
    assert request.is_oneway_rpc()
    assert request.ext_fields == {"consumerGroup": group}


def test_heartbeat_creates_group_and_retry_topic(embedded_cluster, clients):
    c1 = clients("127.0.0.1@c1")
    response = c1.heartbeat(GROUP, producer_groups=["PG"])
    # a 5.3.3 broker's answer: heartbeat v2 supported, and a v1 heartbeat counts as a subscription change
    assert (response.code, response.remark, response.body) == (0, None, None)
    assert response.ext_fields == {"IS_SUPPORT_HEART_BEAT_V2": "true", "IS_SUB_CHANGE": "true"}
    controller = embedded_cluster.broker_controller
    config = controller.get_subscription_group_manager().get_subscription_group_table()[GROUP]
    assert (config.retry_queue_nums, config.retry_max_times, config.consume_enable) == (1, 16, True)
    retry = controller.get_topic_config_manager().select_topic_config("%RETRY%" + GROUP)
    assert (retry.read_queue_nums, retry.write_queue_nums, retry.perm) == (1, 1, 6)
    with NettyRemotingClient() as nc:
        route = wait_for(lambda: get_route(nc, embedded_cluster.namesrv_addr, "%RETRY%" + GROUP),
                         what="the retry topic route")
    assert (route.queue_datas[0].write_queue_nums, route.queue_datas[0].perm) == (1, 6)
    assert controller.get_producer_manager().find_channel("127.0.0.1@c1") is not None
    assert consumer_ids(c1) == ["127.0.0.1@c1"]


def test_notify_consumer_ids_changed_reaches_every_member(embedded_cluster, clients):
    c1 = clients("127.0.0.1@c1")
    c2 = clients("127.0.0.1@c2")
    assert c1.heartbeat(GROUP).code == 0
    assert_notified(c1)                              # the first consumer is told about itself too
    assert c2.heartbeat(GROUP).code == 0
    assert_notified(c1)
    assert_notified(c2)
    # an unchanged heartbeat notifies nobody; a new subscription notifies everybody
    assert c1.heartbeat(GROUP).code == 0
    assert c2.heartbeat(GROUP, topics=["TopicTest", "Other"]).code == 0
    assert_notified(c1)
    assert_notified(c2)
    assert c1.recorder.drain() == [] and c2.recorder.drain() == []
    assert consumer_ids(c1) == ["127.0.0.1@c1", "127.0.0.1@c2"]


def test_unregister_client_removes_the_consumer(embedded_cluster, clients):
    c1 = clients("127.0.0.1@c1")
    c2 = clients("127.0.0.1@c2")
    c1.heartbeat(GROUP, producer_groups=["PG"])
    c2.heartbeat(GROUP)
    c1.recorder.drain()
    c2.recorder.drain()
    response = c2.invoke(RequestCode.UNREGISTER_CLIENT,
                         UnregisterClientRequestHeader(client_id="127.0.0.1@c2", consumer_group=GROUP))
    assert (response.code, response.remark, response.ext_fields) == (0, None, {})
    assert_notified(c1)
    assert consumer_ids(c1) == ["127.0.0.1@c1"]
    response = c1.invoke(RequestCode.UNREGISTER_CLIENT,
                         UnregisterClientRequestHeader(client_id="127.0.0.1@c1", consumer_group=GROUP))
    assert response.code == 0
    response = consumer_ids(c1)
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR, "no consumer for this group, " + GROUP)
    assert response.ext_fields == {}
    producers = embedded_cluster.broker_controller.get_producer_manager()
    assert producers.find_channel("127.0.0.1@c1") is not None
    c1.invoke(RequestCode.UNREGISTER_CLIENT, UnregisterClientRequestHeader(client_id="127.0.0.1@c1",
                                                                           producer_group="PG"))
    assert producers.find_channel("127.0.0.1@c1") is None
    assert "PG" not in producers.get_group_channel_table()


def test_closed_channel_leaves_every_group(embedded_cluster, clients):
    c1 = clients("127.0.0.1@c1")
    c2 = clients("127.0.0.1@c2")
    c1.heartbeat(GROUP, "GroupB", producer_groups=["PG"])
    c2.heartbeat(GROUP)
    c1.recorder.drain()
    c2.recorder.drain()
    c1.close()
    assert_notified(c2)
    assert consumer_ids(c2) == ["127.0.0.1@c2"]
    response = consumer_ids(c2, "GroupB")
    assert response.remark == "no consumer for this group, GroupB"
    assert embedded_cluster.broker_controller.get_producer_manager().find_channel("127.0.0.1@c1") is None


@pytest.mark.embedded_cluster(broker_config={"channel_expired_timeout": 600, "scan_not_active_channel_interval": 100})
def test_silent_channel_expires(embedded_cluster, clients):
    silent = clients("127.0.0.1@silent")
    alive = clients("127.0.0.1@alive")
    silent.heartbeat(GROUP, producer_groups=["PG"])
    alive.heartbeat(GROUP)
    silent.recorder.drain()
    alive.recorder.drain()

    def alive_heartbeats_until_alone():
        alive.heartbeat(GROUP)
        return consumer_ids(alive) == ["127.0.0.1@alive"]
    wait_for(alive_heartbeats_until_alone, timeout=10, interval=0.1, what="the silent consumer to expire")
    # the broker closed the silent connection, and told the remaining member
    wait_for(lambda: not silent.client.channel_tables, what="the silent connection to close")
    assert_notified(alive)
    assert embedded_cluster.broker_controller.get_producer_manager().find_channel("127.0.0.1@silent") is None


def test_consumer_and_producer_connection_lists(embedded_cluster, clients):
    c1 = clients("127.0.0.1@c1")
    c1.heartbeat(GROUP, producer_groups=["PG"])
    response = c1.invoke(RequestCode.GET_CONSUMER_CONNECTION_LIST,
                         GetConsumerConnectionListRequestHeader(consumer_group=GROUP))
    assert response.code == 0
    body = ConsumerConnection.decode(response.body)
    (connection,) = body.connection_set
    assert (connection.client_id, connection.language, connection.version) == \
        ("127.0.0.1@c1", LanguageCode.PYTHON, RemotingCommand.create_request_command(0).version)
    local = c1.client.channel_tables[embedded_cluster.broker_addr].get_channel().local_address()
    assert connection.client_addr == "%s:%d" % local
    assert set(body.subscription_table) == {"TopicTest"}
    assert body.consume_type.name == "CONSUME_PASSIVELY" and body.message_model.name == "CLUSTERING"
    response = c1.invoke(RequestCode.GET_CONSUMER_CONNECTION_LIST,
                         GetConsumerConnectionListRequestHeader(consumer_group="Nobody"))
    assert (response.code, response.remark) == (ResponseCode.CONSUMER_NOT_ONLINE,
                                                "the consumer group[Nobody] not online")
    response = c1.invoke(RequestCode.GET_PRODUCER_CONNECTION_LIST,
                         GetProducerConnectionListRequestHeader(producer_group="PG"))
    assert [c.client_id for c in ProducerConnection.decode(response.body).connection_set] == ["127.0.0.1@c1"]
    response = c1.invoke(RequestCode.GET_PRODUCER_CONNECTION_LIST,
                         GetProducerConnectionListRequestHeader(producer_group="NoPG"))
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR, "the producer group[NoPG] not exist")


def test_check_client_config(embedded_cluster, clients):
    c1 = clients("127.0.0.1@c1")
    tag = CheckClientRequestBody(client_id="c1", group=GROUP,
                                 subscription_data=SubscriptionData(topic="T", sub_string="TagA"))
    response = c1.invoke(RequestCode.CHECK_CLIENT_CONFIG, body=tag.encode())
    assert (response.code, response.remark) == (0, None)
    sql = CheckClientRequestBody(client_id="c1", group=GROUP,
                                 subscription_data=SubscriptionData(topic="T", sub_string="a > 1",
                                                                    expression_type="SQL92"))
    response = c1.invoke(RequestCode.CHECK_CLIENT_CONFIG, body=sql.encode())
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR,
                                                "The broker does not support consumer to filter message by SQL92")


def test_lock_and_unlock_batch_mq(embedded_cluster, clients):
    c1 = clients("127.0.0.1@c1")
    c2 = clients("127.0.0.1@c2")
    mqs = {MessageQueue("T", "broker-a", 0), MessageQueue("T", "broker-a", 1)}
    response = c1.invoke(RequestCode.LOCK_BATCH_MQ,
                         body=LockBatchRequestBody(consumer_group=GROUP, client_id="c1", mq_set=mqs).encode())
    assert response.code == 0
    assert LockBatchResponseBody.decode(response.body).lock_okmq_set == mqs
    response = c2.invoke(RequestCode.LOCK_BATCH_MQ,
                         body=LockBatchRequestBody(consumer_group=GROUP, client_id="c2", mq_set=mqs).encode())
    assert LockBatchResponseBody.decode(response.body).lock_okmq_set == set()
    response = c1.invoke(RequestCode.UNLOCK_BATCH_MQ, body=UnlockBatchRequestBody(
        consumer_group=GROUP, client_id="c1", mq_set={MessageQueue("T", "broker-a", 0)}).encode())
    assert (response.code, response.remark) == (0, None)
    response = c2.invoke(RequestCode.LOCK_BATCH_MQ,
                         body=LockBatchRequestBody(consumer_group=GROUP, client_id="c2", mq_set=mqs).encode())
    assert LockBatchResponseBody.decode(response.body).lock_okmq_set == {MessageQueue("T", "broker-a", 0)}


# ---------------------------------------------------------------------- golden frames of the Java client

def golden_frame(prefix: str) -> bytes:
    entries = json.loads((GOLDEN / "index.json").read_text(encoding="utf-8"))
    (entry,) = [e for e in entries if e["file"].startswith("frames/" + prefix)]
    return (GOLDEN / entry["file"]).read_bytes()


def golden_header(prefix: str) -> dict:
    entries = json.loads((GOLDEN / "index.json").read_text(encoding="utf-8"))
    (entry,) = [e for e in entries if e["file"].startswith("frames/" + prefix)]
    return entry["header"]


class RawConnection:
    """A plain socket speaking frames, to replay captured bytes."""

    def __init__(self, addr: str) -> None:
        host, port = addr.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=5)

    def send(self, frame: bytes) -> None:
        self.sock.sendall(frame)

    def _read_exactly(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    def read(self) -> RemotingCommand:
        (length,) = struct.unpack(">i", self._read_exactly(4))
        return RemotingCommand.decode(self._read_exactly(length))

    def close(self) -> None:
        self.sock.close()


def comparable(header: dict) -> dict:
    """A golden header without what differs by design (opaque; language: this broker is not Java), the 4.9.7
    broker's version replaced by ours (5.3.3's, as a Java 5.3.3 broker sends)."""
    kept = {k: v for k, v in header.items() if k not in ("opaque", "language", "serializeTypeCurrentRPC")}
    assert kept["version"] == MQVersion.version_ordinal("V4_9_7")
    kept["version"] = MQVersion.CURRENT_VERSION
    return kept


def as_header(cmd: RemotingCommand) -> dict:
    header = {"code": cmd.code, "flag": cmd.flag, "version": cmd.version}
    if cmd.ext_fields is not None:
        header["extFields"] = cmd.ext_fields
    if cmd.remark is not None:
        header["remark"] = cmd.remark
    return header


def test_golden_consumer_session_replay(embedded_cluster):
    conn = RawConnection(embedded_cluster.broker_addr)
    try:
        conn.send(golden_frame("032-c2b-HEART_BEAT"))
        first = conn.read()
        second = conn.read()
        notify, response = (first, second) if first.code == 40 and not first.is_response_type() else (second, first)
        assert as_header(notify) == comparable(golden_header("033-b2c-NOTIFY_CONSUMER_IDS_CHANGED"))
        # the 4.9.7 broker's answer plus the heartbeat v2 flags of a 5.3.3 broker
        expected = dict(comparable(golden_header("034-b2c-HEART_BEAT_RESPONSE")),
                        extFields={"IS_SUPPORT_HEART_BEAT_V2": "true", "IS_SUB_CHANGE": "true"})
        assert as_header(response) == expected
        assert response.opaque == golden_header("032-c2b-HEART_BEAT")["opaque"]
        conn.send(golden_frame("037-c2b-GET_CONSUMER_LIST_BY_GROUP"))
        response = conn.read()
        assert as_header(response) == comparable(golden_header("038-b2c-GET_CONSUMER_LIST_BY_GROUP_RESPONSE"))
        assert json.loads(response.body) == {"consumerIdList": ["192.0.2.2@c1"]}
        conn.send(golden_frame("041-c2b-QUERY_CONSUMER_OFFSET"))
        assert as_header(conn.read()) == comparable(golden_header("042-b2c-QUERY_CONSUMER_OFFSET_RESPONSE"))
        conn.send(golden_frame("091-c2b-UNREGISTER_CLIENT"))
        assert as_header(conn.read()) == comparable(golden_header("092-b2c-UNREGISTER_CLIENT_RESPONSE"))
        conn.send(golden_frame("093-c2b-UNREGISTER_CLIENT"))
        assert as_header(conn.read()) == comparable(golden_header("094-b2c-UNREGISTER_CLIENT_RESPONSE"))
    finally:
        conn.close()
    controller = embedded_cluster.broker_controller
    assert controller.get_consumer_manager().get_consumer_group_info("GoldenCG") is None
    subs = controller.get_topic_config_manager().select_topic_config("%RETRY%GoldenCG")
    assert subs is not None and subs.write_queue_nums == 1
