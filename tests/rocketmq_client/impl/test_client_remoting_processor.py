"""ClientRemotingProcessor: requests a "broker" (a NettyRemotingServer of the test) sends over the client's own
connection, like a broker does."""
from __future__ import annotations

import logging
import threading
from typing import Any, List, Optional

import pytest

from rocketmq_client.impl.producer.mq_producer_inner import MQProducerInner
from rocketmq_client.producer.request_future_holder import RequestFutureHolder
from rocketmq_client.producer.request_response_future import RequestResponseFuture
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.body.get_consumer_status_body import GetConsumerStatusBody
from rocketmq_common.protocol.header.check_transaction_state_request_header import \
    CheckTransactionStateRequestHeader
from rocketmq_common.protocol.header.consume_message_directly_result_request_header import \
    ConsumeMessageDirectlyResultRequestHeader
from rocketmq_common.protocol.header.get_consumer_running_info_request_header import \
    GetConsumerRunningInfoRequestHeader
from rocketmq_common.protocol.header.get_consumer_status_request_header import GetConsumerStatusRequestHeader
from rocketmq_common.protocol.header.notify_consumer_ids_changed_request_header import \
    NotifyConsumerIdsChangedRequestHeader
from rocketmq_common.protocol.header.reply_message_request_header import ReplyMessageRequestHeader
from rocketmq_common.protocol.header.reset_offset_request_header import ResetOffsetRequestHeader
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, RemotingSysResponseCode
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer

TIMEOUT = 3000


class _ChannelCatcher(NettyRequestProcessor):
    """Answers HEART_BEAT and keeps the client's channel."""

    def __init__(self) -> None:
        self.channel: Any = None
        self.got = threading.Event()

    def process_request(self, ctx, request):
        self.channel = ctx.channel()
        self.got.set()
        return RemotingCommand.create_response_command(ResponseCode.SUCCESS, None)


class _CheckingProducer(MQProducerInner):
    def __init__(self) -> None:
        self.checks: List[tuple] = []
        self.checked = threading.Event()

    def check_transaction_state(self, addr, msg, check_request_header) -> None:
        self.checks.append((addr, msg, check_request_header))
        self.checked.set()


@pytest.fixture
def broker_side(client_config, client_instance):
    """(instance, server, channel): the instance connected to a test server that can call it back."""
    server = NettyRemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1"))
    catcher = _ChannelCatcher()
    server.register_processor(RequestCode.HEART_BEAT, catcher)
    server.start()
    try:
        instance = client_instance(client_config)
        addr = "127.0.0.1:%d" % server.local_listen_port()
        instance.get_mq_client_api_impl().send_heartbeat(addr, HeartbeatData(client_id="x"), TIMEOUT)
        assert catcher.got.wait(5)
        yield instance, server, catcher.channel
    finally:
        server.shutdown()


def _call(server: NettyRemotingServer, channel: Any, code: int, header: Any, body: Optional[bytes] = None):
    return server.invoke_sync(channel, RemotingCommand.create_request_command(code, header, body), TIMEOUT)


def test_consumer_running_info_of_unknown_group_is_a_system_error(broker_side):
    instance, server, channel = broker_side
    header = GetConsumerRunningInfoRequestHeader(consumer_group="NoSuchGroup", client_id=instance.get_client_id())
    response = _call(server, channel, RequestCode.GET_CONSUMER_RUNNING_INFO, header)
    assert response.get_code() == ResponseCode.SYSTEM_ERROR
    assert response.get_remark() == "The Consumer Group <NoSuchGroup> not exist in this consumer"


def test_consumer_running_info_of_registered_consumer(broker_side, recording_consumer):
    instance, server, channel = broker_side
    instance.register_consumer("InfoGroup", recording_consumer("InfoGroup", "T"))
    header = GetConsumerRunningInfoRequestHeader(consumer_group="InfoGroup", client_id=instance.get_client_id(),
                                                 jstack_enable=True)
    response = _call(server, channel, RequestCode.GET_CONSUMER_RUNNING_INFO, header)
    assert response.get_code() == ResponseCode.SUCCESS
    info = ConsumerRunningInfo.decode(response.get_body())
    properties = info.get_properties()
    assert properties["PROP_TEST"] == "yes"
    assert properties[ConsumerRunningInfo.PROP_NAMESERVER_ADDR] == instance.get_client_config().get_namesrv_addr() \
        + ";"
    assert properties[ConsumerRunningInfo.PROP_CONSUME_TYPE] == "CONSUME_PASSIVELY"
    assert properties[ConsumerRunningInfo.PROP_CLIENT_VERSION] == MQVersion.get_version_desc(
        MQVersion.CURRENT_VERSION)
    assert "MainThread" in info.get_jstack()


