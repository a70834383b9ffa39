"""POP consumption (issue 30) of our push consumer on the embedded broker: the scenarios of :mod:`pop_scenarios`
(the same ones ``tests/interop/test_pop5.py`` runs on the real 5.3.3 broker)."""
from __future__ import annotations

import logging
from typing import Any, Iterator, List

import pytest
from pop_scenarios import PopCollector, PopScenario, unique
from waiting import wait_for

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.consumer.listener.message_listener import FunctionMessageListenerOrderly
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.protocol.heartbeat.message_model import MessageModel

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


@pytest.mark.parametrize("kind", ["orderly", "broadcasting"])
def test_client_rebalance_false_without_pop_says_so_and_pulls(scenario: PopScenario, kind: str, caplog) -> None:
    """Java 5.3.3 has no POP for an orderly or a broadcasting consumer (``RebalancePushImpl.clientRebalance``):
    ``client_rebalance`` False is ignored, which the start says in one line; the consumer pulls every message."""
    topic = scenario.topic()
    group = unique("PopNoEffect")
    scenario.set_mode(topic, group, MessageRequestMode.POP)
    got: List[bytes] = []
    if kind == "orderly":
        listener: Any = FunctionMessageListenerOrderly(
            lambda msgs, context: got.extend(m.get_body() for m in msgs) or ConsumeOrderlyStatus.SUCCESS)
        config = {}
    else:
        listener = lambda msgs, context: got.extend(m.get_body() for m in msgs) or \
            ConsumeConcurrentlyStatus.CONSUME_SUCCESS  # noqa: E731
        config = {"message_model": MessageModel.BROADCASTING}
    with caplog.at_level(logging.INFO, logger="rocketmq_client.impl.consumer.default_mq_push_consumer_impl"):
        scenario.consumer(topic, group, listener, **config)
    line, = [r for r in caplog.records if "client_rebalance False has no effect" in r.getMessage()]
    assert kind in line.getMessage() and line.levelno == logging.INFO and line.exc_info is None
    scenario.send(topic, [b"a", b"b", b"c"])
    wait_for(lambda: sorted(got) == [b"a", b"b", b"c"], 30, "the pulled messages")


def test_concurrent_pop_consumer_does_not_say_it(scenario: PopScenario, caplog) -> None:
    topic = scenario.topic()
    with caplog.at_level(logging.INFO, logger="rocketmq_client.impl.consumer.default_mq_push_consumer_impl"):
        scenario.consumer(topic, unique("PopSays"), PopCollector())
    assert not [r for r in caplog.records if "client_rebalance False has no effect" in r.getMessage()]


@pytest.mark.embedded_cluster(message_store_config={"timer_wheel_enable": False})
def test_pop_consumer_on_a_broker_without_the_timer_wheel_is_told_the_next_step(scenario: PopScenario,
                                                                                caplog) -> None:
    """The broker refuses pops without its timer wheel (Java's SYSTEM_ERROR): the consumer's warning carries the
    broker's remark with how to enable it or to read the group by PULL, without a traceback."""
    topic = scenario.topic()
    group = unique("PopNoTimer")
    scenario.set_mode(topic, group, MessageRequestMode.POP)
    with caplog.at_level(logging.WARNING, logger="rocketmq_client.impl.consumer.push_pop_callback"):
        scenario.consumer(topic, group, PopCollector())
        # the consumer's line (the broker's revive service logs the same words, sometimes first)
        line = wait_for(lambda: next((r for r in caplog.records if r.name == "rocketmq_client.impl.consumer."
                                      "push_pop_callback" and "timerWheelEnable is false" in r.getMessage()),
                                     None), 30, "the pop refusal's warning")
    assert "timer_wheel_enable" in line.getMessage() and "setConsumeMode -m PULL" in line.getMessage()
    assert line.levelno == logging.WARNING and line.exc_info is None
