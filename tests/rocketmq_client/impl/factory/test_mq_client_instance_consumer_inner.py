"""MQClientInstance reaches its consumers through the MQConsumerInner interface only (Java casts to the push and
pull consumer impls): adjust_thread_pool, get_offset_store and get_consume_message_service, whatever the class of
the consumer, and the pull consumers answer them without a consume pool or listener."""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult


class _OffsetStore:
    def __init__(self, offsets: Dict[MessageQueue, int]) -> None:
        self.offsets = offsets
        self.asked: List[str] = []

    def clone_offset_table(self, topic: str) -> Dict[MessageQueue, int]:
        self.asked.append(topic)
        return {mq: offset for mq, offset in self.offsets.items() if mq.get_topic() == topic}


class _ConsumeService:
    def __init__(self) -> None:
        self.messages: List[Tuple[MessageExt, Optional[str]]] = []

    def consume_message_directly(self, msg: MessageExt, broker_name: Optional[str]) -> ConsumeMessageDirectlyResult:
        self.messages.append((msg, broker_name))
        result = ConsumeMessageDirectlyResult()
        result.set_remark("consumed by the probe")
        return result


def _probe_consumer(recording_consumer, group: str):
    """A consumer impl of no class the instance knows by name: it is reached through the interface."""

    class ProbeConsumer(recording_consumer):
        def __init__(self) -> None:
            super().__init__(group, "ProbeTopic")
            self.adjusted = 0
            self.store = _OffsetStore({MessageQueue("ProbeTopic", "broker-a", 0): 7,
                                       MessageQueue("OtherTopic", "broker-a", 0): 9})
            self.service = _ConsumeService()

        def adjust_thread_pool(self) -> None:
            self.adjusted += 1

        def get_offset_store(self) -> _OffsetStore:
            return self.store

        def get_consume_message_service(self) -> _ConsumeService:
            return self.service

    return ProbeConsumer()


def test_the_instance_calls_its_consumers_through_the_interface(client_config, client_instance, recording_consumer):
    instance = client_instance(client_config, start=False)
    probe = _probe_consumer(recording_consumer, "ProbeCG")
    assert instance.register_consumer("ProbeCG", probe)

    instance.adjust_thread_pool()
    assert probe.adjusted == 1

    assert instance.get_consumer_status("ProbeTopic", "ProbeCG") == {MessageQueue("ProbeTopic", "broker-a", 0): 7}
    assert probe.store.asked == ["ProbeTopic"]
    assert instance.get_consumer_status("ProbeTopic", "NoSuchCG") == {}

    msg = MessageExt()
    msg.set_topic("ProbeTopic")
    result = instance.consume_message_directly(msg, "ProbeCG", "broker-a")
    assert result is not None and result.get_remark() == "consumed by the probe"
    assert probe.service.messages == [(msg, "broker-a")]
    assert instance.consume_message_directly(msg, "NoSuchCG", "broker-a") is None


def test_pull_consumers_have_no_consume_pool_nor_listener(client_config, client_instance):
    instance = client_instance(client_config, start=False)
    pull_impl = DefaultMQPullConsumer("InnerPullCG").default_mq_pull_consumer_impl
    lite_impl = DefaultLitePullConsumer("InnerLiteCG").default_lite_pull_consumer_impl
    assert instance.register_consumer("InnerPullCG", pull_impl)
    assert instance.register_consumer("InnerLiteCG", lite_impl)

    instance.adjust_thread_pool()  # nothing to resize, nothing raised
    msg = MessageExt()
    msg.set_topic("InnerTopic")
    for group in ("InnerPullCG", "InnerLiteCG"):
        assert instance.consume_message_directly(msg, group, "broker-a") is None
        # not started: no offset store yet
        assert instance.get_consumer_status("InnerTopic", group) == {}