def test_notify_consumer_ids_changed_rebalances_now(broker_side, recording_consumer):
    instance, server, channel = broker_side
    consumer = recording_consumer("NotifyGroup", "T")
    instance.register_consumer("NotifyGroup", consumer)
    request = RemotingCommand.create_request_command(
        RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, NotifyConsumerIdsChangedRequestHeader(consumer_group="NotifyGroup"))
    server.invoke_oneway(channel, request, TIMEOUT)
    consumer.wait_for(lambda c: c.rebalances >= 1)


def test_consumer_status_and_consume_directly(broker_side, recording_consumer):
    instance, server, channel = broker_side
    instance.register_consumer("StatusGroup", recording_consumer("StatusGroup", "T"))
    response = _call(server, channel, RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT,
                     GetConsumerStatusRequestHeader(topic="T", group="StatusGroup"))
    assert response.get_code() == ResponseCode.SUCCESS
    assert GetConsumerStatusBody.decode(response.get_body()).get_message_queue_table() == {}
    msg = MessageExt(queue_id=0, born_host=("127.0.0.1", 1), store_host=("127.0.0.1", 2))
    msg.set_topic("T")
    msg.set_body(b"direct")
    response = _call(server, channel, RequestCode.CONSUME_MESSAGE_DIRECTLY,
                     ConsumeMessageDirectlyResultRequestHeader(consumer_group="Elsewhere", broker_name="broker-a"),
                     MessageDecoder.encode(msg, False))
    assert response.get_code() == ResponseCode.SYSTEM_ERROR
    assert response.get_remark() == "The Consumer Group <Elsewhere> not exist in this consumer"


def test_check_transaction_state_reaches_the_producer_group(broker_side):
    instance, server, channel = broker_side
    producer = _CheckingProducer()
    instance.register_producer("TxGroup", producer)
    msg = MessageExt(queue_id=1, born_host=("127.0.0.1", 1), store_host=("127.0.0.1", 2))
    msg.set_topic("TxTopic")
    msg.set_body(b"half")
    msg.put_property(MessageConst.PROPERTY_PRODUCER_GROUP, "TxGroup")
    msg.put_property(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX, "UNIQ-1")
    header = CheckTransactionStateRequestHeader(tran_state_table_offset=5, commit_log_offset=77, msg_id="M",
                                                transaction_id="T1", offset_msg_id="O")
    request = RemotingCommand.create_request_command(RequestCode.CHECK_TRANSACTION_STATE, header,
                                                     MessageDecoder.encode(msg, False))
    server.invoke_oneway(channel, request, TIMEOUT)
    assert producer.checked.wait(5)
    addr, checked_msg, checked_header = producer.checks[0]
    assert addr == "127.0.0.1:%d" % server.local_listen_port()  # the broker as the client sees it
    assert checked_msg.get_topic() == "TxTopic" and checked_msg.get_body() == b"half"
    assert checked_msg.get_transaction_id() == "UNIQ-1"
    assert checked_header.get_commit_log_offset() == 77 and checked_header.get_transaction_id() == "T1"


