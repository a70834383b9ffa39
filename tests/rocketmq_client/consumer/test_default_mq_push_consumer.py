"""DefaultMQPushConsumer without a cluster: Java's defaults and accessors, checkConfig's rules and messages,
listener registration, subscriptions and the listener package."""
from __future__ import annotations

import time

import pytest

from rocketmq_client.client_config import ClientConfig
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_context import ConsumeConcurrentlyContext
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_context import ConsumeOrderlyContext
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.consumer.listener.consume_return_type import ConsumeReturnType
from rocketmq_client.consumer.listener.message_listener import (FunctionMessageListenerConcurrently,
                                                                FunctionMessageListenerOrderly, MessageListener,
                                                                MessageListenerConcurrently, MessageListenerOrderly)
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_client.exception import MQClientException
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.service_state import ServiceState
from rocketmq_common.util_all import UtilAll


def _consumer(**settings) -> DefaultMQPushConsumer:
    consumer = DefaultMQPushConsumer("ConfigGroup")
    consumer.register_message_listener(lambda msgs, context: ConsumeConcurrentlyStatus.CONSUME_SUCCESS)
    for name, value in settings.items():
        setattr(consumer, name, value)  # the attribute itself: setters refuse some of these values
    return consumer


def test_java_defaults() -> None:
    before = int(time.time() * 1000) - 30 * 60 * 1000
    consumer = DefaultMQPushConsumer()
    after = int(time.time() * 1000) - 30 * 60 * 1000
    assert isinstance(consumer, ClientConfig)
    assert consumer.get_consumer_group() == MixAll.DEFAULT_CONSUMER_GROUP
    assert consumer.get_message_model() is MessageModel.CLUSTERING
    assert consumer.get_consume_from_where() is ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET
    stamp = UtilAll.parse_date(consumer.get_consume_timestamp(), UtilAll.YYYYMMDDHHMMSS)
    assert before - 1000 <= stamp <= after
    assert isinstance(consumer.get_allocate_message_queue_strategy(), AllocateMessageQueueAveragely)
    assert consumer.get_subscription() == {}
    assert consumer.get_message_listener() is None and consumer.get_offset_store() is None
    assert (consumer.get_consume_thread_min(), consumer.get_consume_thread_max()) == (20, 20)
    assert consumer.get_adjust_thread_pool_nums_threshold() == 100000
    assert consumer.get_consume_concurrently_max_span() == 2000
    assert consumer.get_pull_threshold_for_queue() == 1000
    assert consumer.get_pull_threshold_size_for_queue() == 100
    assert consumer.get_pull_threshold_for_topic() == -1
    assert consumer.get_pull_threshold_size_for_topic() == -1
    assert consumer.get_pull_interval() == 0
    assert consumer.get_consume_message_batch_max_size() == 1
    assert consumer.get_pull_batch_size() == 32
    assert consumer.is_post_subscription_when_pull() is False
    assert consumer.is_unit_mode() is False
    assert consumer.get_max_reconsume_times() == -1
    assert consumer.get_suspend_current_queue_time_millis() == 1000
    assert consumer.get_consume_timeout() == 15
    assert consumer.get_await_termination_millis_when_shutdown() == 0
    assert consumer.get_pull_time_delay_mills_when_exception() == 1000
    assert consumer.get_trace_dispatcher() is None
    impl = consumer.get_default_mq_push_consumer_impl()
    assert impl.get_default_mq_push_consumer() is consumer
    assert impl.get_service_state() is ServiceState.CREATE_JUST
    assert impl.pull_time_delay_mills_when_exception == 1000
    # every consumer gets its own strategy instance and subscription map, like Java's field initialisers
    other = DefaultMQPushConsumer("Other")
    assert other.get_allocate_message_queue_strategy() is not consumer.get_allocate_message_queue_strategy()
    assert other.get_subscription() is not consumer.get_subscription()


def test_constructor_forms() -> None:
    strategy = AllocateMessageQueueAveragely()
    consumer = DefaultMQPushConsumer("G", None, strategy, namespace="ns")
    assert consumer.get_allocate_message_queue_strategy() is strategy
    assert consumer.get_namespace() == "ns"
    with pytest.raises(TypeError, match="namespace="):
        DefaultMQPushConsumer("ns", "G")  # Java's (namespace, group) form is spelled with namespace= here


