"""Allocation strategies: results as Java 4.9.7 computes them (tables worked out by hand from the Java code)."""
from __future__ import annotations

import hashlib
from typing import Dict, List

import pytest

from rocketmq_client.consumer.rebalance.allocate_machine_room_nearby import (
    AllocateMachineRoomNearby,
    MachineRoomResolver,
)
from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely_by_circle import (
    AllocateMessageQueueAveragelyByCircle,
)
from rocketmq_client.consumer.rebalance.allocate_message_queue_by_config import AllocateMessageQueueByConfig
from rocketmq_client.consumer.rebalance.allocate_message_queue_by_machine_room import AllocateMessageQueueByMachineRoom
from rocketmq_client.consumer.rebalance.allocate_message_queue_consistent_hash import AllocateMessageQueueConsistentHash
from rocketmq_common.consistenthash.consistent_hash_router import ConsistentHashRouter, MD5Hash
from rocketmq_common.consistenthash.hash_function import HashFunction
from rocketmq_common.consistenthash.node import Node
from rocketmq_common.message.message_queue import MessageQueue

G = "CG"


def queues(n: int, topic: str = "T", broker: str = "broker-a") -> List[MessageQueue]:
    return [MessageQueue(topic, broker, i) for i in range(n)]


def cids(c: int) -> List[str]:
    return ["cid-%d" % i for i in range(c)]


def ids(result: List[MessageQueue]) -> List[int]:
    return [mq.get_queue_id() for mq in result]


def allocate_all(strategy, mq_all, cid_all) -> Dict[str, List[MessageQueue]]:
    return {cid: strategy.allocate(G, cid, mq_all, cid_all) for cid in cid_all}


# (queues, consumers) -> queue ids per consumer index, worked out from Java's formula
AVERAGELY_TABLE = [
    (8, 3, [[0, 1, 2], [3, 4, 5], [6, 7]]),
    (2, 3, [[0], [1], []]),
    (10, 4, [[0, 1, 2], [3, 4, 5], [6, 7], [8, 9]]),
    (4, 4, [[0], [1], [2], [3]]),
    (1, 5, [[0], [], [], [], []]),
    (9, 3, [[0, 1, 2], [3, 4, 5], [6, 7, 8]]),
    (7, 2, [[0, 1, 2, 3], [4, 5, 6]]),
    (16, 5, [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [13, 14, 15]]),
    (5, 1, [[0, 1, 2, 3, 4]]),
]


@pytest.mark.parametrize("n,c,expected", AVERAGELY_TABLE)
def test_averagely_table(n, c, expected):
    strategy = AllocateMessageQueueAveragely()
    assert strategy.get_name() == "AVG"
    result = allocate_all(strategy, queues(n), cids(c))
    assert [ids(result[cid]) for cid in cids(c)] == expected


CIRCLE_TABLE = [
    (8, 3, [[0, 3, 6], [1, 4, 7], [2, 5]]),
    (2, 3, [[0], [1], []]),
    (10, 4, [[0, 4, 8], [1, 5, 9], [2, 6], [3, 7]]),
    (5, 1, [[0, 1, 2, 3, 4]]),
]


@pytest.mark.parametrize("n,c,expected", CIRCLE_TABLE)
def test_averagely_by_circle_table(n, c, expected):
    strategy = AllocateMessageQueueAveragelyByCircle()
    assert strategy.get_name() == "AVG_BY_CIRCLE"
    result = allocate_all(strategy, queues(n), cids(c))
    assert [ids(result[cid]) for cid in cids(c)] == expected


@pytest.mark.parametrize("strategy", [AllocateMessageQueueAveragely(), AllocateMessageQueueAveragelyByCircle(),
                                      AllocateMessageQueueConsistentHash(),
                                      AllocateMessageQueueConsistentHash(3)])
def test_assignments_are_disjoint_and_complete(strategy):
    for n in range(1, 14):
        for c in range(1, 7):
            mq_all = queues(n)
            result = allocate_all(strategy, mq_all, cids(c))
            flat = [mq for part in result.values() for mq in part]
            assert sorted(flat) == mq_all, (strategy.get_name(), n, c)


@pytest.mark.parametrize("strategy", [AllocateMessageQueueAveragely(), AllocateMessageQueueAveragelyByCircle(),
                                      AllocateMessageQueueConsistentHash(),
                                      AllocateMessageQueueByMachineRoom({"room1"})])
def test_check_rules(strategy):
    assert strategy.allocate(G, "stranger", queues(4), cids(2)) == []
    with pytest.raises(ValueError, match="currentCID is empty"):
        strategy.allocate(G, "", queues(4), cids(2))
    with pytest.raises(ValueError, match="mqAll is null or mqAll empty"):
        strategy.allocate(G, "cid-0", [], cids(2))
    with pytest.raises(ValueError, match="cidAll is null or cidAll empty"):
        strategy.allocate(G, "cid-0", queues(4), None)


