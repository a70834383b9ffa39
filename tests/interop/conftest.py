"""Fixtures of the interop tests, which run only with ``$ROCKETMQ_ANCHORS`` (4.9.7) or ``$ROCKETMQ_ANCHORS5``
(5.3.3) set to an anchors build (CI never has one) and skip otherwise.

``anchors``: the build (:class:`interop_support.Anchors`). ``real_cluster``: a real 4.9.7 NameServer and broker
for the whole session; ``real_acl_cluster`` another, checking ACL, and ``real_tls_cluster`` one whose broker takes
TLS only. ``java_peer``: runs :file:`JavaPeer.java` (compiled once) as a subprocess: ``java_peer("produce",
namesrv_addr, topic, group, "10")`` returns a started :class:`interop_support.JavaProcess` (``tls=True``: with
``-Dtls.enable=true``).

``anchors5``, ``real5_cluster`` and ``java5_peer``: the same for 5.3.3 (the broker with ``timerWheelEnable`` and
``recallMessageEnable``); ``java5_peer.run_class("JavaX.java", "Main", ...)`` runs a Java file of this folder
compiled (once a session) against the 5.3.3 client.
"""
from __future__ import annotations

from typing import Callable, Dict, Iterator, List

import pytest
from interop_support import (
    Anchors, JavaPeers, JavaProcess, RealCluster, compile_java_peer, find_anchors, find_anchors5)


@pytest.fixture(scope="session")
def anchors() -> Anchors:
    found = find_anchors()
    if found is None:
        pytest.skip("no RocketMQ 4.9.7 build: set ROCKETMQ_ANCHORS to one (docs/interop.md)")
    return found


@pytest.fixture(scope="session")
def anchors5() -> Anchors:
    found = find_anchors5()
    if found is None:
        pytest.skip("no RocketMQ 5.3.3 build: set ROCKETMQ_ANCHORS5 to one (docs/interop.md)")
    return found


def _running(cluster: RealCluster) -> Iterator[RealCluster]:
    """``cluster`` for a fixture to yield, stopped once it is done with."""
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def real_cluster(anchors: Anchors, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealCluster]:
    yield from _running(RealCluster(anchors, str(tmp_path_factory.mktemp("real-cluster"))))


#: the accounts of ``real_acl_cluster``: an admin, and one that may only publish to and subscribe from AclTopic
PLAIN_ACL = """globalWhiteRemoteAddresses:
accounts:
  - accessKey: InteropAdmin
    secretKey: interop-admin-secret
    whiteRemoteAddress:
    admin: true
  - accessKey: InteropLimited
    secretKey: interop-limited-secret
    whiteRemoteAddress:
    admin: false
    defaultTopicPerm: DENY
    defaultGroupPerm: SUB
    topicPerms:
      - AclTopic=PUB|SUB
"""


@pytest.fixture(scope="session")
def real_acl_cluster(anchors: Anchors, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealCluster]:
    """A real 4.9.7 NameServer and broker with ``aclEnable`` and the accounts of :data:`PLAIN_ACL`."""
    yield from _running(RealCluster(anchors, str(tmp_path_factory.mktemp("real-acl-cluster")), acl=PLAIN_ACL))


@pytest.fixture(scope="session")
def real_tls_cluster(anchors: Anchors, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealCluster]:
    """A real 4.9.7 NameServer and a broker that takes TLS connections only."""
    yield from _running(RealCluster(anchors, str(tmp_path_factory.mktemp("real-tls-cluster")), tls=True))


@pytest.fixture(scope="session")
def real5_cluster(anchors5: Anchors, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealCluster]:
    """A real 5.3.3 NameServer and broker (timer wheel and recall on) for the whole session."""
    yield from _running(RealCluster(anchors5, str(tmp_path_factory.mktemp("real5-cluster"))))


@pytest.fixture(params=["4.9.7", "5.3.3"])
def real_broker(request: pytest.FixtureRequest) -> RealCluster:
    """``real_cluster``, then ``real5_cluster``: a test of our client on a real broker runs against each build
    there is (and skips for a missing one)."""
    return request.getfixturevalue("real_cluster" if request.param == "4.9.7" else "real5_cluster")


@pytest.fixture(scope="session")
def _java5_compiled(anchors5: Anchors) -> Dict[str, str]:
    return {}


@pytest.fixture
def java5_peer(anchors5: Anchors, _java5_compiled: Dict[str, str], tmp_path) -> Iterator[JavaPeers]:
    peers = JavaPeers(anchors5, str(tmp_path), _java5_compiled)
    yield peers
    peers.stop()


@pytest.fixture(scope="session")
def java_peer_class_path(anchors: Anchors, tmp_path_factory: pytest.TempPathFactory) -> str:
    return compile_java_peer(anchors, str(tmp_path_factory.mktemp("java-peer")))


@pytest.fixture
def java_peer(anchors: Anchors, java_peer_class_path: str, tmp_path) -> Iterator[Callable[..., JavaProcess]]:
    started: List[JavaProcess] = []

    def run(*args: str, tls: bool = False) -> JavaProcess:
        peer = JavaProcess(anchors, str(tmp_path), "java-peer-%d" % len(started), "JavaPeer", list(args),
                           class_path=java_peer_class_path, system_properties=["-Dtls.enable=true"] if tls else None)
        started.append(peer)
        return peer

    yield run
    for peer in started:
        peer.stop()
