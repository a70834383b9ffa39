"""The embedded broker with ``aclEnable`` (Java ``initialAcl`` + PlainAccessValidator) against real clients.

Refusals come back as Java 4.9.7 sends them: the validator's AclException escapes the server RPC hook, so the
response is SYSTEM_ERROR (1) with the exception text as remark (Java: ``org.apache.rocketmq.acl.common.
AclException: <message>, <where>``), not NO_PERMISSION (PROTOCOL.md §6.13)."""
from __future__ import annotations

import itertools
import logging
import threading
from typing import Any, Iterator, List

import pytest
from consuming import BodyCollector

from acl_support import ADMIN_SECRET, SECRET
from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_acl.plain.plain_access_validator import PlainAccessValidator
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_listener import TransactionListener
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

_names = itertools.count()


def _hook(access_key: str = "RocketMQ", secret_key: str = SECRET) -> AclClientRPCHook:
    return AclClientRPCHook(SessionCredentials(access_key, secret_key))


@pytest.fixture
def clients() -> Iterator[List[Any]]:
    made: List[Any] = []
    yield made
    for client in made:
        client.shutdown()


def _producer(clients: List[Any], cluster: EmbeddedCluster, hook: Any = None) -> DefaultMQProducer:
    producer = DefaultMQProducer("AclPG_%d" % next(_names), hook)
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_retry_times_when_send_failed(0)
    clients.append(producer)
    producer.start()
    return producer


def _refusal(excinfo: pytest.ExceptionInfo) -> MQBrokerException:
    error = excinfo.value
    assert isinstance(error, MQClientException) and error.get_response_code() == ResponseCode.SYSTEM_ERROR
    cause = error.__cause__
    assert isinstance(cause, MQBrokerException) and cause.get_response_code() == ResponseCode.SYSTEM_ERROR
    return cause


def _assert_remark(remark: str, message: str) -> None:
    assert remark.startswith("AclException: " + message + ", "), remark