def test_push_reply_message_completes_the_request_future(broker_side):
    instance, server, channel = broker_side
    future = RequestResponseFuture("corr-1", 3000, None)
    table = RequestFutureHolder.get_instance().get_request_future_table()
    table["corr-1"] = future
    header = ReplyMessageRequestHeader(producer_group="RG", topic="ReplyTopic", default_topic="TBW102",
                                       default_topic_queue_nums=4, queue_id=2, sys_flag=0, born_timestamp=123,
                                       flag=0, properties=MessageDecoder.message_properties2string(
                                           {MessageConst.PROPERTY_CORRELATION_ID: "corr-1", "k": "v"}),
                                       reconsume_times=None, born_host="127.0.0.1:10", store_host="127.0.0.1:20",
                                       store_timestamp=456)
    response = _call(server, channel, RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, header, b"reply body")
    assert response.get_code() == ResponseCode.SUCCESS and response.get_remark() is None
    reply = future.wait_response_message(3000)
    assert reply is not None and reply.get_body() == b"reply body"
    assert (reply.get_topic(), reply.get_queue_id(), reply.get_born_timestamp(), reply.get_store_timestamp()) == (
        "ReplyTopic", 2, 123, 456)
    assert reply.get_born_host() == ("127.0.0.1", 10) and reply.get_reconsume_times() == 0
    assert reply.get_user_property("k") == "v"
    assert reply.get_property(MessageConst.PROPERTY_REPLY_MESSAGE_ARRIVE_TIME) is not None
    assert "corr-1" not in table
    header.set_properties(MessageDecoder.message_properties2string(
        {MessageConst.PROPERTY_CORRELATION_ID: "nobody-waits"}))
    assert _call(server, channel, RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, header, b"x").get_code() == \
        ResponseCode.SUCCESS


@pytest.mark.parametrize("compress_type", ["LZ4", "ZSTD", "ZLIB"])
def test_push_reply_message_decompresses_and_refuses_a_corrupt_body(broker_side, compress_type, caplog):
    """Each 5.x compression type is decompressed; a body that does not decompress is refused (Java would hand it
    on still compressed), with one line, and the request keeps waiting."""
    from rocketmq_common.compression.compression_type import CompressionType
    from rocketmq_common.compression.compressor_factory import CompressorFactory

    instance, server, channel = broker_side
    type_ = CompressionType.of(compress_type)
    table = RequestFutureHolder.get_instance().get_request_future_table()
    futures = {key: RequestResponseFuture(key, 3000, None) for key in ("zip-ok", "zip-bad")}
    table.update(futures)
    bodies = {"zip-ok": CompressorFactory.get_compressor(type_).compress(b"reply " * 1000, 5), "zip-bad": b"garbage"}
    codes = {}
    for key, body in bodies.items():
        header = ReplyMessageRequestHeader(producer_group="RG", topic="ReplyTopic", default_topic="TBW102",
                                           default_topic_queue_nums=4, queue_id=0,
                                           sys_flag=1 | type_.get_compression_flag(), born_timestamp=1, flag=0,
                                           properties=MessageDecoder.message_properties2string(
                                               {MessageConst.PROPERTY_CORRELATION_ID: key}),
                                           reconsume_times=None, born_host="127.0.0.1:10",
                                           store_host="127.0.0.1:20", store_timestamp=2)
        with caplog.at_level(logging.WARNING, logger="rocketmq_client.impl.client_remoting_processor"):
            codes[key] = _call(server, channel, RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, header, body).get_code()
    assert futures["zip-ok"].wait_response_message(3000).get_body() == b"reply " * 1000
    assert codes == {"zip-ok": ResponseCode.SUCCESS, "zip-bad": ResponseCode.SYSTEM_ERROR}
    assert "zip-bad" in table and futures["zip-bad"].get_response_msg() is None
    del table["zip-bad"]
    [line] = [r.getMessage() for r in caplog.records if "does not decompress" in r.getMessage()]
    assert "topic=ReplyTopic correlationId=zip-bad" in line


def test_reset_offset_for_a_group_without_push_consumer_is_logged(broker_side, caplog, wait_until):
    instance, server, channel = broker_side
    caplog.set_level(logging.INFO, logger="rocketmq_client.impl.factory.mq_client_instance")
    header = ResetOffsetRequestHeader(topic="T", group="NoPushConsumer", timestamp=0, force=True)
    server.invoke_oneway(channel, RemotingCommand.create_request_command(
        RequestCode.RESET_CONSUMER_CLIENT_OFFSET, header), TIMEOUT)
    wait_until(lambda: any("[reset-offset] consumer dose not exist. group=NoPushConsumer" in r.getMessage()
                           for r in list(caplog.records)), message="the reset-offset log line")


def test_unknown_code_gets_request_code_not_supported(broker_side):
    instance, server, channel = broker_side
    response = _call(server, channel, 9999, None)
    assert response.get_code() == RemotingSysResponseCode.REQUEST_CODE_NOT_SUPPORTED
    assert response.get_remark() == " request type 9999 not supported"
