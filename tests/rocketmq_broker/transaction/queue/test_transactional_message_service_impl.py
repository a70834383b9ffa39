"""Transactions through raw frames: half messages, END_TRANSACTION commit / rollback, the check-back of undecided
half messages to a producer connection registered by heartbeat, the discard after transactionCheckMax checks
and RESUME_CHECK_HALF_MESSAGE. The check service runs on short configured intervals."""
from __future__ import annotations

import time
from typing import Dict, List

import pytest
from broker_support import (CHECK_MAX_TOPIC, COMMIT, FakeProducer, HALF_TOPIC, OP_TOPIC, ROLLBACK, RawClient, UNKNOWN,
                            broker_addr, create_topic, decode_messages, end_transaction_request, golden_entry, pull_all,
                            pull_request, send_request, start_broker, store_messages, transactions_settled, wait_for)

from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.protocol.header.query_message_request_header import QueryMessageRequestHeader
from rocketmq_common.protocol.header.resume_check_half_message_request_header import \
    ResumeCheckHalfMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

GROUP = "TxPG"
TOPIC = "TxTopic"
NOT_SET = "not set any response code"


def _broker(tmp_path, **overrides):
    b = start_broker(tmp_path, **overrides)
    create_topic(b, TOPIC, 2)
    return b


@pytest.fixture
def client_of():
    clients: List[RawClient] = []

    def make(broker):
        c = RawClient(broker_addr(broker))
        clients.append(c)
        return c
    yield make
    for c in clients:
        c.close()


def send_half(client, key: str, queue_id: int = 1, extra: Dict[str, str] = None):
    """A half message as the Java producer sends it (TRAN_MSG, PGROUP, sysFlag TRANSACTION_PREPARED_TYPE)."""
    uniq_key = MessageClientIDSetter.create_uniq_id()
    props = {"KEYS": key, "TRAN_MSG": "true", "UNIQ_KEY": uniq_key, "WAIT": "true", "PGROUP": GROUP,
             "TAGS": "TagT"}
    props.update(extra or {})
    response = client.request(send_request(TOPIC, b"tx body " + key.encode(), props, queue_id=queue_id,
                                           sys_flag=MessageSysFlag.TRANSACTION_PREPARED_TYPE, group=GROUP))
    assert response.code == ResponseCode.SUCCESS, response
    commit_log_offset = MessageDecoder.decode_message_id(response.ext_fields["msgId"]).get_offset()
    return uniq_key, int(response.ext_fields["queueOffset"]), commit_log_offset


def _halves(broker) -> int:
    return broker.get_message_store().get_max_offset_in_queue(HALF_TOPIC, 0)


def test_unknown_transaction_is_checked_back_and_committed_exactly_once(tmp_path, client_of):
    broker = _broker(tmp_path, transaction_check_interval=500, transaction_time_out=1000)
    client = client_of(broker)
    producer = FakeProducer(broker_addr(broker), GROUP, answer=lambda header: COMMIT)
    try:
        assert producer.heartbeat().code == ResponseCode.SUCCESS
        born = int(time.time() * 1000)
        uniq_key, queue_offset, commit_log_offset = send_half(client, "TX-UNKNOWN")
        assert queue_offset == 0
        assert client.request(pull_request("CheckerCG", TOPIC, 1, 0)).code == ResponseCode.PULL_NOT_FOUND
        client.send(end_transaction_request(GROUP, queue_offset, commit_log_offset, UNKNOWN, uniq_key))
        check = producer.recorder.next()
        assert int(time.time() * 1000) - born >= 1000  # not before the transaction timeout
        header = check.ext_fields
        assert header["msgId"] == header["transactionId"] == uniq_key
        assert header["tranStateTableOffset"] == "1"  # the copy appended to the half queue for this check
        copy_offset = int(header["commitLogOffset"])
        assert copy_offset > commit_log_offset
        assert MessageDecoder.decode_message_id(header["offsetMsgId"]).get_offset() == copy_offset
        (half,) = decode_messages(check.body)
        assert (half.topic, half.queue_id, half.queue_offset, half.commit_log_offset) == (TOPIC, 1, 1, copy_offset)
        assert half.properties["TRANSACTION_CHECK_TIMES"] == "1" and half.properties["WAIT"] == "false"
        assert half.properties["REAL_TOPIC"] == TOPIC and half.properties["REAL_QID"] == "1"
        assert half.born_timestamp <= born + 1000 and half.body == b"tx body TX-UNKNOWN"

        messages = wait_for(lambda: pull_all(client, TOPIC, 1), what="the committed message")
        wait_for(lambda: transactions_settled(broker), what="the check to go over the decision")
        (msg,) = pull_all(client, TOPIC, 1)
        assert producer.recorder.count == 1 and len(messages) == 1
        assert MessageSysFlag.get_transaction_value(msg.sys_flag) == MessageSysFlag.TRANSACTION_COMMIT_TYPE
        assert msg.prepared_transaction_offset == copy_offset and msg.queue_offset == 0
        # like a Java broker: the half message's stored properties, in the same order as golden frame 175
        golden_keys = list(golden_entry("175")["body"]["messages"][0]["properties"])
        assert list(msg.properties) == golden_keys
        assert msg.properties["TRAN_MSG"] == "true" and msg.properties["WAIT"] == "true"
        assert msg.properties["TRANSACTION_CHECK_TIMES"] == "1" and msg.properties["PGROUP"] == GROUP
        assert msg.properties["UNIQ_KEY"] == uniq_key and msg.properties["REAL_QID"] == "1"
    finally:
        producer.close()
        broker.shutdown()


