"""Consumer offsets (QUERY / UPDATE_CONSUMER_OFFSET), their persistence every interval and at shutdown, and the
reload of offsets, topics and subscription groups after a restart; the .bak fallback of the config files."""
from __future__ import annotations

import json
import os

import pytest
from broker_support import invoke, wait_for

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.header.query_consumer_offset_request_header import QueryConsumerOffsetRequestHeader
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_serializable import to_json_value
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient


@pytest.fixture
def client():
    with NettyRemotingClient() as c:
        yield c


def query(client, addr, group, topic, queue_id):
    return invoke(client, addr, RequestCode.QUERY_CONSUMER_OFFSET,
                  QueryConsumerOffsetRequestHeader(consumer_group=group, topic=topic, queue_id=queue_id))


def update(client, addr, group, topic, queue_id, offset):
    return invoke(client, addr, RequestCode.UPDATE_CONSUMER_OFFSET,
                  UpdateConsumerOffsetRequestHeader(consumer_group=group, topic=topic, queue_id=queue_id,
                                                    commit_offset=offset))


def offsets_file(cluster: EmbeddedCluster) -> str:
    return os.path.join(cluster.broker_store_dir(0), "config", "consumerOffset.json")


def test_query_unknown_group_on_a_fresh_queue_is_offset_zero(embedded_cluster, client):
    response = query(client, embedded_cluster.broker_addr, "NewGroup", "TopicTest", 0)
    assert (response.code, response.remark, response.ext_fields) == (ResponseCode.SUCCESS, None, {"offset": "0"})


def test_query_not_found_once_the_queue_no_longer_starts_at_zero(embedded_cluster, client, monkeypatch):
    store = embedded_cluster.broker_controller.get_message_store()
    monkeypatch.setattr(store, "get_min_offset_in_queue", lambda topic, queue_id: 100)
    response = query(client, embedded_cluster.broker_addr, "NewGroup", "TopicTest", 0)
    assert (response.code, response.remark) == (ResponseCode.QUERY_NOT_FOUND,
                                                "Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first")
    assert response.ext_fields == {}


def test_update_then_query(embedded_cluster, client):
    addr = embedded_cluster.broker_addr
    response = update(client, addr, "G", "TopicTest", 1, 42)
    assert (response.code, response.remark, response.ext_fields) == (ResponseCode.SUCCESS, None, {})
    assert query(client, addr, "G", "TopicTest", 1).ext_fields == {"offset": "42"}
    # a smaller offset is stored too (Java only logs it)
    update(client, addr, "G", "TopicTest", 1, 7)
    assert query(client, addr, "G", "TopicTest", 1).ext_fields == {"offset": "7"}
    manager = embedded_cluster.broker_controller.get_consumer_offset_manager()
    assert manager.get_offset_table() == {"TopicTest@G": {1: 7}}
    assert manager.query_offset("G", "TopicTest", 0) == -1
    assert manager.which_topic_by_consumer("G") == {"TopicTest"}
    assert manager.which_group_by_topic("TopicTest") == {"G"}


@pytest.mark.embedded_cluster(broker_config={"flush_consumer_offset_interval": 200})
def test_offsets_are_persisted_every_interval(embedded_cluster, client):
    update(client, embedded_cluster.broker_addr, "G", "TopicTest", 3, 11)

    def persisted():
        try:
            with open(offsets_file(embedded_cluster), encoding="utf-8") as f:
                return json.load(f)["offsetTable"].get("TopicTest@G") == {"3": 11}
        except (OSError, ValueError):
            return False
    wait_for(persisted, what="consumerOffset.json to hold the offset")


def test_offsets_topics_and_groups_survive_a_restart(tmp_path, client):
    cluster = EmbeddedCluster(str(tmp_path), broker_config={"flush_consumer_offset_interval": 3600 * 1000})
    cluster.start()
    try:
        addr = cluster.broker_addr
        update(client, addr, "G", "TopicTest", 0, 5)
        invoke(client, addr, RequestCode.UPDATE_AND_CREATE_TOPIC, CreateTopicRequestHeader(
            topic="Kept", default_topic="TBW102", read_queue_nums=2, write_queue_nums=2, perm=6,
            topic_filter_type="SINGLE_TAG", order=False))
        body = fastjson.dumps(to_json_value(SubscriptionGroupConfig(group_name="KeptGroup", retry_max_times=3)))
        response = invoke(client, addr, RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, body=body.encode())
        assert (response.code, response.remark) == (0, None)
        assert not os.path.exists(offsets_file(cluster))        # not yet flushed: written at shutdown
        old_version = cluster.broker_controller.get_topic_config_manager().get_data_version().counter
        controller = cluster.restart_broker()
        assert controller.get_broker_addr() == addr              # same port again
        # the client's old connection was closed by the shutdown: wait until its reader saw it, or the query
        # below may be written to the dead connection (it fails then, in Java too)
        wait_for(lambda: addr not in client.channel_tables, 10, what="the client to drop its old connection")
        assert query(client, addr, "G", "TopicTest", 0).ext_fields == {"offset": "5"}
        topic_config = controller.get_topic_config_manager().select_topic_config("Kept")
        assert (topic_config.read_queue_nums, topic_config.write_queue_nums) == (2, 2)
        assert controller.get_topic_config_manager().get_data_version().counter == old_version
        group = controller.get_subscription_group_manager().get_subscription_group_table()["KeptGroup"]
        assert group.retry_max_times == 3
    finally:
        cluster.shutdown()
    assert os.path.isdir(str(tmp_path))                          # a given store directory is kept


def test_config_files_fall_back_to_bak(tmp_path, client):
    cluster = EmbeddedCluster(str(tmp_path))
    cluster.start()
    try:
        update(client, cluster.broker_addr, "G", "TopicTest", 0, 9)
        manager = cluster.broker_controller.get_consumer_offset_manager()
        manager.persist()
        update(client, cluster.broker_addr, "G", "TopicTest", 0, 10)
        manager.persist()                                        # the previous content moves to .bak
        with open(offsets_file(cluster) + ".bak", encoding="utf-8") as f:
            assert json.load(f)["offsetTable"]["TopicTest@G"] == {"0": 9}
        with open(offsets_file(cluster), encoding="utf-8") as f:
            assert json.load(f)["offsetTable"]["TopicTest@G"] == {"0": 10}
        cluster.broker_controller.shutdown()
        with open(offsets_file(cluster) + ".bak", "w", encoding="utf-8") as f:
            f.write('{"offsetTable":{"TopicTest@G":{0:77}}}')       # fastjson's form, as Java writes it
        with open(offsets_file(cluster), "w", encoding="utf-8") as f:
            f.write("{ torn")
        controller = cluster.restart_broker()
        assert controller.get_consumer_offset_manager().query_offset("G", "TopicTest", 0) == 77
    finally:
        cluster.shutdown()
