"""compute_pull_from_where(_with_exception) of the push and lite-pull rebalances against a real broker."""
from __future__ import annotations

import pytest

from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.consumer.rebalance_lite_pull_impl import RebalanceLitePullImpl
from rocketmq_client.impl.consumer.rebalance_pull_impl import RebalancePullImpl
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.util_all import UtilAll

TOPIC = "ComputeTopic"
LAST = ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET
FIRST = ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET
TIMESTAMP = ConsumeFromWhere.CONSUME_FROM_TIMESTAMP
DEPRECATED = (ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET_AND_FROM_MIN_WHEN_BOOT_FIRST,
              ConsumeFromWhere.CONSUME_FROM_MIN_OFFSET, ConsumeFromWhere.CONSUME_FROM_MAX_OFFSET)
# every stored message counts as "in disk", so a group without an offset gets QUERY_NOT_FOUND
pytestmark = pytest.mark.embedded_cluster(message_store_config={"access_message_in_memory_max_ratio": 0})


@pytest.fixture
def setup(embedded_cluster, client_config, client_instance, stub_push_consumer, unique_group, send_messages):
    inst = client_instance(client_config)
    group = unique_group("ComputeGroup")
    admin = inst.get_mq_admin_impl()
    admin.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, TOPIC, 4)
    retry_topic = MixAll.get_retry_topic(group)
    admin.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, retry_topic, 1)
    inst.update_topic_route_info_from_name_server(TOPIC)
    send_messages(MessageQueue(TOPIC, "broker-a", 0), 3)
    send_messages(MessageQueue(retry_topic, "broker-a", 0), 2)
    consumer = stub_push_consumer(inst, group, [TOPIC])
    return inst, consumer, retry_topic


def compute(consumer, mq, where, timestamp=None):
    consumer.settings.consume_from_where = where
    if timestamp is not None:
        consumer.settings.consume_timestamp = timestamp
    consumer.offset_store.remove_offset(mq)
    return consumer.rebalance_impl.compute_pull_from_where_with_exception(mq)


def test_no_stored_offset(setup):
    inst, consumer, retry_topic = setup
    mq = MessageQueue(TOPIC, "broker-a", 0)
    assert consumer.offset_store.read_offset(mq, ReadOffsetType.READ_FROM_STORE) == -1  # QUERY_NOT_FOUND
    assert compute(consumer, mq, LAST) == 3  # the max offset
    for where in DEPRECATED:
        assert compute(consumer, mq, where) == 3
    assert compute(consumer, mq, FIRST) == 0
    assert compute(consumer, mq, TIMESTAMP, "20000101000000") == 0
    future = "20991231235959"
    by_time = inst.get_mq_admin_impl().search_offset(mq, UtilAll.parse_date(future, UtilAll.YYYYMMDDHHMMSS))
    assert by_time > 0 and compute(consumer, mq, TIMESTAMP, future) == by_time

    retry = MessageQueue(retry_topic, "broker-a", 0)
    assert compute(consumer, retry, LAST) == 0  # retry topics start at 0 ...
    assert compute(consumer, retry, TIMESTAMP, "20000101000000") == 2  # ... or at the max offset for TIMESTAMP
    assert compute(consumer, retry, FIRST) == 0

    young = MessageQueue(TOPIC, "broker-a", 1)  # no message yet: the broker answers 0, not QUERY_NOT_FOUND
    assert compute(consumer, young, LAST) == 0


def test_stored_offset_wins(setup):
    _, consumer, _ = setup
    mq = MessageQueue(TOPIC, "broker-a", 0)
    consumer.offset_store.update_consume_offset_to_broker(mq, 2, False)
    for where in (LAST, FIRST, TIMESTAMP) + DEPRECATED:
        assert compute(consumer, mq, where, "20000101000000") == 2
    assert consumer.offset_store.read_offset(mq, ReadOffsetType.READ_FROM_MEMORY) == 2  # cached by the read


def test_unreadable_offset_and_failures(setup, monkeypatch):
    inst, consumer, _ = setup
    ghost = MessageQueue(TOPIC, "broker-zz", 0)  # offset read fails (-2): the queue is skipped (-1)
    for where in (LAST, FIRST, TIMESTAMP):
        assert compute(consumer, ghost, where) == -1

    mq = MessageQueue(TOPIC, "broker-a", 0)
    with pytest.raises(MQClientException, match="consumeTimestamp"):
        compute(consumer, mq, TIMESTAMP, "2000-01-01")

    def down(*args, **kwargs):
        raise MQClientException("Invoke Broker[x] exception", None)

    monkeypatch.setattr(inst.get_mq_admin_impl(), "max_offset", down)
    consumer.settings.consume_from_where = LAST
    with pytest.raises(MQClientException):
        consumer.rebalance_impl.compute_pull_from_where_with_exception(mq)
    assert consumer.rebalance_impl.compute_pull_from_where(mq) == -1  # the deprecated form logs instead


class _LiteSettings:
    def __init__(self, where):
        self.where = where

    def get_consume_from_where(self):
        return self.where

    def get_consume_timestamp(self):
        return "20000101000000"

    def get_message_queue_listener(self):
        return None


class _LiteImpl:
    def __init__(self, where, offset_store):
        self.settings = _LiteSettings(where)
        self.offset_store = offset_store

    def get_default_lite_pull_consumer(self):
        return self.settings

    def get_offset_store(self):
        return self.offset_store


def test_lite_pull_reads_memory_first_and_pull_impl_starts_at_zero(setup):
    inst, consumer, retry_topic = setup
    mq = MessageQueue(TOPIC, "broker-a", 0)
    store = consumer.offset_store
    lite = RebalanceLitePullImpl(_LiteImpl(LAST, store))
    lite.set_mq_client_factory(inst)
    assert lite.compute_pull_from_where_with_exception(mq) == 3  # QUERY_NOT_FOUND -> max offset
    store.update_offset(mq, 1, False)  # memory first: no broker round trip
    assert lite.compute_pull_from_where_with_exception(mq) == 1
    lite.lite_pull_consumer_impl.settings.where = FIRST
    store.remove_offset(mq)
    assert lite.compute_pull_from_where(mq) == 0
    for where in DEPRECATED:  # not handled by Java's lite-pull switch
        lite.lite_pull_consumer_impl.settings.where = where
        assert lite.compute_pull_from_where_with_exception(mq) == -1
    lite.lite_pull_consumer_impl.settings.where = TIMESTAMP
    retry = MessageQueue(retry_topic, "broker-a", 0)
    assert lite.compute_pull_from_where_with_exception(retry) == 2

    pull = RebalancePullImpl(None)
    assert pull.compute_pull_from_where(mq) == 0 and pull.compute_pull_from_where_with_exception(mq) == 0
