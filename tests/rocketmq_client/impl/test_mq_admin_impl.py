"""MQAdminImpl: topic creation, queue lists and offsets against the embedded cluster; view and query message
against a test broker (a NettyRemotingServer answering VIEW_MESSAGE_BY_ID and QUERY_MESSAGE like a 4.9.7 broker)."""
from __future__ import annotations

import threading
import time
from typing import Any, Dict, List

import pytest
from waiting import wait_for

from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.query_consume_time_span_body import QueryConsumeTimeSpanBody
from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
from rocketmq_common.protocol.header.query_consume_time_span_request_header import QueryConsumeTimeSpanRequestHeader
from rocketmq_common.protocol.header.query_message_request_header import (
    QueryMessageRequestHeader,
    QueryMessageResponseHeader,
)
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeader
from rocketmq_common.protocol.header.view_message_request_header import ViewMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.broker_data import BrokerData
from rocketmq_common.protocol.route.queue_data import QueueData
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer

TBW102 = TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC


@pytest.mark.embedded_cluster(brokers=2)
def test_create_topic_and_fetch_queues(embedded_cluster, make_client_config, client_instance):
    config = make_client_config(embedded_cluster.namesrv_addr)
    config.set_namespace("ns")
    admin = client_instance(config).get_mq_admin_impl()
    assert admin.get_timeout_millis() == 6000
    admin.create_topic(TBW102, "ns%AdminTopic", 3)
    publish = admin.fetch_publish_message_queues("ns%AdminTopic")
    assert publish == [MessageQueue("AdminTopic", b, i) for b in ("broker-a", "broker-b") for i in range(3)]
    subscribe = admin.fetch_subscribe_message_queues("ns%AdminTopic")
    assert subscribe == {MessageQueue("ns%AdminTopic", b, i) for b in ("broker-a", "broker-b") for i in range(3)}
    with pytest.raises(MQClientException) as excinfo:
        admin.fetch_publish_message_queues("NoSuchAdminTopic")
    assert excinfo.value.get_error_message() == "Can not find Message Queue for this topic, NoSuchAdminTopic"
    assert excinfo.value.__cause__.get_response_code() == ResponseCode.TOPIC_NOT_EXIST
    with pytest.raises(MQClientException) as excinfo:
        admin.fetch_subscribe_message_queues("NoSuchAdminTopic")
    assert excinfo.value.get_error_message().startswith("Can not find Message Queue for this topic, NoSuchAdminTopic")


def test_create_topic_errors(embedded_cluster, client_config, client_instance):
    admin = client_instance(client_config).get_mq_admin_impl()
    with pytest.raises(MQClientException) as excinfo:
        admin.create_topic(TBW102, "bad topic!", 1)
    assert excinfo.value.get_error_message() == "create new topic failed"
    assert "bad topic!" in str(excinfo.value.__cause__)
    with pytest.raises(MQClientException) as excinfo:
        admin.create_topic("NoSuchKeyTopic", "FineTopic", 1)
    assert excinfo.value.get_error_message() == "create new topic failed"
    with pytest.raises(MQClientException) as excinfo:
        admin.create_topic(TBW102, TopicValidator.RMQ_SYS_SCHEDULE_TOPIC, 1)
    assert "system topic" in str(excinfo.value.__cause__)


def test_offsets_through_admin(embedded_cluster, client_config, client_instance):
    instance = client_instance(client_config)
    admin = instance.get_mq_admin_impl()
    admin.create_topic(TBW102, "OffsetAdminTopic", 2)
    api = instance.get_mq_client_api_impl()
    before = int(time.time() * 1000)
    for body in (b"a", b"b", b"c"):
        header = SendMessageRequestHeader(producer_group="P", topic="OffsetAdminTopic", default_topic=TBW102,
                                          default_topic_queue_nums=4, queue_id=1, sys_flag=0,
                                          born_timestamp=before, flag=0, properties="")
        api.send_message(embedded_cluster.broker_addr, "broker-a", Message("OffsetAdminTopic", body), header, 3000,
                         CommunicationMode.SYNC)
    queue = MessageQueue("OffsetAdminTopic", "broker-a", 1)
    assert admin.max_offset(queue) == 3
    assert admin.min_offset(queue) == 0
    earliest = admin.earliest_msg_store_time(queue)
    assert before - 1000 <= earliest <= int(time.time() * 1000) + 1000
    assert admin.search_offset(queue, earliest - 1) == 0
    with pytest.raises(MQClientException) as excinfo:
        admin.max_offset(MessageQueue("OffsetAdminTopic", "broker-zz", 0))
    assert excinfo.value.get_error_message() == "The broker[broker-zz] not exist"
    with pytest.raises(MQClientException) as excinfo:
        admin.view_message("not-hex")
    assert excinfo.value.get_response_code() == ResponseCode.NO_MESSAGE


