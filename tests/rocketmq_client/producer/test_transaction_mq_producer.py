"""TransactionMQProducer: half message, local transaction, END_TRANSACTION, and the broker's check-back.

END_TRANSACTION requests are intercepted on the embedded broker (and handed to its own processor when it has one,
issue 5); the check-back is sent to the producer's connection as the Java broker's transaction check service does.
"""
from __future__ import annotations

import threading
from typing import Any, List, Optional

import pytest

from client_support import BrokerInterceptor, push_to_client, stored_messages, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_listener import TransactionListener
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.protocol.header.check_transaction_state_request_header import \
    CheckTransactionStateRequestHeader
from rocketmq_common.protocol.header.end_transaction_request_header import EndTransactionRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor

HALF_TOPIC = "RMQ_SYS_TRANS_HALF_TOPIC"


class Listener(TransactionListener):
    def __init__(self, outcome: Any, check_outcome: Any = LocalTransactionState.COMMIT_MESSAGE) -> None:
        self.outcome = outcome
        self.check_outcome = check_outcome
        self.executed: List[tuple] = []
        self.checked: List[MessageExt] = []
        self.check_threads: List[str] = []

    def execute_local_transaction(self, msg: Message, arg: Any) -> Optional[LocalTransactionState]:
        self.executed.append((msg, arg, msg.get_transaction_id()))
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        return self.outcome

    def check_local_transaction(self, msg: MessageExt) -> Optional[LocalTransactionState]:
        self.checked.append(msg)
        self.check_threads.append(threading.current_thread().name)
        if isinstance(self.check_outcome, BaseException):
            raise self.check_outcome
        return self.check_outcome


def _tx_producer(new_producer, listener: Listener, **settings: Any) -> TransactionMQProducer:
    producer = new_producer(cls=TransactionMQProducer, start=False, **settings)
    producer.set_transaction_listener(listener)
    producer.start()
    return producer


def _end_header(request) -> EndTransactionRequestHeader:  # type: ignore[no-untyped-def]
    return request.decode_command_custom_header(EndTransactionRequestHeader)


@pytest.mark.parametrize("outcome, flag, remark", [
    (LocalTransactionState.COMMIT_MESSAGE, 8, None),
    (LocalTransactionState.ROLLBACK_MESSAGE, 12, None),
    (LocalTransactionState.UNKNOW, 0, None),
    (None, 0, None),
    (ValueError("db down"), 0, "executeLocalTransactionBranch exception: ValueError: db down"),
])
def test_send_message_in_transaction(new_producer, embedded_cluster: EmbeddedCluster, outcome: Any, flag: int,
                                     remark: Optional[str]) -> None:
    listener = Listener(outcome)
    producer = _tx_producer(new_producer, listener)
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.END_TRANSACTION) as end:
        msg = Message("TopicTx", "TagT", b"order")
        msg.set_delay_time_level(3)  # ignored for transactional messages
        result = producer.send_message_in_transaction(msg, {"order": 1})
        request = end.wait_requests(1)[0]
    expected_state = outcome if isinstance(outcome, LocalTransactionState) else LocalTransactionState.UNKNOW
    assert result.get_send_status() is SendStatus.SEND_OK
    assert result.get_local_transaction_state() is expected_state
    assert result.get_msg_id() == msg.get_property("UNIQ_KEY")
    assert len(listener.executed) == 1
    executed_msg, arg, transaction_id = listener.executed[0]
    assert executed_msg is msg and arg == {"order": 1} and transaction_id == result.get_msg_id()
    assert msg.get_property("DELAY") is None
    half = [m for m in stored_messages(embedded_cluster.broker_controller, HALF_TOPIC)
            if m.get_property("UNIQ_KEY") == result.get_msg_id()]
    assert len(half) == 1
    assert half[0].get_property("REAL_TOPIC") == "TopicTx"
    assert half[0].get_property("TRAN_MSG") == "true"
    assert half[0].get_property("PGROUP") == producer.get_producer_group()

    assert request.flag & 2  # one-way
    assert request.remark == remark
    header = _end_header(request)
    assert header.producer_group == producer.get_producer_group()
    assert header.tran_state_table_offset == result.get_queue_offset()
    assert header.commit_log_offset == half[0].get_commit_log_offset()
    assert header.commit_or_rollback == flag
    assert header.from_transaction_check is False
    assert header.msg_id == result.get_msg_id()
    assert header.transaction_id is None
    assert header.bname == "broker-a"


@pytest.mark.embedded_cluster(broker_config={"reject_transaction_message": True})
def test_half_message_refused(new_producer) -> None:
    listener = Listener(LocalTransactionState.COMMIT_MESSAGE)
    producer = _tx_producer(new_producer, listener, retry_times_when_send_failed=0)
    with pytest.raises(MQClientException) as info:
        producer.send_message_in_transaction(Message("TopicTx", b"x"), None)
    assert info.value.get_error_message() == "send message Exception"
    assert info.value.__cause__.get_response_code() == 16  # NO_PERMISSION
    assert not listener.executed