def test_signed_producer_and_push_consumer_work(acl_cluster, clients, wait_until, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    producer = _producer(clients, acl_cluster, _hook())
    bodies = {b"acl %d" % i for i in range(6)}
    for body in sorted(bodies):
        assert producer.send(Message("AclTopic", "TagA", body)).get_send_status() is SendStatus.SEND_OK
    producer.send_oneway(Message("AclTopic", "TagA", b"oneway"))
    bodies.add(b"oneway")
    listener = BodyCollector()
    consumer = DefaultMQPushConsumer("AclCG", _hook())
    consumer.set_namesrv_addr(acl_cluster.namesrv_addr)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.set_persist_consumer_offset_interval(200)
    consumer.subscribe("AclTopic", "*")
    consumer.register_message_listener(listener)
    clients.append(consumer)
    consumer.start()
    listener.wait_for(bodies)
    # offsets are committed with signed one-way UPDATE_CONSUMER_OFFSET requests
    offsets = acl_cluster.broker_controller.get_consumer_offset_manager()
    wait_until(lambda: sum(max(0, offsets.query_offset("AclCG", "AclTopic", q)) for q in range(4)) == len(bodies),
               15, "the committed offsets")
    assert SECRET not in caplog.text


@pytest.mark.parametrize("hook, message", [
    (None, "No accessKey is configured"),
    (_hook(secret_key="wrong-secret"), "Check signature failed for accessKey=RocketMQ"),
    (_hook("NobodyAtAll", SECRET), "No acl config for NobodyAtAll"),
], ids=["unsigned", "wrong-secret", "unknown-key"])
def test_bad_credentials_are_refused(acl_cluster, clients, caplog, hook, message) -> None:
    caplog.set_level(logging.DEBUG)
    producer = _producer(clients, acl_cluster, hook)
    with pytest.raises(MQClientException) as info:
        producer.send(Message("AclTopic", "TagA", b"refused"))
    _assert_remark(_refusal(info).get_error_message(), message)
    assert SECRET not in caplog.text and "wrong-secret" not in caplog.text


@pytest.mark.parametrize("topic", ["SubOnlyTopic", "OtherTopic"])
def test_topic_without_pub_permission_is_refused(acl_cluster, clients, topic) -> None:
    producer = _producer(clients, acl_cluster, _hook())
    with pytest.raises(MQClientException) as info:
        producer.send(Message(topic, "TagA", b"refused"))
    _assert_remark(_refusal(info).get_error_message(), "No default permission for topic:%s" % topic)


def _heartbeat(group: str, topic: str) -> RemotingCommand:
    data = ConsumerData(group_name=group, consume_type=ConsumeType.CONSUME_PASSIVELY,
                        message_model=MessageModel.CLUSTERING,
                        consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
                        subscription_data_set={SubscriptionData(topic=topic, sub_string="*", expression_type="TAG")})
    body = HeartbeatData(client_id="acl-test@1", consumer_data_set={data}).encode()
    return RemotingCommand.create_request_command(RequestCode.HEART_BEAT, None, body)


def test_group_permissions_in_heartbeats(acl_cluster, raw_client) -> None:
    client = raw_client(_hook())
    ok = client.invoke_sync(acl_cluster.broker_addr, _heartbeat("SomeGroup", "AclTopic"), 3000)
    assert ok.code == ResponseCode.SUCCESS
    denied = client.invoke_sync(acl_cluster.broker_addr, _heartbeat("DeniedGroup", "AclTopic"), 3000)
    assert denied.code == ResponseCode.SYSTEM_ERROR
    _assert_remark(denied.remark, "No default permission for group:DeniedGroup")
    no_topic = client.invoke_sync(acl_cluster.broker_addr, _heartbeat("SomeGroup", "OtherTopic"), 3000)
    _assert_remark(no_topic.remark, "No default permission for topic:OtherTopic")


def _create_topic(topic: str) -> RemotingCommand:
    header = CreateTopicRequestHeader(topic=topic, default_topic="TBW102", read_queue_nums=2, write_queue_nums=2,
                                      perm=6, topic_filter_type="SINGLE_TAG", order=False)
    return RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_TOPIC, header)


def test_admin_codes_need_an_admin_account(acl_cluster, raw_client) -> None:
    refused = raw_client(_hook()).invoke_sync(acl_cluster.broker_addr, _create_topic("AdminTopic"), 3000)
    assert refused.code == ResponseCode.SYSTEM_ERROR
    _assert_remark(refused.remark, "Need admin permission for request code=17, but accessKey=RocketMQ is not")
    admin = raw_client(_hook("AdminUser", ADMIN_SECRET))
    assert admin.invoke_sync(acl_cluster.broker_addr, _create_topic("AdminTopic"), 3000).code == ResponseCode.SUCCESS
    assert acl_cluster.broker_controller.get_topic_config_manager().select_topic_config("AdminTopic") is not None


def test_white_remote_address_skips_the_signature(acl_cluster, clients) -> None:
    producer = _producer(clients, acl_cluster, _hook("WhiteUser", "not-the-secret"))
    assert producer.send(Message("AnyTopic", "TagA", b"white")).get_send_status() is SendStatus.SEND_OK


def _offset_request(offset: int) -> RemotingCommand:
    header = UpdateConsumerOffsetRequestHeader(consumer_group="OnewayGroup", topic="AclTopic", queue_id=1,
                                               commit_offset=offset)
    return RemotingCommand.create_request_command(RequestCode.UPDATE_CONSUMER_OFFSET, header)


