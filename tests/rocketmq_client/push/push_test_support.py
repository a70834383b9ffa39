"""Helpers of the push consumer tests (imported by module name; the test directory is on sys.path): a recording
listener, topic creation, reading what a broker stored, waiting with a deadline."""
from __future__ import annotations

import threading
from typing import Any, Callable, Dict, List, Optional, Tuple

from rocketmq_broker.broker_controller import BrokerController
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.topic_config import TopicConfig
from store_reading import stored_messages
from waiting import wait_for

#: name prefixes of every thread a client (consumer, its instance and inner producer) starts
CLIENT_THREAD_PREFIXES = ("ConsumeMessageThread_", "ConsumeMessageScheduledThread_", "CleanExpireMsgScheduledThread_",
                          "PullMessageService", "RebalanceService", "MQClientFactoryScheduledThread", "NettyClient",
                          "ClientHouseKeepingService", "AsyncSenderExecutor_")

__all__ = ["CLIENT_THREAD_PREFIXES", "wait_for", "Recorder", "create_topic", "stored_messages", "consumer_offsets"]


class Recorder:
    """A listener (concurrent by default) recording every message it gets with the thread and the context;
    ``decide(msg)`` (optional) returns the status of each call (its first message decides)."""

    def __init__(self, decide: Optional[Callable[[MessageExt], Any]] = None, orderly: bool = False) -> None:
        self.decide = decide
        self.orderly = orderly
        self.msgs: List[MessageExt] = []
        #: each message's reconsume times when it was delivered (orderly redelivers the same object)
        self.reconsume_times: List[int] = []
        self.calls: List[Tuple[List[MessageExt], Any, str]] = []
        self.cond = threading.Condition()

    def __call__(self, msgs: List[MessageExt], context: Any) -> Any:
        status = self.decide(msgs[0]) if self.decide is not None else None
        with self.cond:
            self.msgs.extend(msgs)
            self.reconsume_times.extend(m.get_reconsume_times() for m in msgs)
            self.calls.append((list(msgs), context, threading.current_thread().name))
            self.cond.notify_all()
        if status is not None:
            return status
        return ConsumeOrderlyStatus.SUCCESS if self.orderly else ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def reconsume_times_of(self, body: bytes) -> List[int]:
        """The reconsume times of every delivery of ``body``."""
        with self.cond:
            return [t for m, t in zip(self.msgs, self.reconsume_times) if m.get_body() == body]

    def bodies(self) -> List[bytes]:
        with self.cond:
            return [m.get_body() for m in self.msgs]

    def wait_count(self, count: int, timeout: float = 20.0) -> List[MessageExt]:
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.msgs) >= count, timeout):
                raise AssertionError("got %d of %d messages in %.1f s" % (len(self.msgs), count, timeout))
            return list(self.msgs)

    def wait_bodies(self, bodies: set, timeout: float = 20.0) -> None:
        """Wait until every body of ``bodies`` was received at least once."""
        with self.cond:
            if not self.cond.wait_for(lambda: bodies <= {m.get_body() for m in self.msgs}, timeout):
                missing = bodies - {m.get_body() for m in self.msgs}
                raise AssertionError("%d bodies never received, e.g. %r" % (len(missing), sorted(missing)[:5]))


def create_topic(controller: BrokerController, topic: str, queues: int = 8, order: bool = False) -> None:
    """Create ``topic`` with ``queues`` read/write queues on ``controller`` and register it with the NameServer."""
    config = TopicConfig(topic, queues, queues, 6)
    config.set_order(order)
    controller.get_topic_config_manager().update_topic_config(config)
    controller.register_broker_all(True, False, True)


def consumer_offsets(controller: BrokerController, group: str, topic: str) -> Dict[int, int]:
    """The consume offsets the broker holds for ``group`` on ``topic`` by queue id."""
    return dict(controller.get_consumer_offset_manager().query_offset_table(group, topic) or {})