def test_by_config_returns_the_configured_list():
    configured = [MessageQueue("X", "b", 5), MessageQueue("Y", "b", 1)]
    strategy = AllocateMessageQueueByConfig()
    assert strategy.get_name() == "CONFIG"
    assert strategy.allocate(G, "anyone", queues(3), cids(2)) is None
    strategy.set_message_queue_list(configured)
    assert strategy.get_message_queue_list() is configured
    assert strategy.allocate(G, "not-even-a-member", queues(3), cids(2)) == configured


def test_by_machine_room():
    mq_all = sorted(queues(4, broker="room1@b1") + queues(4, broker="room2@b2") + queues(3, broker="room1@c")
                    + queues(2, broker="room1") + queues(2, broker="room1@x@y") + queues(1, broker="room1@")
                    + queues(1, broker="@room1"))
    strategy = AllocateMessageQueueByMachineRoom({"room1"})
    assert strategy.get_name() == "MACHINE_ROOM"
    assert strategy.get_consumeridcs() == {"room1"}
    result = allocate_all(strategy, mq_all, cids(3))
    # kept, in mqAll order: room1@b1 0..3, room1@c 0..2 (room1@ splits to one part in Java: dropped)
    premq = queues(4, broker="room1@b1") + queues(3, broker="room1@c")
    # 7 queues / 3 consumers: mod 2, rem 1 -> c0: [0, 1] + [6]; c1: [2, 3]; c2: [4, 5]
    assert result["cid-0"] == [premq[0], premq[1], premq[6]]
    assert result["cid-1"] == [premq[2], premq[3]]
    assert result["cid-2"] == [premq[4], premq[5]]
    # fewer kept queues than consumers: 2 queues, 3 consumers -> mod 0, rem 2
    strategy.set_consumeridcs({"room2"})
    small = queues(2, broker="room2@b2")
    result = allocate_all(strategy, small, cids(3))
    assert result == {"cid-0": [small[0]], "cid-1": [small[1]], "cid-2": []}
    # an empty ("@x") idc is a valid part in Java
    strategy.set_consumeridcs({""})
    assert strategy.allocate(G, "cid-0", mq_all, ["cid-0"]) == queues(1, broker="@room1")


class _DashResolver(MachineRoomResolver):
    """Room = text before the first '-' of the broker name / client id."""

    def broker_deploy_in(self, message_queue: MessageQueue) -> str:
        return message_queue.get_broker_name().split("-")[0]

    def consumer_deploy_in(self, client_id: str) -> str:
        return client_id.split("-")[0]


def test_machine_room_nearby():
    mq_all = sorted(queues(4, broker="hz-b1") + queues(4, broker="sh-b2") + queues(2, broker="bj-b3"))
    cid_all = ["hz-c1", "hz-c2", "sh-c1"]
    strategy = AllocateMachineRoomNearby(AllocateMessageQueueAveragely(), _DashResolver())
    assert strategy.get_name() == "MACHINE_ROOM_NEARBY-AVG"
    result = allocate_all(strategy, mq_all, cid_all)
    hz, sh, bj = queues(4, broker="hz-b1"), queues(4, broker="sh-b2"), queues(2, broker="bj-b3")
    # hz queues among the hz consumers; bj (no consumer there) among all three, AVG: 2 queues / 3 consumers
    assert result["hz-c1"] == [hz[0], hz[1], bj[0]]
    assert result["hz-c2"] == [hz[2], hz[3], bj[1]]
    assert result["sh-c1"] == sh
    with pytest.raises(ValueError):
        AllocateMachineRoomNearby(None, _DashResolver())  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        AllocateMachineRoomNearby(AllocateMessageQueueAveragely(), None)  # type: ignore[arg-type]

    class _Blank(_DashResolver):
        def broker_deploy_in(self, message_queue: MessageQueue) -> str:
            return ""

    with pytest.raises(ValueError, match="Machine room is null for mq"):
        AllocateMachineRoomNearby(AllocateMessageQueueAveragely(), _Blank()).allocate(G, "hz-c1", mq_all, cid_all)


# ---------------------------------------------------------------- consistent hash


def test_md5_hash_vectors():
    h = MD5Hash()
    # RFC 1321 vectors: md5("") = d41d8cd9..., md5("abc") = 90015098...
    assert h.hash("") == 0xD41D8CD9
    assert h.hash("abc") == 0x90015098
    assert h.hash("message digest") == 0xF96B697D
    # the key's bytes are UTF-8
    assert h.hash("\u00e9") == int.from_bytes(hashlib.md5(b"\xc3\xa9").digest()[:4], "big")


