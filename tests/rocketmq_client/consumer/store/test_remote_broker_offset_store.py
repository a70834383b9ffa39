"""RemoteBrokerOffsetStore against the embedded broker: update, persist (one-way), read types, QUERY_NOT_FOUND."""
from __future__ import annotations

import pytest

from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_client.exception import MQBrokerException, MQClientException, OffsetNotFoundException
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.exception import RemotingTimeoutException

TOPIC = "OffsetStoreTopic"
IN_DISK = pytest.mark.embedded_cluster(message_store_config={"access_message_in_memory_max_ratio": 0})


@pytest.fixture
def instance(embedded_cluster, client_config, client_instance):
    inst = client_instance(client_config)
    inst.get_mq_admin_impl().create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, TOPIC, 4)
    assert inst.update_topic_route_info_from_name_server(TOPIC)
    return inst


def test_update_persist_and_read_back(instance, wait_until, unique_group):
    group = unique_group("OffsetGroup")
    store = RemoteBrokerOffsetStore(instance, group)
    store.load()
    mq0, mq1, mq2 = (MessageQueue(TOPIC, "broker-a", i) for i in range(3))
    # a young queue whose first message is still in memory: the broker answers 0 (not QUERY_NOT_FOUND)
    assert store.read_offset(mq0, ReadOffsetType.READ_FROM_MEMORY) == -1
    assert store.read_offset(mq0, ReadOffsetType.MEMORY_FIRST_THEN_STORE) == 0
    assert store.read_offset(mq0, ReadOffsetType.READ_FROM_MEMORY) == 0  # cached by the read

    store.update_offset(mq0, 7, False)
    store.update_offset(mq0, 5, True)
    store.update_offset(mq1, 3, True)
    store.update_offset(mq2, 9, True)
    assert store.read_offset(mq0, ReadOffsetType.MEMORY_FIRST_THEN_STORE) == 7
    store.persist(mq0)  # one-way
    reader = RemoteBrokerOffsetStore(instance, group)
    wait_until(lambda: reader.read_offset(mq0, ReadOffsetType.READ_FROM_STORE) == 7, message="offset 7 stored")

    store.persist_all({mq0, mq1})  # mq2 is not assigned any more: forgotten, not sent
    assert store.clone_offset_table(TOPIC) == {mq0: 7, mq1: 3}
    wait_until(lambda: reader.read_offset(mq1, ReadOffsetType.READ_FROM_STORE) == 3, message="offset 3 stored")
    assert reader.read_offset(mq2, ReadOffsetType.READ_FROM_STORE) == 0

    store.update_consume_offset_to_broker(mq2, 12, False)  # synchronous: visible at once
    assert reader.read_offset(mq2, ReadOffsetType.READ_FROM_STORE) == 12
    assert reader.read_offset(mq2, ReadOffsetType.READ_FROM_MEMORY) == 12

    store.remove_offset(mq0)
    assert store.read_offset(mq0, ReadOffsetType.READ_FROM_MEMORY) == -1
    store.persist(mq0)  # nothing in memory: nothing sent
    assert store.clone_offset_table("") == {mq1: 3}
    assert store.clone_offset_table("OtherTopic") == {}
    store.persist_all(set())
    store.persist_all(None)
    assert store.clone_offset_table(None) == {mq1: 3}
    assert store.read_offset(None, ReadOffsetType.READ_FROM_STORE) == -1  # type: ignore[arg-type]


@IN_DISK
def test_query_not_found_reads_as_minus_one(instance, send_messages, unique_group):
    mq = MessageQueue(TOPIC, "broker-a", 1)
    send_messages(mq, 2)
    group = unique_group("NotFoundGroup")
    store = RemoteBrokerOffsetStore(instance, group)
    with pytest.raises(MQBrokerException) as excinfo:
        store.fetch_consume_offset_from_broker(mq)
    assert excinfo.value.get_response_code() == ResponseCode.QUERY_NOT_FOUND
    assert store.read_offset(mq, ReadOffsetType.READ_FROM_STORE) == -1
    assert store.read_offset(mq, ReadOffsetType.MEMORY_FIRST_THEN_STORE) == -1
    assert store.clone_offset_table(TOPIC) == {}
    store.update_consume_offset_to_broker(mq, 1, False)
    assert store.read_offset(mq, ReadOffsetType.READ_FROM_STORE) == 1


def test_unknown_broker_and_transport_errors_read_as_minus_two(instance, unique_group, monkeypatch):
    store = RemoteBrokerOffsetStore(instance, unique_group("ErrGroup"))
    ghost = MessageQueue(TOPIC, "broker-zz", 0)
    assert store.read_offset(ghost, ReadOffsetType.READ_FROM_STORE) == -2
    with pytest.raises(MQClientException, match=r"The broker\[broker-zz\] not exist"):
        store.update_consume_offset_to_broker(ghost, 1, True)
    store.update_offset(ghost, 4, False)
    store.persist(ghost)  # logged, not raised
    store.persist_all({ghost})

    mq = MessageQueue(TOPIC, "broker-a", 0)
    api = instance.get_mq_client_api_impl()

    def timeout(*args, **kwargs):
        raise RemotingTimeoutException("127.0.0.1:1", 5000)

    monkeypatch.setattr(api, "query_consumer_offset", timeout)
    assert store.read_offset(mq, ReadOffsetType.READ_FROM_STORE) == -2

    def broker_error(*args, **kwargs):
        raise MQBrokerException(ResponseCode.SYSTEM_ERROR, "boom", "127.0.0.1:1")

    monkeypatch.setattr(api, "query_consumer_offset", broker_error)
    assert store.read_offset(mq, ReadOffsetType.READ_FROM_STORE) == -1  # any broker error, as Java 4.9.7

    def not_found(*args, **kwargs):
        raise OffsetNotFoundException(ResponseCode.QUERY_NOT_FOUND, "none", "127.0.0.1:1")

    monkeypatch.setattr(api, "query_consumer_offset", not_found)
    assert store.read_offset(mq, ReadOffsetType.READ_FROM_STORE) == -1