def test_producer_commit_and_rollback(tmp_path, client_of):
    broker = _broker(tmp_path, transaction_check_interval=200, transaction_time_out=300)
    client = client_of(broker)
    producer = FakeProducer(broker_addr(broker), GROUP, answer=lambda header: COMMIT)
    try:
        producer.heartbeat()
        committed = send_half(client, "TX-COMMIT", 0)
        rolled_back = send_half(client, "TX-ROLLBACK", 0)
        response = client.request(end_transaction_request(GROUP, committed[1], committed[2], COMMIT, committed[0],
                                                          oneway=False))
        assert (response.code, response.remark) == (ResponseCode.SUCCESS, None)
        response = client.request(end_transaction_request(GROUP, rolled_back[1], rolled_back[2], ROLLBACK,
                                                          rolled_back[0], oneway=False))
        assert (response.code, response.remark) == (ResponseCode.SUCCESS, NOT_SET)  # Java's leftover remark
        wait_for(lambda: transactions_settled(broker), what="the check to go over both decisions")
        (msg,) = pull_all(client, TOPIC, 0)
        assert msg.properties["KEYS"] == "TX-COMMIT" and msg.prepared_transaction_offset == committed[2]
        assert producer.recorder.count == 0  # decided before the timeout: never checked
        ops = store_messages(broker, OP_TOPIC)  # Java has no topic config for it either: no pulls
        assert [(op.get_tags(), op.body) for op in ops] == [("d", b"0"), ("d", b"1")]
        assert [list(op.properties) for op in ops] == [["WAIT", "TAGS"]] * 2  # Java's op record: WAIT=true, TAGS
        assert ops[0].properties["WAIT"] == "true"
        # the rolled-back message is in no queue and no index of its topic
        query = QueryMessageRequestHeader(topic=TOPIC, key="TX-ROLLBACK", max_num=32, begin_timestamp=0,
                                          end_timestamp=(1 << 63) - 1)
        response = client.request(RemotingCommand.create_request_command(RequestCode.QUERY_MESSAGE, query))
        assert response.code == ResponseCode.QUERY_NOT_FOUND
    finally:
        producer.close()
        broker.shutdown()


def test_rolled_back_transaction_is_never_delivered_nor_checked(tmp_path, client_of):
    broker = _broker(tmp_path, transaction_check_interval=200, transaction_time_out=300)
    client = client_of(broker)
    producer = FakeProducer(broker_addr(broker), GROUP, answer=lambda header: COMMIT)
    try:
        producer.heartbeat()
        uniq_key, queue_offset, commit_log_offset = send_half(client, "TX-ROLLBACK")
        client.send(end_transaction_request(GROUP, queue_offset, commit_log_offset, ROLLBACK, uniq_key))
        wait_for(lambda: transactions_settled(broker), what="the check to go over the rollback")
        assert pull_all(client, TOPIC, 1) == [] and producer.recorder.count == 0
        assert _halves(broker) == 1
    finally:
        producer.close()
        broker.shutdown()


@pytest.mark.parametrize("change, remark", [
    ({"group": "OtherPG"}, "The producer group wrong"),
    ({"queue_offset": 5}, "The transaction state table offset wrong"),
    ({"commit_log_offset": 1 << 40}, "Find prepared transaction message failed"),
])
def test_end_transaction_that_does_not_match_the_half_message(tmp_path, client_of, change, remark):
    broker = _broker(tmp_path)
    client = client_of(broker)
    try:
        uniq_key, queue_offset, commit_log_offset = send_half(client, "TX-BAD")
        for state in (COMMIT, ROLLBACK):
            response = client.request(end_transaction_request(
                change.get("group", GROUP), change.get("queue_offset", queue_offset),
                change.get("commit_log_offset", commit_log_offset), state, uniq_key, oneway=False))
            assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR, remark)
        assert pull_all(client, TOPIC, 1) == [] and broker.get_message_store().get_max_offset_in_queue(OP_TOPIC, 0) == 0
    finally:
        broker.shutdown()


