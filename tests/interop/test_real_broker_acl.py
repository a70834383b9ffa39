"""Our AclClientRPCHook against a real 4.9.7 broker with ``aclEnable`` (skipped without the anchors build): the real
PlainAccessValidator accepts our signatures, enforces the account's permissions on them, and refuses a wrong
secret."""
from __future__ import annotations

from typing import Optional

import pytest
from consuming import BodyCollector
from interop_support import RealCluster, unique
from waiting import wait_for

from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.topic.topic_validator import TopicValidator

pytestmark = pytest.mark.timeout(300)

def hook(access_key: str, secret_key: str) -> AclClientRPCHook:
    return AclClientRPCHook(SessionCredentials(access_key, secret_key))


def producer(cluster: RealCluster, access_key: str, secret_key: str) -> DefaultMQProducer:
    p = DefaultMQProducer(unique("AclPG"), hook(access_key, secret_key), namesrv_addr=cluster.namesrv_addr,
                          instance_name=unique("acl"), retry_times_when_send_failed=0)
    p.start()
    return p


def _chain(e: BaseException) -> str:
    """The texts of an exception and of its causes."""
    texts = []
    cause: Optional[BaseException] = e
    while cause is not None:
        texts.append(str(cause))
        cause = cause.__cause__ or cause.__context__
    return "\n".join(texts)


def test_an_account_publishes_and_subscribes_where_it_may(real_acl_cluster: RealCluster) -> None:
    admin = producer(real_acl_cluster, "InteropAdmin", "interop-admin-secret")
    limited = producer(real_acl_cluster, "InteropLimited", "interop-limited-secret")
    bodies = BodyCollector()

    consumer = DefaultMQPushConsumer(unique("AclCG"), hook("InteropLimited", "interop-limited-secret"),
                                     namesrv_addr=real_acl_cluster.namesrv_addr, instance_name=unique("acl"),
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    try:
        admin.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, "AclTopic", 4)
        admin.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, "AclOtherTopic", 4)
        for topic in ("AclTopic", "AclOtherTopic"):
            wait_for(lambda: len(admin.fetch_publish_message_queues(topic)) == 4, 30, "the route of " + topic)
        for i in range(5):
            assert limited.send(Message("AclTopic", b"acl-%d" % i)).get_send_status() is SendStatus.SEND_OK
        assert admin.send(Message("AclOtherTopic", b"admin")).get_send_status() is SendStatus.SEND_OK
        # the limited account may not publish to another topic: the real broker refuses it by its permissions
        with pytest.raises(MQClientException) as refused:
            limited.send(Message("AclOtherTopic", b"not allowed"))
        assert "AclException: No default permission for topic:AclOtherTopic" in _chain(refused.value), \
            _chain(refused.value)
        consumer.subscribe("AclTopic", "*")
        consumer.register_message_listener(bodies)
        consumer.start()
        bodies.wait_for({b"acl-%d" % i for i in range(5)}, 60)
    finally:
        consumer.shutdown()
        limited.shutdown()
        admin.shutdown()


def test_a_wrong_secret_is_refused(real_acl_cluster: RealCluster) -> None:
    impostor = producer(real_acl_cluster, "InteropLimited", "not-the-secret")
    try:
        with pytest.raises(MQClientException) as refused:
            impostor.send(Message("AclTopic", b"forged"))
        assert "AclException: Check signature failed for accessKey=InteropLimited" in _chain(refused.value), \
            _chain(refused.value)
    finally:
        impostor.shutdown()
