"""Helpers of the message trace and namespace tests (imported by module name; the test directory is on sys.path):
topic creation, what a broker stored, trace records decoded from a trace topic, trace threads."""
from __future__ import annotations

import threading
from typing import List, Tuple

from rocketmq_broker.broker_controller import BrokerController
from rocketmq_client.trace.async_trace_dispatcher import AsyncTraceDispatcher
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_data_encoder import TraceDataEncoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.topic_config import TopicConfig
from store_reading import stored_messages

__all__ = ["create_topic", "stored_messages", "trace_records", "trace_threads_alive"]


def create_topic(controller: BrokerController, topic: str, queues: int = 4) -> None:
    """Create ``topic`` with ``queues`` read/write queues on ``controller`` and register it with the NameServer."""
    controller.get_topic_config_manager().update_topic_config(TopicConfig(topic, queues, queues, 6))
    controller.register_broker_all(True, False, True)


def trace_records(controller: BrokerController, topic: str) -> List[Tuple[MessageExt, TraceContext]]:
    """Every trace record stored in ``topic``, with the trace message that carried it."""
    return [(msg, ctx) for msg in stored_messages(controller, topic)
            for ctx in TraceDataEncoder.decoder_from_trace_data_string(msg.get_body().decode("utf-8"))]


def trace_threads_alive(dispatcher: AsyncTraceDispatcher) -> List[str]:
    """The names of the dispatcher's threads still running (worker and send pool)."""
    names = [t.name for t in threading.enumerate() if t.is_alive()]
    alive = [n for n in names if n == "MQ-AsyncTraceDispatcher-Thread-" + dispatcher.dispatcher_id]
    if not dispatcher.trace_executor.is_terminated():
        alive.append("MQTraceSendThread_ pool of %s" % dispatcher.dispatcher_id)
    return alive
