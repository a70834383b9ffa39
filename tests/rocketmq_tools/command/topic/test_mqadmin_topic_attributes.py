"""5.3.3's topic attributes on the embedded cluster: ``mqadmin updateTopic -a`` and the producer's
``create_topic(..., attributes)`` send them; the broker stores, persists and returns them, and refuses what a
5.3.3 broker refuses with its codes and messages."""
from __future__ import annotations

import json

import pytest

from rocketmq_broker.embedded_cluster import start_embedded_cluster
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.attribute.topic_message_type import TopicMessageType
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_tools.command.support import new_admin

from tools_support import mqadmin


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("topic-attributes")))
    yield cluster
    cluster.shutdown()


def stored(cluster, topic):
    return cluster.broker_controller.get_topic_config_manager().get_topic_config_table()[topic]


def test_update_topic_a_creates_and_alters_the_attributes(cluster):
    done = mqadmin(cluster, "updateTopic", "-c", "DefaultCluster", "-t", "FifoTopic", "-a",
                   "+message.type=FIFO,+queue.type=SimpleCQ")
    assert done.code == 0, done.err
    assert stored(cluster, "FifoTopic").get_attributes() == {"message.type": "FIFO", "queue.type": "SimpleCQ"}
    assert stored(cluster, "FifoTopic").get_topic_message_type() is TopicMessageType.FIFO
    # the broker persisted them as Java does, in topics.json
    path = cluster.broker_controller.get_topic_config_manager().config_file_path()
    with open(path, encoding="utf-8") as f:
        assert json.load(f)["topicConfigTable"]["FifoTopic"]["attributes"] == {"message.type": "FIFO",
                                                                               "queue.type": "SimpleCQ"}
    # read back through the admin API (GET_ALL_TOPIC_CONFIG)
    with new_admin(cluster.namesrv_addr) as admin:
        table = admin.get_all_topic_config(cluster.broker_addr, 3000).get_topic_config_table()
        assert table["FifoTopic"].get_attributes()["message.type"] == "FIFO"
    altered = mqadmin(cluster, "updateTopic", "-b", cluster.broker_addr, "-t", "FifoTopic",
                      "--attributes=+message.type=DELAY,+reserve.time=3600")
    assert altered.code == 0, altered.err
    assert stored(cluster, "FifoTopic").get_attributes() == {"message.type": "DELAY", "queue.type": "SimpleCQ",
                                                             "reserve.time": "3600"}
    deleted = mqadmin(cluster, "updateTopic", "-b", cluster.broker_addr, "-t", "FifoTopic",
                      "--attributes=-reserve.time")
    assert deleted.code == 0, deleted.err
    assert "reserve.time" not in stored(cluster, "FifoTopic").get_attributes()
    # without -a an update keeps them (no change requested)
    plain = mqadmin(cluster, "updateTopic", "-b", cluster.broker_addr, "-t", "FifoTopic", "-r", "4", "-w", "4")
    assert plain.code == 0 and stored(cluster, "FifoTopic").get_attributes()["message.type"] == "DELAY"


@pytest.mark.parametrize("attributes, remark", [
    ("+foo=bar", "unsupported key: foo"),
    ("+message.type=BAD", "value is not in set: [UNSPECIFIED, MIXED, TRANSACTION, FIFO, DELAY, NORMAL]"),
    ("+message.type=MIXED", "MIXED message type is not supported."),
])
def test_refused_attributes_answer_as_java(cluster, attributes, remark):
    refused = mqadmin(cluster, "updateTopic", "-b", cluster.broker_addr, "-t", "RefusedTopic", "-a", attributes)
    assert refused.code == 1 and remark in refused.err, refused.err
    assert "RefusedTopic" not in cluster.broker_controller.get_topic_config_manager().get_topic_config_table()


def test_unchangeable_attribute_and_malformed_option(cluster):
    assert mqadmin(cluster, "updateTopic", "-b", cluster.broker_addr, "-t", "BatchTopic", "-a",
                   "+queue.type=BatchCQ").code == 0
    again = mqadmin(cluster, "updateTopic", "-b", cluster.broker_addr, "-t", "BatchTopic", "-a",
                    "+queue.type=SimpleCQ")
    assert again.code == 1 and "attempt to update an unchangeable attribute. key: queue.type" in again.err
    malformed = mqadmin(cluster, "updateTopic", "-b", cluster.broker_addr, "-t", "BatchTopic", "-a",
                        "message.type=FIFO")
    assert malformed.code == 2 and "add/alter attribute format is wrong: message.type" in malformed.err


def test_producer_create_topic_with_attributes(cluster):
    producer = DefaultMQProducer("AttrPG", namesrv_addr=cluster.namesrv_addr, instance_name="attr")
    producer.start()
    try:
        producer.create_topic("DefaultCluster", "TxTopic", 2, attributes={"+message.type": "TRANSACTION"})
        assert stored(cluster, "TxTopic").get_attributes() == {"message.type": "TRANSACTION"}
        assert stored(cluster, "TxTopic").get_read_queue_nums() == 2
        with pytest.raises(MQClientException) as raised:
            producer.create_topic("DefaultCluster", "BadTopic", 2, attributes={"+queue.type": "Nope"})
        cause = raised.value.__cause__.__cause__  # create new topic failed <- create topic to broker exception
        assert (cause.get_response_code(), cause.get_error_message()) == (
            ResponseCode.SYSTEM_ERROR, "value is not in set: [BatchCQ, SimpleCQ]")
    finally:
        producer.shutdown()
