"""Fixtures of the interop tests, which run only with ``$ROCKETMQ_ANCHORS`` set to an anchors build (CI never
has one) and skip otherwise.

``anchors``: the build (:class:`interop_support.Anchors`). ``real_cluster``: a real 4.9.7 NameServer and broker
for the whole session; ``real_acl_cluster`` another, checking ACL, and ``real_tls_cluster`` one whose broker takes
TLS only. ``java_peer``: runs :file:`JavaPeer.java` (compiled once) as a subprocess: ``java_peer("produce",
namesrv_addr, topic, group, "10")`` returns a started :class:`interop_support.JavaProcess` (``tls=True``: with
``-Dtls.enable=true``).
"""
from __future__ import annotations

from typing import Callable, Iterator, List

import pytest
from interop_support import Anchors, JavaProcess, RealCluster, compile_java_peer, find_anchors


@pytest.fixture(scope="session")
def anchors() -> Anchors:
    found = find_anchors()
    if found is None:
        pytest.skip("no anchors build: set ROCKETMQ_ANCHORS to one (../shared/anchors/README.md)")
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
