"""Golden scenario 4 (transactions) replayed against our broker with the capture's store state reproduced: the
half messages land at the captured commit-log offsets, the commits, rollback and op messages take exactly the
captured room (the check's copy is at 5216, queue offset 3 as in frame 175), the CHECK_TRANSACTION_STATE frame
matches frame 175 and frame 176 (the check's answer) commits the message."""
from __future__ import annotations

import time

import pytest
from broker_support import (FakeProducer, OP_TOPIC, broker_addr, create_topic, decode_messages,
                            fill_commit_log_to, golden_body, golden_entry, golden_frame, patched_frame, pull_request,
                            raw_properties, same_apart_from_hosts_and_times, start_broker, transactions_settled,
                            wait_for)

from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

GROUP = "GoldenTxPG"
TOPIC = "GoldenTxTopic"


@pytest.fixture
def broker(tmp_path):
    # the check runs only when the test wakes the service up (Java's ServiceThread.wakeup)
    b = start_broker(tmp_path, transaction_check_interval=3600 * 1000)
    create_topic(b, TOPIC, 2)
    yield b
    b.shutdown()


def _update_broker_config(client, text):
    response = client.request(RemotingCommand.create_request_command(RequestCode.UPDATE_BROKER_CONFIG, None,
                                                                     text.encode("utf-8")))
    assert response.code == ResponseCode.SUCCESS


def _replay_scenario(broker, client):
    """Frames 162..170 with the store at the captured offsets; the producer's sends get the captured
    responses' offsets."""
    fill_commit_log_to(broker, 3755)
    born = int(time.time() * 1000)
    for request, response in (("162", "163"), ("165", "166"), ("168", "169")):
        client.send_bytes(patched_frame(request, born))
        got = client.wait_response(golden_entry(request)["opaque"])
        want = golden_entry(response)["header"]["extFields"]
        assert got.code == ResponseCode.SUCCESS
        assert got.ext_fields["msgId"][-16:] == want["msgId"][-16:]  # same commit-log offset (store port differs)
        assert (got.ext_fields["queueId"], got.ext_fields["queueOffset"]) == (want["queueId"], want["queueOffset"])
    # the captured broker stored the commit of 167 after the third half message
    for request in ("164", "167", "170"):
        client.send_bytes(golden_frame(golden_entry(request)))
    store = broker.get_message_store()
    wait_for(lambda: store.get_max_offset_in_queue(OP_TOPIC, 0) == 2, what="the op messages of 167 and 170")
    return born


def test_transaction_frames_reproduce_the_captured_commit_log(broker, client):
    _replay_scenario(broker, client)
    store = broker.get_message_store()
    assert store.get_max_phy_offset() == 5216  # where the captured check put its copy of the first half message
    (committed,) = decode_messages(client.request(pull_request("TxCG", TOPIC, 1, 0)).body)
    assert committed.properties["KEYS"] == "TX-COMMIT"
    assert committed.sys_flag == MessageSysFlag.TRANSACTION_COMMIT_TYPE
    assert committed.prepared_transaction_offset == 4056
    assert client.request(pull_request("TxCG", TOPIC, 0, 0)).code == ResponseCode.PULL_NOT_FOUND  # 164: 0, 170: 12


def test_check_frame_is_the_captured_one_and_its_answer_commits(broker, client):
    producer = FakeProducer(broker_addr(broker), GROUP, "192.0.2.2@s4", answer=lambda header: None)
    try:
        assert producer.heartbeat().code == ResponseCode.SUCCESS
        born = _replay_scenario(broker, client)
        _update_broker_config(client, "transactionTimeOut=0\n")
        broker.get_transactional_message_check_service().wakeup()
        check = producer.recorder.next()
        golden = golden_entry("175")
        assert check.code == RequestCode.CHECK_TRANSACTION_STATE and check.is_oneway_rpc()
        want = dict(golden["header"]["extFields"])
        got = dict(check.ext_fields)
        assert got.pop("offsetMsgId")[-16:] == want.pop("offsetMsgId")[-16:]
        assert got == want and list(check.ext_fields) == list(golden["header"]["extFields"])  # HashMap order too
        assert same_apart_from_hosts_and_times(check.body, golden_body("175"))
        (msg,) = decode_messages(check.body)
        assert msg.born_timestamp == born and msg.store_size == 317

        # frame 176, the producer's answer from the check, commits the copy at 5216
        client.send_bytes(golden_frame(golden_entry("176")))
        pulled = wait_for(lambda: client.request(pull_request("TxCG", TOPIC, 0, 0)).body, what="the commit")
        (committed,) = decode_messages(pulled)
        assert committed.sys_flag == MessageSysFlag.TRANSACTION_COMMIT_TYPE
        assert committed.prepared_transaction_offset == 5216 and committed.body == b"tx body TX-UNKNOWN"
        # the commit keeps the half message's stored properties (WAIT=true; the check body showed false)
        assert raw_properties(pulled) == raw_properties(golden_body("175")).replace("WAIT\x01false", "WAIT\x01true")
        wait_for(lambda: broker.get_message_store().get_max_offset_in_queue(OP_TOPIC, 0) == 3, what="the op")
        broker.get_transactional_message_check_service().wakeup()
        wait_for(lambda: transactions_settled(broker), what="the check to see every decision")
        assert producer.recorder.count == 1
    finally:
        producer.close()

