"""Fixtures shared by every test package.

``embedded_cluster``: a started NameServer + broker-a on loopback, store in tmp_path; options come from
``@pytest.mark.embedded_cluster(brokers=2, broker_config={...}, ...)`` (the keyword arguments of
:class:`rocketmq_broker.embedded_cluster.EmbeddedCluster`).

``wait_until(predicate, timeout=10.0, message="...")``: :func:`waiting.wait_for` with a 10 s deadline, for state
that has no event to wait on.

``closing(client)``: registers a started producer or consumer to be shut down after the test (in reverse order)
and returns it.

The Python subprocesses the tests start (examples, mqadmin commands, servers...) share one bytecode cache, a
temporary ``PYTHONPYCACHEPREFIX`` removed at the end of the session: each would otherwise compile every module it
imports again (``PYTHONDONTWRITEBYTECODE`` is set on the CI machines).
"""
from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any, Callable, Iterator, List

import pytest
from waiting import wait_for

from rocketmq_broker.embedded_cluster import EmbeddedCluster, start_embedded_cluster


_PYCACHE_ENV = ("PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "embedded_cluster(**kwargs): options of the embedded_cluster fixture")
    config._subprocess_pycache_env = {name: os.environ.get(name) for name in _PYCACHE_ENV}  # type: ignore
    config._subprocess_pycache = tempfile.mkdtemp(prefix="rocketmq-test-pycache-")  # type: ignore
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = config._subprocess_pycache  # type: ignore


def pytest_unconfigure(config: pytest.Config) -> None:
    saved = getattr(config, "_subprocess_pycache_env", None)
    if saved is None:
        return
    shutil.rmtree(config._subprocess_pycache, ignore_errors=True)  # type: ignore
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture
def embedded_cluster(request: pytest.FixtureRequest, tmp_path) -> Iterator[EmbeddedCluster]:
    marker = request.node.get_closest_marker("embedded_cluster")
    kwargs = dict(marker.kwargs) if marker is not None else {}
    cluster = start_embedded_cluster(str(tmp_path / "cluster"), **kwargs)
    try:
        yield cluster
    finally:
        cluster.shutdown()


@pytest.fixture
def wait_until() -> Callable[..., None]:
    def wait(predicate: Callable[[], Any], timeout: float = 10.0, message: str = "condition") -> None:
        wait_for(predicate, timeout, message)

    return wait


@pytest.fixture
def closing() -> Iterator[Callable[[Any], Any]]:
    clients: List[Any] = []

    def register(client: Any) -> Any:
        clients.append(client)
        return client

    yield register
    for client in reversed(clients):
        client.shutdown()