def test_set_subscription_wraps_topics_with_namespace() -> None:
    consumer = DefaultMQPushConsumer("G", namespace="ns")
    consumer.set_subscription({"T1": "TagA", "T2": "*"})
    assert consumer.get_subscription() == {"ns%T1": "TagA", "ns%T2": "*"}
    with pytest.raises(TypeError, match="subscription must be a dict"):
        consumer.set_subscription(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("setting, value, message", [
    ("consumer_group", "bad group!", r"the specified group\[bad group!\] contains illegal characters"),
    ("consumer_group", MixAll.DEFAULT_CONSUMER_GROUP, "consumerGroup can not equal DEFAULT_CONSUMER, please "
                                                      "specify another one."),
    ("message_model", None, "messageModel is null"),
    ("consume_from_where", None, "consumeFromWhere is null"),
    ("consume_timestamp", "2023-01-01", "consumeTimestamp is invalid, the valid format is yyyyMMddHHmmss,but "
                                        "received 2023-01-01"),
    ("allocate_message_queue_strategy", None, "allocateMessageQueueStrategy is null"),
    ("subscription", None, "subscription is null"),
    ("consume_thread_min", 0, r"consumeThreadMin Out of range \[1, 1000\]"),
    ("consume_thread_max", 1001, r"consumeThreadMax Out of range \[1, 1000\]"),
    ("consume_thread_min", 21, r"consumeThreadMin \(21\) is larger than consumeThreadMax \(20\)"),
    ("consume_concurrently_max_span", 65536, r"consumeConcurrentlyMaxSpan Out of range \[1, 65535\]"),
    ("pull_threshold_for_queue", 0, r"pullThresholdForQueue Out of range \[1, 65535\]"),
    ("pull_threshold_for_topic", 0, r"pullThresholdForTopic Out of range \[1, 6553500\]"),
    ("pull_threshold_size_for_queue", 1025, r"pullThresholdSizeForQueue Out of range \[1, 1024\]"),
    ("pull_threshold_size_for_topic", 102401, r"pullThresholdSizeForTopic Out of range \[1, 102400\]"),
    ("pull_interval", 65536, r"pullInterval Out of range \[0, 65535\]"),
    ("consume_message_batch_max_size", 0, r"consumeMessageBatchMaxSize Out of range \[1, 1024\]"),
    ("pull_batch_size", 1025, r"pullBatchSize Out of range \[1, 1024\]"),
    ("pop_invisible_time", 4999, r"popInvisibleTime Out of range \[5000, 300000\]"),
    ("pop_invisible_time", 300001, r"popInvisibleTime Out of range \[5000, 300000\]"),
    ("pop_batch_nums", 33, r"popBatchNums Out of range \[1, 32\]"),
])
def test_check_config_rules(setting: str, value, message: str) -> None:
    consumer = _consumer(**{setting: value})
    with pytest.raises(MQClientException, match=message):
        consumer.get_default_mq_push_consumer_impl().check_config()


def test_check_config_accepts_the_bounds() -> None:
    consumer = _consumer(consume_thread_min=1, consume_thread_max=1000, consume_concurrently_max_span=65535,
                         pull_threshold_for_queue=65535, pull_threshold_for_topic=6553500,
                         pull_threshold_size_for_queue=1024, pull_threshold_size_for_topic=102400, pull_interval=0,
                         consume_message_batch_max_size=1024, pull_batch_size=1024, pop_invisible_time=5000,
                         pop_batch_nums=32)
    consumer.get_default_mq_push_consumer_impl().check_config()


def test_check_config_listener_rules() -> None:
    consumer = DefaultMQPushConsumer("G")
    with pytest.raises(MQClientException, match="messageListener is null"):
        consumer.get_default_mq_push_consumer_impl().check_config()
    consumer.register_message_listener(MessageListener())
    with pytest.raises(MQClientException, match="messageListener must be instanceof MessageListenerOrderly or "
                                                "MessageListenerConcurrently"):
        consumer.get_default_mq_push_consumer_impl().check_config()


def test_register_message_listener_forms() -> None:
    consumer = DefaultMQPushConsumer("G")

    def fn(msgs, context):
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(fn)
    listener = consumer.get_message_listener()
    assert isinstance(listener, FunctionMessageListenerConcurrently) and listener.fn is fn
    assert consumer.get_default_mq_push_consumer_impl().get_message_listener_inner() is listener
    consumer.register_message_listener(fn, orderly=True)
    assert isinstance(consumer.get_message_listener(), FunctionMessageListenerOrderly)

    class Orderly(MessageListenerOrderly):
        def consume_message(self, msgs, context):
            return ConsumeOrderlyStatus.SUCCESS

    orderly = Orderly()
    consumer.register_message_listener(orderly)
    assert consumer.get_message_listener() is orderly
    consumer.register_message_listener(orderly, orderly=True)
    with pytest.raises(TypeError, match="orderly=True needs a MessageListenerOrderly"):
        consumer.register_message_listener(FunctionMessageListenerConcurrently(fn), orderly=True)
    with pytest.raises(TypeError, match="must be a MessageListenerConcurrently"):
        consumer.register_message_listener(42)  # type: ignore[arg-type]


def test_abstract_listeners_raise() -> None:
    with pytest.raises(NotImplementedError):
        MessageListenerConcurrently().consume_message([], ConsumeConcurrentlyContext(None))
    with pytest.raises(NotImplementedError):
        MessageListenerOrderly().consume_message([], ConsumeOrderlyContext(None))


def test_subscribe_forms() -> None:
    consumer = DefaultMQPushConsumer("G", namespace="ns")
    impl = consumer.get_default_mq_push_consumer_impl()
    consumer.subscribe("T1", "TagA || TagB")
    consumer.subscribe("T2")
    consumer.subscribe("T3", MessageSelector.by_sql("a > 5"))
    consumer.subscribe("T4", MessageSelector.by_tag("TagC"))
    consumer.subscribe("T5", "com.example.Filter", "class source")
    subs = impl.get_subscription_inner()
    assert set(subs) == {"ns%T1", "ns%T2", "ns%T3", "ns%T4", "ns%T5"}
    assert subs["ns%T1"].tags_set == {"TagA", "TagB"}
    assert subs["ns%T1"].code_set == {UtilAll.string_hash_code("TagA"), UtilAll.string_hash_code("TagB")}
    assert subs["ns%T1"].sub_string == "TagA || TagB"
    assert subs["ns%T2"].sub_string == "*" and not subs["ns%T2"].tags_set
    assert (subs["ns%T3"].expression_type, subs["ns%T3"].sub_string) == (ExpressionType.SQL92, "a > 5")
    assert subs["ns%T4"].tags_set == {"TagC"} and subs["ns%T4"].expression_type == ExpressionType.TAG
    assert subs["ns%T5"].class_filter_mode and subs["ns%T5"].sub_string == "com.example.Filter"
    assert subs["ns%T5"].get_filter_class_source() == "class source"
    consumer.unsubscribe("ns%T2")  # Java's unsubscribe takes the topic as is
    assert "ns%T2" not in subs
    with pytest.raises(MQClientException, match="subscription exception"):
        consumer.subscribe("T6", "||")
    with pytest.raises(MQClientException, match="subscription exception"):
        consumer.subscribe("T7", MessageSelector.by_sql(""))
    with pytest.raises(TypeError):
        consumer.subscribe("T8", 42)  # type: ignore[arg-type]
    consumer.subscribe("T9", None)  # None selects everything
    assert subs["ns%T9"].sub_string == "*"


def test_message_selector_and_listener_values() -> None:
    sql = MessageSelector.by_sql("a IS NOT NULL")
    assert (sql.get_expression_type(), sql.get_expression()) == ("SQL92", "a IS NOT NULL")
    tag = MessageSelector.by_tag(None)
    assert (tag.get_expression_type(), tag.get_expression()) == ("TAG", None)
    assert repr(sql) == "MessageSelector [type=SQL92, expression=a IS NOT NULL]"
    mq = MessageQueue("T", "b", 1)
    context = ConsumeConcurrentlyContext(mq)
    assert context.get_message_queue() is mq
    assert context.get_delay_level_when_next_consume() == 0
    assert context.get_ack_index() == 2 ** 31 - 1
    context.set_ack_index(3)
    context.set_delay_level_when_next_consume(-1)
    assert (context.get_ack_index(), context.get_delay_level_when_next_consume()) == (3, -1)
    orderly = ConsumeOrderlyContext(mq)
    assert orderly.is_auto_commit() is True and orderly.get_suspend_current_queue_time_millis() == -1
    orderly.set_auto_commit(False)
    orderly.set_suspend_current_queue_time_millis(50)
    assert (orderly.is_auto_commit(), orderly.get_suspend_current_queue_time_millis()) == (False, 50)
    assert [s.name for s in ConsumeConcurrentlyStatus] == ["CONSUME_SUCCESS", "RECONSUME_LATER"]
    assert [s.name for s in ConsumeOrderlyStatus] == ["SUCCESS", "ROLLBACK", "COMMIT",
                                                      "SUSPEND_CURRENT_QUEUE_A_MOMENT"]
    assert [s.name for s in ConsumeReturnType] == ["SUCCESS", "TIME_OUT", "EXCEPTION", "RETURNNULL", "FAILED"]


def test_operations_before_start_explain_the_state() -> None:
    consumer = _consumer()
    with pytest.raises(MQClientException, match="The consumer service state not OK, CREATE_JUST"):
        consumer.fetch_subscribe_message_queues("T")
    with pytest.raises(MQClientException, match="The consumer service state not OK, CREATE_JUST"):
        consumer.max_offset(MessageQueue("T", "b", 0))
    consumer.shutdown()  # shutting down a consumer never started does nothing
    assert consumer.get_default_mq_push_consumer_impl().get_service_state() is ServiceState.CREATE_JUST
