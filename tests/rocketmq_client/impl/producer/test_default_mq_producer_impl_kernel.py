"""Details of sendKernelImpl: forbidden-check hooks, retry-topic header fields, VIP channel, end-transaction hooks."""
from __future__ import annotations

from typing import List

import pytest

from client_support import BrokerInterceptor, RecordingSendCallback, stored_messages
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.common.client_error_code import ClientErrorCode
from rocketmq_client.exception import MQClientException
from rocketmq_client.hook.check_forbidden_context import CheckForbiddenContext
from rocketmq_client.hook.check_forbidden_hook import CheckForbiddenHook
from rocketmq_client.hook.end_transaction_context import EndTransactionContext
from rocketmq_client.hook.end_transaction_hook import EndTransactionHook
from rocketmq_client.hook.send_message_context import SendMessageContext
from rocketmq_client.hook.send_message_hook import SendMessageHook
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.producer.send_args import as_selector
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.transaction_listener import TransactionListener
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeaderV2
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.exception import RemotingConnectException
from rocketmq_remoting.rpc_hook import RPCHook


class Forbid(CheckForbiddenHook):
    def __init__(self, forbidden_topic: str) -> None:
        self.forbidden_topic = forbidden_topic
        self.contexts: List[CheckForbiddenContext] = []

    def hook_name(self) -> str:
        return "forbid"

    def check_forbidden(self, context: CheckForbiddenContext) -> None:
        self.contexts.append(context)
        if context.get_message().get_topic() == self.forbidden_topic:
            raise MQClientException("topic %s is forbidden here" % self.forbidden_topic, None)


