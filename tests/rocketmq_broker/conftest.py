"""Fixtures of the broker tests. As a conftest without ``__init__.py`` this module also puts
``tests/rocketmq_broker/`` on ``sys.path`` before the sub-directories are collected, so every broker test imports
its helpers by module name (``broker_support``, ``broker_process_support``).

``broker``: a broker on ``tmp_path`` with TopicTest (4 queues), shut down after the test (a test module may define
its own). ``client``: a :class:`broker_support.RawClient` connected to the test's ``broker``.
"""
from __future__ import annotations

import pytest

from broker_support import RawClient, broker_addr, create_topic, start_broker


@pytest.fixture
def broker(tmp_path):
    b = start_broker(tmp_path)
    create_topic(b, "TopicTest", 4)
    yield b
    b.shutdown()


@pytest.fixture
def client(broker):
    c = RawClient(broker_addr(broker))
    yield c
    c.close()
