"""Fixtures of the ACL tests.

``acl_file``: ``plain_acl.yml`` in tmp_path with the accounts of ``acl_support`` (write another text with
``acl_file.write_text``). ``acl_cluster``: a started EmbeddedCluster whose broker has ``acl_enable`` on that file
and topics AclTopic / SubOnlyTopic (4 queues each); ``start_acl_cluster(**broker_config)`` starts one with
more broker settings. ``raw_client(hook=None)``: a started NettyRemotingClient with
the hook registered. ``wait_until`` comes from ``tests/conftest.py``.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator, List, Optional

import pytest

from acl_support import ACL_YAML, TOPICS
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.rpc_hook import RPCHook


@pytest.fixture
def acl_file(tmp_path):
    path = tmp_path / "conf" / "plain_acl.yml"
    path.parent.mkdir()
    path.write_text(ACL_YAML)
    return path


@pytest.fixture
def start_acl_cluster(tmp_path, acl_file) -> Iterator[Callable[..., EmbeddedCluster]]:
    """``start_acl_cluster(**broker_config)``: a started ACL cluster with more broker settings."""
    made: List[EmbeddedCluster] = []

    def start(**broker_config: Any) -> EmbeddedCluster:
        cluster = EmbeddedCluster(str(tmp_path / ("cluster%d" % len(made))),
                                  broker_config=dict(broker_config, acl_enable=True, acl_plain_file=str(acl_file)))
        made.append(cluster)
        cluster.start()
        for topic in TOPICS:
            cluster.create_topic(topic)
        return cluster

    yield start
    for cluster in made:
        cluster.shutdown()


@pytest.fixture
def acl_cluster(start_acl_cluster) -> EmbeddedCluster:
    return start_acl_cluster()


@pytest.fixture
def raw_client() -> Iterator[Callable[[Optional[RPCHook]], NettyRemotingClient]]:
    made: List[NettyRemotingClient] = []

    def make(hook: Optional[RPCHook] = None) -> NettyRemotingClient:
        client = NettyRemotingClient()
        client.register_rpc_hook(hook)
        client.start()
        made.append(client)
        return client

    yield make
    for client in made:
        client.shutdown()
