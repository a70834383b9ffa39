"""Fixtures shared by every test package.

``embedded_cluster``: a started NameServer + broker-a on loopback, store in tmp_path; options come from
``@pytest.mark.embedded_cluster(brokers=2, broker_config={...}, ...)`` (the keyword arguments of
:class:`rocketmq_broker.embedded_cluster.EmbeddedCluster`).
"""
from __future__ import annotations

from typing import Iterator

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster, start_embedded_cluster


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "embedded_cluster(**kwargs): options of the embedded_cluster fixture")


@pytest.fixture
def embedded_cluster(request: pytest.FixtureRequest, tmp_path) -> Iterator[EmbeddedCluster]:
    marker = request.node.get_closest_marker("embedded_cluster")
    kwargs = dict(marker.kwargs) if marker is not None else {}
    cluster = start_embedded_cluster(str(tmp_path / "cluster"), **kwargs)
    try:
        yield cluster
    finally:
        cluster.shutdown()
