"""Fixtures of the store tests. As a conftest without ``__init__.py`` it also puts ``tests/rocketmq_broker/store/``
on ``sys.path``, so the tests here and in ``config/``, ``index/`` and ``schedule/`` import ``store_support`` by name.

``store``: a started DefaultMessageStore on ``tmp_path`` with the test defaults of ``store_support.make_config``,
shut down after the test.
"""
from __future__ import annotations

import pytest

from store_support import make_config, open_store


@pytest.fixture
def store(tmp_path):
    s = open_store(make_config(tmp_path))
    yield s
    s.shutdown()