def test_check_max_reached_discards_and_resume_checks_again(tmp_path, client_of):
    broker = _broker(tmp_path, transaction_check_interval=100, transaction_time_out=0)
    client = client_of(broker)
    answers = {"state": UNKNOWN}
    producer = FakeProducer(broker_addr(broker), GROUP, answer=lambda header: answers["state"])
    try:
        producer.heartbeat()
        uniq_key, queue_offset, commit_log_offset = send_half(client, "TX-NEVER")
        discarded = wait_for(lambda: pull_all(client, CHECK_MAX_TOPIC, 0), what="the discarded half message")
        checks = [producer.recorder.next() for _ in range(15)]
        assert [decode_messages(c.body)[0].properties["TRANSACTION_CHECK_TIMES"] for c in checks] == \
            [str(n) for n in range(1, 16)]
        wait_for(lambda: transactions_settled(broker), what="the check to pass the discarded message")
        assert producer.recorder.count == 15  # transactionCheckMax, then never again
        (msg,) = discarded
        assert broker.get_topic_config_manager().select_topic_config(CHECK_MAX_TOPIC).read_queue_nums == 1
        assert msg.topic == CHECK_MAX_TOPIC and msg.properties["TRANSACTION_CHECK_TIMES"] == "15"
        assert msg.properties["REAL_TOPIC"] == TOPIC and msg.properties["UNIQ_KEY"] == uniq_key
        assert msg.body == b"tx body TX-NEVER" and pull_all(client, TOPIC, 1) == []

        # mqadmin's resume: back to the half queue with the count reset; the next check is the first again
        answers["state"] = COMMIT
        header = ResumeCheckHalfMessageRequestHeader(msg_id=msg.msg_id)
        response = client.request(RemotingCommand.create_request_command(RequestCode.RESUME_CHECK_HALF_MESSAGE,
                                                                          header))
        assert (response.code, response.remark) == (ResponseCode.SUCCESS, None)
        check = producer.recorder.next()
        assert decode_messages(check.body)[0].properties["TRANSACTION_CHECK_TIMES"] == "1"
        committed = wait_for(lambda: pull_all(client, TOPIC, 1), what="the commit after the resume")
        assert committed[0].body == b"tx body TX-NEVER"
        header.msg_id = "7F0000010000000000000000000FFFFF"
        response = client.request(RemotingCommand.create_request_command(RequestCode.RESUME_CHECK_HALF_MESSAGE,
                                                                          header))
        assert (response.code, response.remark) == (
            ResponseCode.SYSTEM_ERROR, "Exception was thrown when putting message back to RMQ_SYS_TRANS_HALF_TOPIC.")
    finally:
        producer.close()
        broker.shutdown()


def test_check_immunity_time_delays_the_check(tmp_path, client_of):
    broker = _broker(tmp_path, transaction_check_interval=300, transaction_time_out=0)
    client = client_of(broker)
    producer = FakeProducer(broker_addr(broker), GROUP, answer=lambda header: COMMIT)
    try:
        producer.heartbeat()
        born = int(time.time() * 1000)
        send_half(client, "TX-IMMUNE", extra={"CHECK_IMMUNITY_TIME_IN_SECONDS": "1"})
        check = producer.recorder.next()
        assert int(time.time() * 1000) - born >= 1000
        (half,) = decode_messages(check.body)
        # checked through an immunity copy that remembers the original queue offset
        assert half.properties["TRAN_PREPARED_QUEUE_OFFSET"] == "0"
        (msg,) = wait_for(lambda: pull_all(client, TOPIC, 1), what="the commit")
        wait_for(lambda: transactions_settled(broker), what="the check to go over the decision")
        assert producer.recorder.count == 1 and len(pull_all(client, TOPIC, 1)) == 1
        assert msg.prepared_transaction_offset == int(check.ext_fields["commitLogOffset"])
    finally:
        producer.close()
        broker.shutdown()


def test_half_message_without_a_live_producer_waits_for_one(tmp_path, client_of):
    broker = _broker(tmp_path, transaction_check_interval=300, transaction_time_out=0)
    client = client_of(broker)
    try:
        send_half(client, "TX-ORPHAN")
        wait_for(lambda: _halves(broker) >= 3, what="checks without a producer connection")
        producer = FakeProducer(broker_addr(broker), GROUP, answer=lambda header: COMMIT)
        try:
            producer.heartbeat()
            msg = wait_for(lambda: pull_all(client, TOPIC, 1), what="the commit once a producer is there")[0]
            assert int(msg.properties["TRANSACTION_CHECK_TIMES"]) >= 3
        finally:
            producer.close()
    finally:
        broker.shutdown()


def test_slave_refuses_end_transaction(tmp_path, client_of):
    broker = _broker(tmp_path, store={"broker_role": "SLAVE"})
    client = client_of(broker)
    try:
        response = client.request(end_transaction_request(GROUP, 0, 0, COMMIT, "X", oneway=False))
        assert (response.code, response.remark) == (ResponseCode.SLAVE_NOT_AVAILABLE, NOT_SET)
    finally:
        broker.shutdown()


def test_half_message_property_order_is_javas(tmp_path, client_of):
    broker = _broker(tmp_path)
    client = client_of(broker)
    try:
        send_half(client, "TX-ORDER")
        store = broker.get_message_store()
        half = store.look_message_by_offset(store.get_commit_log_offset_in_queue(HALF_TOPIC, 0, 0))
        assert list(half.properties) == list(java_hash_map_order(half.properties))
        assert half.topic == HALF_TOPIC and half.sys_flag == 0 and half.properties["REAL_QID"] == "1"
    finally:
        broker.shutdown()