def test_oneway_requests_are_signed_and_checked(acl_cluster, raw_client, wait_until, caplog) -> None:
    offsets = acl_cluster.broker_controller.get_consumer_offset_manager()
    raw_client(None).invoke_oneway(acl_cluster.broker_addr, _offset_request(5), 3000)
    wait_until(lambda: "AclException: No accessKey is configured" in caplog.text, 10, "the refusal")
    assert offsets.query_offset("OnewayGroup", "AclTopic", 1) == -1
    raw_client(_hook()).invoke_oneway(acl_cluster.broker_addr, _offset_request(7), 3000)
    wait_until(lambda: offsets.query_offset("OnewayGroup", "AclTopic", 1) == 7, 10, "the signed offset")


def test_query_by_unique_key_passes_the_check(acl_cluster, clients, wait_until) -> None:
    producer = _producer(clients, acl_cluster, _hook())
    result = producer.send(Message("AclTopic", "TagA", b"find me"))
    found: List[Any] = []

    def view() -> bool:
        try:
            found.append(producer.view_message("AclTopic", result.get_msg_id()))
        except MQClientException:
            return False
        return True

    wait_until(view, 15, "the message by its unique key")
    assert found[0].get_body() == b"find me"


def test_file_changes_are_reloaded(acl_cluster, acl_file, clients) -> None:
    producer = _producer(clients, acl_cluster, None)
    with pytest.raises(MQClientException):
        producer.send(Message("AclTopic", "TagA", b"before"))
    acl_file.write_text(acl_file.read_text().replace("  - 10.10.103.*\n", "  - 10.10.103.*\n  - 127.0.0.*\n"))
    validator = acl_cluster.broker_controller.get_access_validator_map()[PlainAccessValidator]
    validator.acl_plug_engine.acl_file_watch_service.check()  # one round of the 5 s watch
    assert producer.send(Message("AclTopic", "TagA", b"after")).get_send_status() is SendStatus.SEND_OK


def test_invalid_acl_file_stops_the_broker(tmp_path, acl_file, caplog) -> None:
    acl_file.write_text("accounts:\n  - accessKey: RocketMQ\n    secretKey: short6\n")
    cluster = EmbeddedCluster(str(tmp_path / "bad"), broker_config={"acl_enable": True,
                                                                    "acl_plain_file": str(acl_file)})
    with pytest.raises(RuntimeError, match="failed to initialize"):
        cluster.start()
    assert "The accessKey=RocketMQ and secretKey=****** cannot be null and length should longer than 6" in caplog.text
    assert "short6" not in caplog.text


class _UnknownThenCommit(TransactionListener):
    def __init__(self) -> None:
        self.checked = threading.Event()

    def execute_local_transaction(self, msg, arg):
        return LocalTransactionState.UNKNOW

    def check_local_transaction(self, msg):
        self.checked.set()
        return LocalTransactionState.COMMIT_MESSAGE


def test_transaction_check_answer_is_signed(start_acl_cluster, clients, wait_until) -> None:
    """The broker asks the client (CHECK_TRANSACTION_STATE); the client's one-way END_TRANSACTION answer must
    pass the ACL check for the message to be committed."""
    cluster = start_acl_cluster(transaction_check_interval=200, transaction_time_out=100)
    listener = _UnknownThenCommit()
    producer = TransactionMQProducer("AclTxPG", _hook())
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_transaction_listener(listener)
    clients.append(producer)
    producer.start()
    result = producer.send_message_in_transaction(Message("AclTopic", "TagA", b"tx"), None)
    assert result.get_local_transaction_state() is LocalTransactionState.UNKNOW
    store = cluster.broker_controller.get_message_store()
    wait_until(lambda: sum(store.get_max_offset_in_queue("AclTopic", q) for q in range(4)) == 1, 20,
               "the committed message")
    assert listener.checked.is_set()


def test_broker_shutdown_stops_the_acl_file_watcher(start_acl_cluster) -> None:
    cluster = start_acl_cluster()
    watchers = [t for t in threading.enumerate() if t.name == "AclFileWatchService"]
    assert watchers
    cluster.shutdown()
    assert not any(t.is_alive() for t in watchers)