def test_check_forbidden_hook(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    hook = Forbid("TopicForbidden")
    producer.get_default_mq_producer_impl().register_check_forbidden_hook(hook)
    producer.send(Message("TopicAllowed", b"ok"))
    context = hook.contexts[0]
    assert context.get_group() == producer.get_producer_group()
    assert context.get_broker_addr() == embedded_cluster.broker_addr
    assert context.get_mq().get_topic() == "TopicAllowed"
    assert context.get_name_srv_addr() == embedded_cluster.namesrv_addr
    with pytest.raises(MQClientException) as info:
        producer.send(Message("TopicForbidden", b"no"))
    # as in Java: an MQClientException of an attempt is retried, then reported with BROKER_NOT_EXIST_EXCEPTION
    assert info.value.get_response_code() == ClientErrorCode.BROKER_NOT_EXIST_EXCEPTION
    assert "topic TopicForbidden is forbidden here" in str(info.value.__cause__)
    with pytest.raises(MQClientException, match="is forbidden here"):
        producer.send(Message("TopicForbidden", b"no"), MessageQueue("TopicForbidden", "broker-a", 0))
    assert stored_messages(embedded_cluster.broker_controller, "TopicForbidden") == []


def test_retry_topic_properties_move_to_the_header(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2) as sends:
        msg = Message("%RETRY%ConsumerGroupX", b"again")
        msg.put_property("RECONSUME_TIME", "3")
        msg.put_property("MAX_RECONSUME_TIMES", "16")
        msg.put_property("RETRY_TOPIC", "TopicOrig")
        producer.send(msg)
        header = sends.wait_requests(1)[0].decode_command_custom_header(SendMessageRequestHeaderV2)
    assert header.b == "%RETRY%ConsumerGroupX"
    assert header.j == 3 and header.l == 16
    # as in Java the properties string is built before the two properties are removed from the message
    assert "RECONSUME_TIME\x013" in header.i and "MAX_RECONSUME_TIMES\x0116" in header.i
    assert msg.get_property("RECONSUME_TIME") is None and msg.get_property("MAX_RECONSUME_TIMES") is None
    stored = stored_messages(embedded_cluster.broker_controller, "%RETRY%ConsumerGroupX")
    assert len(stored) == 1 and stored[0].get_reconsume_times() == 3
    assert stored[0].get_property("RETRY_TOPIC") == "TopicOrig"


def test_plain_send_header(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2) as sends:
        msg = Message("TopicHeader", "TagH", "K1", b"payload")
        msg.set_flag(7)
        result = producer.send(msg)
        request = sends.wait_requests(1)[0]
    header = request.decode_command_custom_header(SendMessageRequestHeaderV2)
    assert (header.a, header.b, header.c, header.d) == (producer.get_producer_group(), "TopicHeader", "TBW102", 4)
    assert header.e == result.get_message_queue().get_queue_id()
    assert (header.f, header.h, header.j, header.k, header.m, header.n) == (0, 7, 0, False, False, "broker-a")
    assert header.l is None
    props = dict(p.split("\x01") for p in header.i.split("\x02"))
    assert props == {"TAGS": "TagH", "KEYS": "K1", "WAIT": "true", "UNIQ_KEY": result.get_msg_id()}
    assert request.body == b"payload"


class AddrHook(SendMessageHook):
    def __init__(self) -> None:
        self.contexts: List[SendMessageContext] = []

    def hook_name(self) -> str:
        return "addr"

    def send_message_before(self, context: SendMessageContext) -> None:
        pass

    def send_message_after(self, context: SendMessageContext) -> None:
        self.contexts.append(context)


def test_vip_channel_uses_port_minus_two(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer(retry_times_when_send_failed=0)
    producer.send(Message("TopicVip", b"normal"))
    producer.set_send_message_with_vip_channel(True)
    hook = AddrHook()
    producer.get_default_mq_producer_impl().register_send_message_hook(hook)
    host, port = embedded_cluster.broker_addr.rsplit(":", 1)
    # the embedded broker has no VIP server on port - 2: the attempt cannot connect
    with pytest.raises(MQClientException) as info:
        producer.send(Message("TopicVip", b"vip"))
    assert info.value.get_response_code() == ClientErrorCode.CONNECT_BROKER_EXCEPTION
    assert hook.contexts[0].get_broker_addr() == "%s:%d" % (host, int(port) - 2)
    assert isinstance(hook.contexts[0].get_exception(), RemotingConnectException)


class Commit(TransactionListener):
    def execute_local_transaction(self, msg, arg):  # type: ignore[no-untyped-def]
        return LocalTransactionState.COMMIT_MESSAGE

    def check_local_transaction(self, msg):  # type: ignore[no-untyped-def]
        return LocalTransactionState.COMMIT_MESSAGE


class EndHook(EndTransactionHook):
    def __init__(self) -> None:
        self.contexts: List[EndTransactionContext] = []

    def hook_name(self) -> str:
        return "end"

    def end_transaction(self, context: EndTransactionContext) -> None:
        self.contexts.append(context)


def test_end_transaction_hook(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer(cls=TransactionMQProducer, start=False)
    producer.set_transaction_listener(Commit())
    hook = EndHook()
    producer.get_default_mq_producer_impl().register_end_transaction_hook(hook)
    producer.start()
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.END_TRANSACTION) as end:
        result = producer.send_message_in_transaction(Message("TopicTxHook", b"t"), None)
        end.wait_requests(1)
    context = hook.contexts[0]
    assert context.get_producer_group() == producer.get_producer_group()
    assert context.get_broker_addr() == embedded_cluster.broker_addr
    assert context.get_msg_id() == result.get_msg_id()
    assert context.get_transaction_id() == result.get_msg_id()
    assert context.get_transaction_state() is LocalTransactionState.COMMIT_MESSAGE
    assert context.is_from_transaction_check() is False


class RecordingRPCHook(RPCHook):
    def __init__(self) -> None:
        self.codes: List[int] = []

    def do_before_request(self, remote_addr, request) -> None:  # type: ignore[no-untyped-def]
        self.codes.append(request.code)
        request.add_ext_field("HookMark", "1")

    def do_after_response(self, remote_addr, request, response) -> None:  # type: ignore[no-untyped-def]
        pass


def test_rpc_hook_sees_every_request(embedded_cluster: EmbeddedCluster) -> None:
    hook = RecordingRPCHook()
    producer = DefaultMQProducer("RpcHookGroup", hook)
    producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2) as sends, producer:
        producer.send(Message("TopicRpcHook", b"x"))
        assert sends.wait_requests(1)[0].ext_fields["HookMark"] == "1"
    assert RequestCode.GET_ROUTEINFO_BY_TOPIC in hook.codes
    assert RequestCode.SEND_MESSAGE_V2 in hook.codes
    assert RequestCode.UNREGISTER_CLIENT in hook.codes  # shutdown


def test_impl_send_overloads(new_producer) -> None:
    producer = new_producer()
    impl = producer.get_default_mq_producer_impl()
    sync = CommunicationMode.SYNC
    assert impl.send_default_impl(Message("TopicImpl", b"a"), sync, None, 3000).get_send_status().name == "SEND_OK"
    mq = MessageQueue("TopicImpl", "broker-a", 2)
    assert impl.send_to_queue(Message("TopicImpl", b"b"), mq, 3000).get_message_queue() == mq
    by_arg = as_selector(lambda mqs, msg, arg: mqs[arg])
    selected = impl.send_select_impl(Message("TopicImpl", b"c"), by_arg, 1, sync, None, 3000)
    assert selected.get_message_queue().get_queue_id() == 1
    callback = RecordingSendCallback()
    assert impl.send_async_default(Message("TopicImpl", b"d"), callback, 3000) is None
    assert impl.send_to_queue_async(Message("TopicImpl", b"e"), mq, callback, 3000) is None
    first = as_selector(lambda mqs, msg, arg: mqs[0])
    assert impl.send_select_async(Message("TopicImpl", b"f"), first, None, callback, 3000) is None
    callback.wait(3)
    assert not callback.errors and len(callback.results) == 3
