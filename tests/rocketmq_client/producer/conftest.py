"""Fixtures of the producer tests (``embedded_cluster`` and ``wait_until`` come from the parent conftest).

``new_producer(group=None, cls=DefaultMQProducer, start=True, **settings)``: a producer pointed at the cluster,
with a unique group unless given and the settings applied through their setters; every producer made is shut
down after the test.
"""
from __future__ import annotations

import itertools
from typing import Any, Callable, Iterator, List, Optional

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer

_groups = itertools.count()


@pytest.fixture
def new_producer(embedded_cluster: EmbeddedCluster) -> Iterator[Callable[..., DefaultMQProducer]]:
    made: List[DefaultMQProducer] = []

    def make(group: Optional[str] = None, cls: Any = DefaultMQProducer, start: bool = True,
             namespace: Optional[str] = None, **settings: Any) -> DefaultMQProducer:
        producer = cls("PG_%d" % next(_groups) if group is None else group, namespace=namespace)
        producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
        for name, value in settings.items():
            getattr(producer, "set_" + name)(value)
        made.append(producer)
        if start:
            producer.start()
        return producer

    yield make
    for producer in made:
        producer.shutdown()