def _check_back(cluster: EmbeddedCluster, producer: TransactionMQProducer,
                uniq_key: str) -> CheckTransactionStateRequestHeader:
    """What the Java broker's transaction check service sends for a half message that has no outcome yet."""
    store = cluster.broker_controller.get_message_store()
    half = [m for m in stored_messages(cluster.broker_controller, HALF_TOPIC)
            if m.get_property("UNIQ_KEY") == uniq_key][0]
    record = MessageDecoder.decode(store.select_one_message_by_offset(half.get_commit_log_offset()), True, False)
    record.set_topic(record.get_property("REAL_TOPIC"))
    record.set_queue_id(int(record.get_property("REAL_QID")))
    header = CheckTransactionStateRequestHeader(tran_state_table_offset=half.get_queue_offset(),
                                                commit_log_offset=half.get_commit_log_offset(), msg_id=uniq_key,
                                                transaction_id=uniq_key, offset_msg_id=half.get_msg_id())
    client_id = producer.get_default_mq_producer_impl().get_mq_client_factory().get_client_id()
    push_to_client(cluster.broker_controller, client_id, RequestCode.CHECK_TRANSACTION_STATE, header,
                   MessageDecoder.encode(record, False), oneway=True)
    return header


@pytest.mark.parametrize("check_outcome, flag, remark_prefix", [
    (LocalTransactionState.COMMIT_MESSAGE, 8, None),
    (LocalTransactionState.ROLLBACK_MESSAGE, 12, None),
    (RuntimeError("still unknown"), 0, "checkLocalTransactionState Exception: "),
])
def test_check_back(new_producer, embedded_cluster: EmbeddedCluster, check_outcome: Any, flag: int,
                    remark_prefix: Optional[str]) -> None:
    listener = Listener(LocalTransactionState.UNKNOW, check_outcome)
    producer = _tx_producer(new_producer, listener)
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.END_TRANSACTION) as end:
        result = producer.send_message_in_transaction(Message("TopicTxCheck", b"pending"), None)
        end.wait_requests(1)
        check_header = _check_back(embedded_cluster, producer, result.get_msg_id())
        request = end.wait_requests(2)[1]
    assert len(listener.checked) == 1
    checked = listener.checked[0]
    assert checked.get_topic() == "TopicTxCheck" and checked.get_body() == b"pending"
    assert listener.check_threads == ["TransactionCheckExecutor_1"]
    assert request.flag & 2
    header = _end_header(request)
    assert header.from_transaction_check is True
    assert header.commit_or_rollback == flag
    assert header.msg_id == result.get_msg_id()
    assert header.transaction_id == check_header.transaction_id
    assert header.tran_state_table_offset == check_header.tran_state_table_offset
    assert header.commit_log_offset == check_header.commit_log_offset
    assert header.producer_group == producer.get_producer_group()
    if remark_prefix is None:
        assert request.remark is None
    else:
        assert request.remark.startswith(remark_prefix) and "still unknown" in request.remark


def test_check_back_on_the_given_executor(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    executor = ThreadPoolExecutor(1, 1, 10, "MyCheckPool_")
    listener = Listener(LocalTransactionState.UNKNOW)
    producer = new_producer(cls=TransactionMQProducer, start=False)
    producer.set_transaction_listener(listener)
    producer.set_executor_service(executor)
    producer.start()
    try:
        with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.END_TRANSACTION) as end:
            result = producer.send_message_in_transaction(Message("TopicTxCheck", b"p"), None)
            _check_back(embedded_cluster, producer, result.get_msg_id())
            end.wait_requests(2)
        assert listener.check_threads == ["MyCheckPool_1"]
        producer.shutdown()
        assert executor.is_shutdown()  # Java shuts the given executor down too
    finally:
        executor.await_termination(5)


def test_shutdown_stops_the_check_pool(new_producer) -> None:
    producer = _tx_producer(new_producer, Listener(LocalTransactionState.COMMIT_MESSAGE))
    assert producer.get_check_thread_pool_min_size() == 1
    assert producer.get_check_thread_pool_max_size() == 1
    assert producer.get_check_request_hold_max() == 2000
    pool = producer.get_default_mq_producer_impl()._own_check_executor
    assert pool.get_queue_capacity() == 2000 and pool.get_maximum_pool_size() == 1
    pool.execute(lambda: None)  # start its thread
    wait_for(lambda: any(t.name.startswith("TransactionCheckExecutor_") for t in threading.enumerate()), 5,
             "the check thread")
    producer.shutdown()
    assert not [t for t in threading.enumerate() if t.name.startswith("TransactionCheckExecutor_")]


def test_commit_through_the_broker(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = _tx_producer(new_producer, Listener(LocalTransactionState.COMMIT_MESSAGE))
    result = producer.send_message_in_transaction(Message("TopicTxReal", b"committed"), None)
    stored = wait_for(lambda: stored_messages(embedded_cluster.broker_controller, "TopicTxReal"), 10,
                      "the committed message")
    assert stored[0].get_property("UNIQ_KEY") == result.get_msg_id()
    assert stored[0].get_body() == b"committed"


def test_half_message_not_stored_ok_is_rolled_back(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    listener = Listener(LocalTransactionState.COMMIT_MESSAGE)
    producer = _tx_producer(new_producer, listener)

    def flush_disk_timeout(response) -> None:  # type: ignore[no-untyped-def]
        response.code = 10  # FLUSH_DISK_TIMEOUT

    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2,
                           rewrite=flush_disk_timeout), \
            BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.END_TRANSACTION) as end:
        result = producer.send_message_in_transaction(Message("TopicTx", b"x"), None)
        header = _end_header(end.wait_requests(1)[0])
    assert result.get_send_status() is SendStatus.FLUSH_DISK_TIMEOUT
    assert result.get_local_transaction_state() is LocalTransactionState.ROLLBACK_MESSAGE
    assert not listener.executed  # the local transaction does not run
    assert header.commit_or_rollback == 12