def _reference_owner(mq: MessageQueue, cid_all: List[str], v_nodes: int) -> str:
    """Brute force over Java's ring: owner of the smallest virtual-node hash >= the queue hash, else of the
    smallest hash; a hash produced again by a later insertion belongs to the later node."""
    def md5_4(text: str) -> int:
        d = hashlib.md5(text.encode("utf-8")).digest()
        return (d[0] << 24) | (d[1] << 16) | (d[2] << 8) | d[3]

    ring: Dict[int, str] = {}
    for cid in cid_all:
        for k in range(v_nodes):
            ring[md5_4("%s-%d" % (cid, k))] = cid
    qh = md5_4("MessageQueue [topic=%s, brokerName=%s, queueId=%d]" % (
        mq.get_topic(), mq.get_broker_name(), mq.get_queue_id()))
    candidates = [h for h in ring if h >= qh]
    return ring[min(candidates) if candidates else min(ring)]


@pytest.mark.parametrize("v_nodes", [1, 10, 33])
def test_consistent_hash_matches_the_ring_by_brute_force(v_nodes):
    mq_all = sorted(queues(16, "TopicTest", "broker-a") + queues(16, "TopicTest", "broker-b"))
    cid_all = sorted(["127.0.0.1@%d" % pid for pid in (101, 2024, 31337, 4)])
    strategy = AllocateMessageQueueConsistentHash(v_nodes)
    assert strategy.get_name() == "CONSISTENT_HASH"
    for cid in cid_all:
        expected = [mq for mq in mq_all if _reference_owner(mq, cid_all, v_nodes) == cid]
        assert strategy.allocate(G, cid, mq_all, cid_all) == expected
    # deterministic: a new strategy object gives the same answer
    assert AllocateMessageQueueConsistentHash(v_nodes).allocate(G, cid_all[0], mq_all, cid_all) == \
        strategy.allocate(G, cid_all[0], mq_all, cid_all)


def test_consistent_hash_snapshot():
    # first 4 MD5 bytes, from `printf '%s' KEY | md5sum`, sorted ring:
    #   0bd54963 c2-1 | 31831c51 c2-0 | 70f83886 c1-1 | e7a7eb0b c1-0
    # queues "MessageQueue [topic=T, brokerName=b, queueId=i]":
    #   q3 19e13e53 -> c2, q0 218a9c35 -> c2, q2 75ff8207 -> c1, q1 e2ae4b25 -> c1, q5 e2d6c924 -> c1,
    #   q4 ff8e7fee -> wraps to 0bd54963 -> c2
    mq_all = queues(6, "T", "b")
    strategy = AllocateMessageQueueConsistentHash(2)
    assert ids(strategy.allocate(G, "c1", mq_all, ["c1", "c2"])) == [1, 2, 5]
    assert ids(strategy.allocate(G, "c2", mq_all, ["c1", "c2"])) == [0, 3, 4]
    assert MD5Hash().hash("c2-1") == 0x0BD54963


class _TableHash(HashFunction):
    """Hashes from a table; records the keys asked for."""

    def __init__(self, table: Dict[str, int]) -> None:
        self.table = table
        self.asked: List[str] = []

    def hash(self, key: str) -> int:
        self.asked.append(key)
        return self.table[key]


def test_consistent_hash_virtual_node_keys_wrap_and_collisions():
    mq_all = [MessageQueue("T", "b", i) for i in range(3)]
    keys = {repr(mq): h for mq, h in zip(mq_all, (5, 25, 95))}
    table = dict(keys)
    table.update({"A-0": 10, "A-1": 50, "B-0": 20, "B-1": 50})  # B-1 collides with A-1: the later (B) wins
    hash_function = _TableHash(table)
    strategy = AllocateMessageQueueConsistentHash(2, hash_function)
    # ring: 10 A, 20 B, 50 B (B-1 replaced A-1); queues 5 -> 10 (A), 25 -> 50 (B), 95 wraps to 10 (A)
    assert strategy.allocate(G, "A", mq_all, ["A", "B"]) == [mq_all[0], mq_all[2]]
    assert strategy.allocate(G, "B", mq_all, ["A", "B"]) == [mq_all[1]]
    router = ConsistentHashRouter([_Named("A"), _Named("B")], 2, hash_function)
    assert router.route_node(repr(mq_all[2])).get_key() == "A"
    assert "A-0" in hash_function.asked and "B-1" in hash_function.asked


class _Named(Node):
    def __init__(self, key: str) -> None:
        self.key = key

    def get_key(self) -> str:
        return self.key


def test_consistent_hash_router_add_remove():
    router: ConsistentHashRouter[_Named] = ConsistentHashRouter(None, 3)
    assert router.route_node("anything") is None
    a, b = _Named("a"), _Named("b")
    router.add_node(a, 3)
    router.add_node(a, 2)  # replicas 3 and 4
    assert router.get_existing_replicas(a) == 5
    router.add_node(b, 4)
    assert router.get_existing_replicas(b) == 4
    router.remove_node(a)
    assert router.get_existing_replicas(a) == 0
    assert all(router.route_node("key-%d" % i) is b for i in range(50))
    with pytest.raises(ValueError):
        router.add_node(a, -1)
    with pytest.raises(ValueError):
        AllocateMessageQueueConsistentHash(-1)