class _QueryBroker(NettyRequestProcessor):
    """VIEW_MESSAGE_BY_ID and QUERY_MESSAGE over a list of stored messages (offset = index)."""

    def __init__(self) -> None:
        self.messages: List[MessageExt] = []
        self.queries: List[Dict[str, str]] = []
        self.lock = threading.Lock()

    def store(self, msg: MessageExt) -> int:
        with self.lock:
            self.messages.append(msg)
            return len(self.messages) - 1

    def process_request(self, ctx, request):
        if request.get_code() == RequestCode.VIEW_MESSAGE_BY_ID:
            header = request.decode_command_custom_header(ViewMessageRequestHeader)
            if header.get_offset() >= len(self.messages):
                return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR,
                                                               "can not find message by the offset")
            response = RemotingCommand.create_response_command(ResponseCode.SUCCESS, None)
            response.set_body(MessageDecoder.encode(self.messages[header.get_offset()], False))
            return response
        header = request.decode_command_custom_header(QueryMessageRequestHeader)
        self.queries.append(dict(request.get_ext_fields()))
        unique = request.get_ext_fields().get(MixAll.UNIQUE_MSG_QUERY_FLAG) == "true"
        found = [m for m in self.messages
                 if header.get_begin_timestamp() <= m.get_store_timestamp() <= header.get_end_timestamp()
                 and (header.get_key() == MessageClientIDSetter.get_uniq_id(m) if unique else True)]
        found = found[:header.get_max_num()]
        if not found:
            return RemotingCommand.create_response_command(ResponseCode.QUERY_NOT_FOUND, "no message")
        response = RemotingCommand.create_response_command(ResponseCode.SUCCESS, None)
        response.custom_header = QueryMessageResponseHeader(index_last_update_timestamp=999,
                                                            index_last_update_phyoffset=0)
        response.set_body(b"".join(MessageDecoder.encode(m, False) for m in found))
        return response


@pytest.fixture
def query_broker(client_config, client_instance):
    """(admin, processor, broker_addr): an admin whose route of ``QTopic``/``ns%QTopic`` points at the test
    broker."""
    processor = _QueryBroker()
    server = NettyRemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1"))
    server.register_processor(RequestCode.VIEW_MESSAGE_BY_ID, processor)
    server.register_processor(RequestCode.QUERY_MESSAGE, processor)
    server.start()
    try:
        addr = "127.0.0.1:%d" % server.local_listen_port()
        client_config.set_namespace("ns")
        instance = client_instance(client_config)
        for topic in ("QTopic", "ns%QTopic"):
            instance.get_topic_route_table()[topic] = TopicRouteData(
                queue_datas=[QueueData(broker_name="broker-q", read_queue_nums=1, write_queue_nums=1, perm=6)],
                broker_datas=[BrokerData("c", "broker-q", {0: addr})], filter_server_table={})
        yield instance.get_mq_admin_impl(), processor, addr
    finally:
        server.shutdown()


def _stored(topic: str, keys: str, store_timestamp: int, uniq: Any = None, body: bytes = b"x") -> MessageExt:
    msg = MessageExt(queue_id=0, born_host=("127.0.0.1", 1), store_host=("127.0.0.1", 2),
                     store_timestamp=store_timestamp)
    msg.set_topic(topic)
    msg.set_body(body)
    msg.set_keys(keys)
    msg.put_property(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX,
                     uniq or MessageClientIDSetter.create_uniq_id())
    return msg


def test_view_message_reads_the_address_in_the_id(query_broker):
    admin, processor, addr = query_broker
    offset = processor.store(_stored("ns%QTopic", "K", 1000, body=b"viewed"))
    host, port = addr.split(":")
    msg = admin.view_message(MessageDecoder.create_message_id((host, int(port)), offset))
    assert msg.get_body() == b"viewed" and msg.get_topic() == "QTopic"  # namespace removed


