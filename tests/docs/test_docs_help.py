"""``help()`` on the user-facing classes says what the class is, with an example and its options."""
from __future__ import annotations

import inspect
import pydoc
import re
import textwrap
from typing import Any, Dict, List

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.asyncio.async_lite_pull_consumer import AsyncLitePullConsumer
from rocketmq_client.asyncio.async_producer import AsyncProducer
from rocketmq_client.asyncio.async_push_consumer import AsyncPushConsumer
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.mq_pull_consumer_schedule_service import MQPullConsumerScheduleService
from rocketmq_client.opentelemetry.consume_message_open_telemetry_hook_impl import ConsumeMessageOpenTelemetryHookImpl
from rocketmq_client.opentelemetry.send_message_open_telemetry_hook_impl import SendMessageOpenTelemetryHookImpl
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.transaction_listener import TransactionListener
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_common.message.message import Message
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt


@pytest.mark.parametrize("cls, words", [
    (DefaultMQProducer, ["org.apache.rocketmq.client.producer.DefaultMQProducer", "producer.start()",
                         "send_msg_timeout", "the separator is ``;``"]),
    (DefaultMQPushConsumer, ["org.apache.rocketmq.client.consumer.DefaultMQPushConsumer",
                             "register_message_listener() comes before start()", "consume_thread_min"]),
    (EmbeddedCluster, ["brokers", "broker_config", "namesrv_addr", "auto_create_topic_enable"]),
    (DefaultLitePullConsumer, ["org.apache.rocketmq.client.consumer.DefaultLitePullConsumer", "consumer.poll()",
                               "auto_commit", "commit_sync", "poll_timeout_millis"]),
    (DefaultMQPullConsumer, ["org.apache.rocketmq.client.consumer.DefaultMQPullConsumer", "PullCallback",
                             "pull_block_if_not_found", "fetch_consume_offset"]),
    (TransactionMQProducer, ["org.apache.rocketmq.client.producer.TransactionMQProducer", "before start()",
                             "check_local_transaction", "check_thread_pool_max_size"]),
    (DefaultMQAdminExt, ["org.apache.rocketmq.tools.admin.DefaultMQAdminExt", "timeout_millis",
                         "fetch_all_topic_list"]),
    (AsyncProducer, ["await producer.send(", "send_msg_timeout", "enable_backpressure_for_async_mode"]),
    (AsyncPushConsumer, ["async def on_messages", "await consumer.start()", "consume_thread_max"]),
    (AsyncLitePullConsumer, ["async for msg in consumer", "await consumer.poll()", "poll_timeout_millis"]),
    (MQPullConsumerScheduleService, ["org.apache.rocketmq.client.consumer.MQPullConsumerScheduleService",
                                     "register_pull_task_callback", "set_pull_next_delay_time_millis"]),
    (SendMessageOpenTelemetryHookImpl, ["PRODUCER span", "pip install opentelemetry-sdk"]),
    (ConsumeMessageOpenTelemetryHookImpl, ["CONSUMER span", "pip install opentelemetry-sdk"]),
])
def test_class_docstrings_stand_alone(cls: type, words: list) -> None:
    text = pydoc.render_doc(cls, renderer=pydoc.plaintext)
    assert "See the module docstring" not in (cls.__doc__ or "")
    for word in words:
        assert word in text


def test_send_lists_its_forms() -> None:
    text = pydoc.render_doc(DefaultMQProducer.send, renderer=pydoc.plaintext)
    for form in ("send(msg[, timeout])", "send(msg, callback[, timeout])", "send(msg, mq[, timeout])",
                 "send(msg, selector, arg[, timeout])", "send(msg, selector, arg, callback[, timeout])"):
        assert form in text


def _example(cls: type) -> str:
    """The first ``::`` block of ``cls``'s docstring, as code."""
    doc = inspect.getdoc(cls) or ""
    block = re.search(r"::\n\n((?:(?: {4}.*)?\n)+)", doc + "\n")
    assert block, "%s has no example" % cls.__name__
    return textwrap.dedent(block.group(1))


@pytest.mark.parametrize("cls", [DefaultMQPullConsumer, DefaultLitePullConsumer, TransactionMQProducer,
                                 DefaultMQAdminExt], ids=lambda cls: cls.__name__)
def test_class_examples_run_on_an_embedded_cluster(cls: type, embedded_cluster: EmbeddedCluster) -> None:
    """The example of each class docstring runs as written, with only the address and topic made this test's."""
    embedded_cluster.create_topic("MyTopic", 2)
    with DefaultMQProducer("doc_example_seed", namesrv_addr=embedded_cluster.namesrv_addr) as seed:
        seed.send(Message("MyTopic", b"first"))
    code = _example(cls).replace("127.0.0.1:9876", embedded_cluster.namesrv_addr)
    printed: List[str] = []
    names: Dict[str, Any] = {"print": lambda *args: printed.append(" ".join(map(str, args))), "Message": Message,
                             "TransactionListener": TransactionListener,
                             "LocalTransactionState": LocalTransactionState, cls.__name__: cls}
    exec(compile(code, "%s example" % cls.__name__, "exec"), names)
    if cls is DefaultMQAdminExt:
        assert "MyTopic" in printed[0] and embedded_cluster.broker_addr in printed[1]
    elif cls is TransactionMQProducer:
        assert names["result"].get_local_transaction_state() is LocalTransactionState.COMMIT_MESSAGE
    elif cls is DefaultMQPullConsumer:
        assert names["result"].get_pull_status() is not None
