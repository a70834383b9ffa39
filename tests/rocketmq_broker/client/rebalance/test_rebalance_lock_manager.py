"""LOCK_BATCH_MQ / UNLOCK_BATCH_MQ between two orderly consumers of one queue, with a short configured lock
expiry (Java: rocketmq.broker.rebalance.lockMaxLiveTime, 60 s)."""
from __future__ import annotations

import time

import pytest
from broker_support import RawClient, broker_addr, start_broker, wait_for

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.lock_batch_request_body import LockBatchRequestBody
from rocketmq_common.protocol.body.lock_batch_response_body import LockBatchResponseBody
from rocketmq_common.protocol.body.unlock_batch_request_body import UnlockBatchRequestBody
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

GROUP = "OrderCG"
MQ = MessageQueue("OrderTopic", "broker-a", 0)
EXPIRY_MS = 600


@pytest.fixture
def broker(tmp_path):
    b = start_broker(tmp_path, rebalance_lock_max_live_time=EXPIRY_MS)
    yield b
    b.shutdown()


@pytest.fixture
def lockers(broker):
    clients = [RawClient(broker_addr(broker)) for _ in range(2)]
    yield clients
    for c in clients:
        c.close()


def _lock(client, client_id, mqs=(MQ,)):
    body = LockBatchRequestBody(consumer_group=GROUP, client_id=client_id, mq_set=set(mqs)).encode()
    response = client.request(RemotingCommand.create_request_command(RequestCode.LOCK_BATCH_MQ, None, body))
    assert response.code == ResponseCode.SUCCESS
    return LockBatchResponseBody.decode(response.body).lock_okmq_set


def _unlock(client, client_id, mqs=(MQ,)):
    body = UnlockBatchRequestBody(consumer_group=GROUP, client_id=client_id, mq_set=set(mqs)).encode()
    response = client.request(RemotingCommand.create_request_command(RequestCode.UNLOCK_BATCH_MQ, None, body))
    assert (response.code, response.remark) == (ResponseCode.SUCCESS, None)


def test_only_one_locker_holds_the_queue_until_expiry(lockers):
    c1, c2 = lockers
    assert _lock(c1, "c1") == {MQ}
    assert _lock(c2, "c2") == set()
    assert _lock(c1, "c1") == {MQ}  # renewal
    renewed = time.monotonic()
    assert _lock(c2, "c2") == set()
    wait_for(lambda: _lock(c2, "c2") == {MQ}, timeout=10, what="the lock of c1 to expire")
    assert (time.monotonic() - renewed) * 1000 >= EXPIRY_MS - 20  # clock granularity of the two clocks
    assert _lock(c1, "c1") == set()  # now c2 holds it


def test_unlock_releases_at_once_and_only_by_the_owner(lockers):
    c1, c2 = lockers
    other = MessageQueue("OrderTopic", "broker-a", 1)
    assert _lock(c1, "c1", (MQ, other)) == {MQ, other}
    _unlock(c2, "c2")  # not the owner: nothing happens
    assert _lock(c2, "c2", (MQ, other)) == set()
    _unlock(c1, "c1")
    assert _lock(c2, "c2", (MQ, other)) == {MQ}
    assert _lock(c1, "c1", (MQ, other)) == {other}
