"""POP consumption (issue 30) of our push consumer on the embedded broker: the scenarios of :mod:`pop_scenarios`
(the same ones ``tests/interop/test_pop5.py`` runs on the real 5.3.3 broker)."""
from __future__ import annotations

from typing import Iterator

import pytest
from pop_scenarios import PopScenario

from rocketmq_broker.embedded_cluster import EmbeddedCluster

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def scenario(embedded_cluster: EmbeddedCluster) -> Iterator[PopScenario]:
    s = PopScenario(embedded_cluster)
    try:
        yield s
    finally:
        s.close()


def test_four_consumers_share_two_queues(scenario: PopScenario) -> None:
    scenario.four_consumers_share_two_queues()


def test_reconsume_later_redelivers(scenario: PopScenario) -> None:
    scenario.reconsume_later_redelivers()


def test_killed_consumer_messages_reach_another(scenario: PopScenario) -> None:
    scenario.killed_consumer_messages_reach_another()


def test_switch_pull_pop_pull_keeps_progress(scenario: PopScenario) -> None:
    scenario.switch_pull_pop_pull_keeps_progress()
