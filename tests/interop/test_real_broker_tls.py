"""Our client's TLS against a real 4.9.7 broker that takes TLS connections only (``tls.server.mode=enforcing``,
skipped without the anchors build): a producer and a push consumer with ``use_tls`` work through it, a plain
producer is refused."""
from __future__ import annotations


import pytest
from consuming import BodyCollector
from interop_support import RealCluster, unique

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message

pytestmark = pytest.mark.timeout(300)

def test_a_tls_producer_and_consumer_through_a_tls_only_broker(real_tls_cluster: RealCluster) -> None:
    topic = unique("TlsTopic")
    producer = DefaultMQProducer(unique("TlsPG"), namesrv_addr=real_tls_cluster.namesrv_addr,
                                 instance_name=unique("tls"), use_tls=True)
    bodies = BodyCollector()

    consumer = DefaultMQPushConsumer(unique("TlsCG"), namesrv_addr=real_tls_cluster.namesrv_addr,
                                     instance_name=unique("tls"), use_tls=True,
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    with producer:
        for i in range(5):
            assert producer.send(Message(topic, b"tls-%d" % i)).get_send_status() is SendStatus.SEND_OK
        consumer.subscribe(topic, "*")
        consumer.register_message_listener(bodies)
        consumer.start()
        try:
            bodies.wait_for({b"tls-%d" % i for i in range(5)}, 60)
        finally:
            consumer.shutdown()


def test_a_plain_producer_is_refused(real_tls_cluster: RealCluster) -> None:
    producer = DefaultMQProducer(unique("PlainPG"), namesrv_addr=real_tls_cluster.namesrv_addr,
                                 instance_name=unique("plain"), retry_times_when_send_failed=0)
    with producer:
        with pytest.raises(MQClientException, match="Send \\[1\\] times, still failed"):
            producer.send(Message(unique("TlsTopic"), b"plain"))
