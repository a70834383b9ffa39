"""The MQAdmin methods of DefaultMQProducer (delegating to MQAdminImpl as in Java)."""
from __future__ import annotations

import time

import pytest

from client_support import wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.exception import MQClientException
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue


def test_create_topic_and_offsets(new_producer) -> None:
    producer = new_producer(namespace="nsAdmin")
    producer.create_topic("TBW102", "TopicAdmin", 2)
    queues = wait_for(lambda: producer.fetch_publish_message_queues("TopicAdmin"), 10, "the new topic's route")
    assert sorted((q.get_topic(), q.get_queue_id()) for q in queues) == [("TopicAdmin", 0), ("TopicAdmin", 1)]
    mq = MessageQueue("TopicAdmin", "broker-a", 1)
    before = int(time.time() * 1000)
    results = [producer.send(Message("TopicAdmin", b"x"), mq) for _ in range(3)]
    assert [r.get_queue_offset() for r in results] == [0, 1, 2]
    assert producer.max_offset(mq) == 3
    assert producer.min_offset(mq) == 0
    earliest = producer.earliest_msg_store_time(mq)
    assert before - 1000 <= earliest <= int(time.time() * 1000)
    assert producer.search_offset(mq, earliest) == 0
    assert producer.search_offset(mq, int(time.time() * 1000) + 60000) == 2  # Java: the last message
    with pytest.raises(MQClientException, match=r"The topic\[TBW102\] is conflict with system topic."):
        producer.create_topic("TBW102", "TBW102", 1)


def test_view_and_query_message(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    body = b"z" * 5000  # compressed on the way, decompressed when read back
    result = producer.send(Message("TopicView", "TagV", "order-1", body))
    viewed = producer.view_message(result.get_offset_msg_id())
    assert viewed.get_body() == body and viewed.get_sys_flag() == 768  # 5.3.3 clears COMPRESSED when decoded
    assert producer.view_message("TopicView", result.get_msg_id()).get_body() == body
    found = producer.query_message("TopicView", "order-1", 10, 0, int(time.time() * 1000) + 1000)
    assert [m.get_keys() for m in found.get_message_list()] == ["order-1"]