def test_query_message_by_key_filters_exact_matches(query_broker):
    admin, processor, _ = query_broker
    processor.store(_stored("ns%QTopic", "K1 K2", 1000, body=b"match"))
    processor.store(_stored("ns%QTopic", "K10", 1001, body=b"hash duplicate"))
    processor.store(_stored("ns%Other", "K1", 1002, body=b"other topic"))
    processor.store(_stored("ns%QTopic", "K1", 5000, body=b"too late"))
    result = admin.query_message("ns%QTopic", "K1", 32, 0, 2000)
    assert [m.get_body() for m in result.get_message_list()] == [b"match"]
    assert result.get_message_list()[0].get_topic() == "QTopic"
    assert result.get_index_last_update_timestamp() == 999
    assert processor.queries[-1][MixAll.UNIQUE_MSG_QUERY_FLAG] == "false"
    assert processor.queries[-1]["maxNum"] == "32" and processor.queries[-1]["endTimestamp"] == "2000"
    with pytest.raises(MQClientException) as excinfo:
        admin.query_message("ns%QTopic", "K1", 32, 3000, 3001)
    assert excinfo.value.get_response_code() == ResponseCode.NO_MESSAGE
    with pytest.raises(MQClientException) as excinfo:
        admin.query_message("NoRouteAnywhere", "K1", 32, 0, 2000)
    assert excinfo.value.get_response_code() == ResponseCode.TOPIC_NOT_EXIST


def test_query_message_by_unique_key_keeps_the_earliest(query_broker):
    admin, processor, _ = query_broker
    uniq = MessageClientIDSetter.create_uniq_id()
    created = int(time.time() * 1000)
    # an id decoded in the millisecond it was made dates from the previous month (Java's getNearlyTimeFromID
    # takes "not in the past" for last month's): let the clock pass it, or the two decodings below may differ
    wait_for(lambda: int(time.time() * 1000) > created + 1, 5, "the clock past the id's millisecond", 0.001)
    now = int(time.time() * 1000)
    processor.store(_stored("ns%QTopic", "A", now + 10, uniq, b"second copy"))
    processor.store(_stored("ns%QTopic", "B", now, uniq, b"first copy"))
    result = admin.query_message_by_uniq_key("ns%QTopic", uniq, 32, 0, now + 1000)
    assert [m.get_body() for m in result.get_message_list()] == [b"first copy"]
    assert processor.queries[-1][MixAll.UNIQUE_MSG_QUERY_FLAG] == "true"
    msg = admin.query_message_by_uniq_key("ns%QTopic", uniq)
    assert msg.get_body() == b"first copy"
    # the search starts 1 s before the time encoded in the id and has no upper bound
    begin = int(processor.queries[-1]["beginTimestamp"])
    assert begin == MessageClientIDSetter.get_nearly_time_from_id(uniq) - 1000
    assert processor.queries[-1]["endTimestamp"] == str((1 << 63) - 1)


def test_query_consume_time_span_decodes_the_body_or_raises_the_broker_error(client_config, client_instance):
    span = QueueTimeSpan(message_queue=MessageQueue("T", "broker-a", 0), min_time_stamp=1, max_time_stamp=9,
                         consume_time_stamp=5, delay_time=4)

    class _SpanBroker(NettyRequestProcessor):
        def process_request(self, ctx, request):
            header = request.decode_command_custom_header(QueryConsumeTimeSpanRequestHeader)
            if header.group != "G":
                return RemotingCommand.create_response_command(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "no group")
            response = RemotingCommand.create_response_command(ResponseCode.SUCCESS, None)
            response.body = QueryConsumeTimeSpanBody(consume_time_span_set=[span]).encode()
            return response

    server = NettyRemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1"))
    server.register_processor(RequestCode.QUERY_CONSUME_TIME_SPAN, _SpanBroker())
    server.start()
    try:
        api = client_instance(client_config).get_mq_client_api_impl()
        addr = "127.0.0.1:%d" % server.local_listen_port()
        (got,) = api.query_consume_time_span(addr, "T", "G", 3000)
        assert (got.message_queue, got.min_time_stamp, got.max_time_stamp, got.consume_time_stamp,
                got.delay_time) == (MessageQueue("T", "broker-a", 0), 1, 9, 5, 4)
        with pytest.raises(MQBrokerException) as excinfo:
            api.query_consume_time_span(addr, "T", "other", 3000)
        assert excinfo.value.get_response_code() == ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
    finally:
        server.shutdown()
