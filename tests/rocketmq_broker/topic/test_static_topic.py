"""Static topics (5.3.3) on two embedded brokers, driven by raw requests as ``mqadmin updateStaticTopic`` /
``remappingStaticTopic`` and a 5.3.3 client send them: UPDATE_AND_CREATE_STATIC_TOPIC, logical queue ids and
offsets in sends, pulls and offset requests, the NameServer's mapping infos, a remap of a logical queue to the
other broker (the old item read through the new leader, offsets going on after a block), NOT_LEADER_FOR_QUEUE at
the old leader, the mapping clean service and the mappings surviving a broker restart (``topicQueueMapping.json``);
then by our mqadmin, producer and push consumer across a remap."""
from __future__ import annotations

import json
import os
import threading
from typing import Any, Dict, List, Optional, Set

import pytest
from broker_support import decode_messages, get_route, invoke, pull_request, send_request

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.impl.consumer import default_mq_push_consumer_impl
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.topic_config_and_mapping_serialize_wrapper import \
    TopicConfigAndMappingSerializeWrapper
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.header.get_max_offset_request_header import GetMaxOffsetRequestHeader
from rocketmq_common.protocol.header.get_min_offset_request_header import GetMinOffsetRequestHeader
from rocketmq_common.protocol.header.get_topic_config_request_header import GetTopicConfigRequestHeader
from rocketmq_common.protocol.header.get_topic_stats_info_request_header import GetTopicStatsInfoRequestHeader
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageResponseHeader
from rocketmq_common.protocol.header.query_consumer_offset_request_header import (
    QueryConsumerOffsetRequestHeader)
from rocketmq_common.protocol.header.search_offset_request_header import SearchOffsetRequestHeader
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_serializable import from_json_value
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_tools.cli import main as mqadmin

TOPIC = "StaticTopicTest"
GROUP = "StaticTopicCG"
BROKERS = ("broker-a", "broker-b")


@pytest.fixture
def client():
    with NettyRemotingClient() as c:
        yield c


def _addr(cluster: EmbeddedCluster, broker: str) -> str:
    return cluster.broker_addrs[BROKERS.index(broker)]


def _create_static_topic(client: NettyRemotingClient, cluster: EmbeddedCluster, config: TopicConfigAndQueueMapping,
                         broker: str) -> None:
    """What ``MQClientAPIImpl.createStaticTopic`` sends (the admin's ``createStaticTopic``)."""
    header = CreateTopicRequestHeader(topic=config.topic_name, default_topic="TBW102",
                                      read_queue_nums=config.read_queue_nums,
                                      write_queue_nums=config.write_queue_nums, perm=config.perm,
                                      topic_filter_type=config.topic_filter_type.name,
                                      topic_sys_flag=config.topic_sys_flag, order=config.order, force=False)
    response = invoke(client, _addr(cluster, broker), RequestCode.UPDATE_AND_CREATE_STATIC_TOPIC, header,
                      config.mapping_detail.encode())
    assert response.code == ResponseCode.SUCCESS, response.remark


def _topic_config(client: NettyRemotingClient, cluster: EmbeddedCluster, broker: str) -> TopicConfigAndQueueMapping:
    response = invoke(client, _addr(cluster, broker), RequestCode.GET_TOPIC_CONFIG,
                      GetTopicConfigRequestHeader(topic=TOPIC, lo=True))
    assert response.code == ResponseCode.SUCCESS, response.remark
    return from_json_value(fastjson.loads(response.body), TopicConfigAndQueueMapping)


def _remap(client: NettyRemotingClient, cluster: EmbeddedCluster, target: Set[str]) -> None:
    """``MQAdminUtils.remappingStaticTopic``: the plan, the new leaders written without a logic offset, the old
    leaders closed, the new leaders' logic offsets from the old leaders' max offsets (rounded up to a block),
    written again."""
    config_map = {broker: _topic_config(client, cluster, broker) for broker in BROKERS}
    wrapper = TopicQueueMappingUtils.remapping_static_topic(TOPIC, config_map, target)
    for broker in wrapper.broker_to_map_in:
        _create_static_topic(client, cluster, config_map[broker], broker)
    for broker in wrapper.broker_to_map_out:
        _create_static_topic(client, cluster, config_map[broker], broker)
        stats = TopicStatsTable.decode(invoke(client, _addr(cluster, broker), RequestCode.GET_TOPIC_STATS_INFO,
                                              GetTopicStatsInfoRequestHeader(topic=TOPIC)).body)
        for global_id, items in config_map[broker].mapping_detail.hosted_queues.items():
            if len(items) < 2 or items[-1].logic_offset > 0:
                continue
            new_leader, old_leader = items[-1], items[-2]
            max_offset = stats.offset_table[MessageQueue(TOPIC, old_leader.bname, old_leader.queue_id)].max_offset
            new_leader.logic_offset = TopicQueueMappingUtils.block_seq_round_up(
                old_leader.compute_static_queue_offset_strictly(max_offset),
                TopicQueueMappingUtils.DEFAULT_BLOCK_SEQ_SIZE)
            TopicQueueMappingDetail.put_mapping_info(config_map[new_leader.bname].mapping_detail, global_id, items)
    for broker in wrapper.broker_to_map_in:
        _create_static_topic(client, cluster, config_map[broker], broker)


def _send(client: NettyRemotingClient, cluster: EmbeddedCluster, broker: str, global_id: int, body: bytes):
    request = send_request(TOPIC, body, queue_id=global_id)
    request.custom_header.bname = broker
    return client.invoke_sync(_addr(cluster, broker), request, 5000)


def _pull(client: NettyRemotingClient, cluster: EmbeddedCluster, broker: str, global_id: int, offset: int,
          commit_offset: int = 0):
    request = pull_request(GROUP, TOPIC, global_id, offset, sys_flag=5 if commit_offset else 4,
                           commit_offset=commit_offset)
    request.custom_header.bname = broker
    response = client.invoke_sync(_addr(cluster, broker), request, 5000)
    header = response.decode_command_custom_header(PullMessageResponseHeader) \
        if response.code in (ResponseCode.SUCCESS, ResponseCode.PULL_NOT_FOUND, ResponseCode.PULL_RETRY_IMMEDIATELY,
                             ResponseCode.PULL_OFFSET_MOVED) else None
    return response, header


def _offset(client: NettyRemotingClient, cluster: EmbeddedCluster, broker: str, code: int, header) -> Optional[int]:
    response = invoke(client, _addr(cluster, broker), code, header)
    if response.code != ResponseCode.SUCCESS:
        return None
    return int(response.ext_fields["offset"])


def _leaders(cluster: EmbeddedCluster) -> Dict[int, str]:
    leaders = {}
    for controller in cluster.broker_controllers:
        detail = controller.get_topic_queue_mapping_manager().get_topic_queue_mapping(TOPIC)
        for global_id, items in detail.hosted_queues.items():
            if items[-1].bname == detail.bname:
                leaders[global_id] = detail.bname
    return leaders


@pytest.mark.timeout(60)
@pytest.mark.embedded_cluster(brokers=2)
def test_a_static_topic_over_two_brokers_across_a_remap(embedded_cluster: EmbeddedCluster, client) -> None:
    cluster = embedded_cluster
    # updateStaticTopic -c DefaultCluster -qn 4: two logical queues on each broker
    plan = TopicQueueMappingUtils.create_topic_config_mapping(TOPIC, 4, set(BROKERS), {})
    for broker, config in plan.broker_config_map.items():
        _create_static_topic(client, cluster, config, broker)
    leaders = _leaders(cluster)
    assert sorted(leaders) == [0, 1, 2, 3] and set(leaders.values()) == set(BROKERS)
    stale = TopicQueueMappingDetail.decode(plan.broker_config_map["broker-a"].mapping_detail.encode())
    stale.epoch -= 1
    header = CreateTopicRequestHeader(topic=TOPIC, default_topic="TBW102", read_queue_nums=2, write_queue_nums=2,
                                      perm=6, topic_filter_type="SINGLE_TAG", order=False)
    refused = invoke(client, _addr(cluster, "broker-a"), RequestCode.UPDATE_AND_CREATE_STATIC_TOPIC, header,
                     stale.encode())
    assert (refused.code, refused.remark) == (ResponseCode.SYSTEM_ERROR, "Can't accept data with small epoch %d < %d"
                                              % (stale.epoch, stale.epoch + 1))
    route = get_route(client, cluster.namesrv_addr, TOPIC)
    assert set(route.topic_queue_mapping_by_broker) == set(BROKERS)
    assert {q.broker_name: q.write_queue_nums for q in route.queue_datas} == {"broker-a": 2, "broker-b": 2}

    # sends name the logical queue; the answer is logical too
    moved = next(global_id for global_id, broker in sorted(leaders.items()) if broker == "broker-a")
    for i in range(3):
        response = _send(client, cluster, "broker-a", moved, b"before-%d" % i)
        assert response.code == ResponseCode.SUCCESS, response.remark
        assert (response.ext_fields["queueId"], response.ext_fields["queueOffset"]) == (str(moved), str(i))
    # a broker that does not lead the logical queue refuses it
    assert _send(client, cluster, "broker-b", moved, b"x").code == ResponseCode.NOT_LEADER_FOR_QUEUE
    assert _offset(client, cluster, "broker-a", RequestCode.GET_MAX_OFFSET,
                   GetMaxOffsetRequestHeader(topic=TOPIC, queue_id=moved)) == 3
    config_a = _topic_config(client, cluster, "broker-a")
    assert config_a.mapping_detail.bname == "broker-a" and config_a.write_queue_nums == 2
    all_configs = TopicConfigAndMappingSerializeWrapper.decode(
        invoke(client, _addr(cluster, "broker-a"), RequestCode.GET_ALL_TOPIC_CONFIG).body)
    assert TOPIC in all_configs.topic_queue_mapping_detail_map and TOPIC in all_configs.topic_config_table

    # remappingStaticTopic -b broker-b: every logical queue of broker-a moves to broker-b
    _remap(client, cluster, {"broker-b"})
    assert set(_leaders(cluster).values()) == {"broker-b"}
    for controller in cluster.broker_controllers:  # Java refreshes it every 5 s
        controller.get_broker_outer_api().refresh_metadata()
    assert _send(client, cluster, "broker-a", moved, b"x").code == ResponseCode.NOT_LEADER_FOR_QUEUE
    block = TopicQueueMappingUtils.DEFAULT_BLOCK_SEQ_SIZE
    response = _send(client, cluster, "broker-b", moved, b"after-0")
    assert response.code == ResponseCode.SUCCESS, response.remark
    assert (response.ext_fields["queueId"], response.ext_fields["queueOffset"]) == (str(moved), str(block))
    route = get_route(client, cluster.namesrv_addr, TOPIC)
    assert route.topic_queue_mapping_by_broker["broker-b"].curr_id_map.get(moved) is not None

    # the new leader reads the old item through broker-a, then moves on to its own item
    response, header = _pull(client, cluster, "broker-b", moved, 0)
    assert response.code == ResponseCode.SUCCESS, response.remark
    assert [m.body for m in decode_messages(response.body)] == [b"before-0", b"before-1", b"before-2"]
    assert header.next_begin_offset == 3 and header.max_offset == block
    response, header = _pull(client, cluster, "broker-b", moved, 3)
    assert response.code == ResponseCode.PULL_RETRY_IMMEDIATELY
    assert header.next_begin_offset == block
    response, header = _pull(client, cluster, "broker-b", moved, block, commit_offset=2)
    assert response.code == ResponseCode.SUCCESS, response.remark
    assert [m.body for m in decode_messages(response.body)] == [b"after-0"]
    assert header.next_begin_offset == block + 1
    assert header.offset_delta == block  # the message's physical queue offset 0 is logical offset 10000

    # offsets: logical on the new leader; an offset of the old item is stored (and read) on broker-a
    assert _offset(client, cluster, "broker-b", RequestCode.GET_MAX_OFFSET,
                   GetMaxOffsetRequestHeader(topic=TOPIC, queue_id=moved)) == block + 1
    assert _offset(client, cluster, "broker-b", RequestCode.GET_MIN_OFFSET,
                   GetMinOffsetRequestHeader(topic=TOPIC, queue_id=moved)) == 0
    assert _offset(client, cluster, "broker-b", RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
                   SearchOffsetRequestHeader(topic=TOPIC, queue_id=moved, timestamp=0)) == 0
    update = UpdateConsumerOffsetRequestHeader(consumer_group=GROUP, topic=TOPIC, queue_id=moved, commit_offset=2)
    assert invoke(client, _addr(cluster, "broker-b"), RequestCode.UPDATE_CONSUMER_OFFSET, update).code == 0
    query = QueryConsumerOffsetRequestHeader(consumer_group=GROUP, topic=TOPIC, queue_id=moved)
    assert _offset(client, cluster, "broker-b", RequestCode.QUERY_CONSUMER_OFFSET, query) == 2
    old_queue = config_a.mapping_detail.hosted_queues[moved][0].queue_id
    assert cluster.broker_controllers[0].get_consumer_offset_manager().query_offset(GROUP, TOPIC, old_queue) == 2
    update.commit_offset = block + 1
    assert invoke(client, _addr(cluster, "broker-b"), RequestCode.UPDATE_CONSUMER_OFFSET, update).code == 0
    assert _offset(client, cluster, "broker-b", RequestCode.QUERY_CONSUMER_OFFSET, query) == block + 1

    # the clean service (at the store's deleteWhen hour): broker-a keeps the items of the queues it gave away (Java
    # drops them only once a third broker leads), and once their old physical queues are emptied broker-b forgets
    # those items
    for controller in cluster.broker_controllers:
        controller.get_message_store_config().delete_when = ";".join("%02d" % hour for hour in range(24))
    hosted_a = cluster.broker_controllers[0].get_topic_queue_mapping_manager().get_topic_queue_mapping(
        TOPIC).hosted_queues
    kept = {qid: list(items) for qid, items in hosted_a.items()}
    cluster.broker_controllers[0].get_topic_queue_mapping_clean_service().clean_item_list_more_than_second_gen()
    assert hosted_a == kept and moved in kept
    cluster.broker_controllers[1].get_topic_queue_mapping_clean_service().clean_item_expired()
    assert len(cluster.broker_controllers[1].get_topic_queue_mapping_manager().get_topic_queue_mapping(
        TOPIC).hosted_queues[moved]) == 2  # its old queue still holds messages
    cluster.broker_controllers[0].get_message_store().clean_unused_topic({"TBW102"})
    cluster.broker_controllers[1].get_topic_queue_mapping_clean_service().clean_item_expired()
    hosted = cluster.broker_controllers[1].get_topic_queue_mapping_manager().get_topic_queue_mapping(
        TOPIC).hosted_queues
    assert {qid: [item.bname for item in items] for qid, items in hosted.items()} == {
        qid: ["broker-b"] for qid in range(4)}

    # the mappings survive a restart (topicQueueMapping.json, as Java's)
    path = os.path.join(cluster.broker_store_dir(1), "config", "topicQueueMapping.json")
    with open(path, encoding="utf-8") as f:
        stored = json.load(f)
    assert set(stored) == {"topicQueueMappingInfoMap", "dataVersion"}
    before: List = cluster.broker_controllers[1].get_topic_queue_mapping_manager().get_topic_queue_mapping(
        TOPIC).hosted_queues
    restarted = cluster.restart_broker(1)
    assert restarted.get_topic_queue_mapping_manager().get_topic_queue_mapping(TOPIC).hosted_queues == before
    assert _offset(client, cluster, "broker-b", RequestCode.GET_MAX_OFFSET,
                   GetMaxOffsetRequestHeader(topic=TOPIC, queue_id=moved)) == block + 1


class _Collector:
    """A concurrent listener keeping each message's logical queue id and offset by body."""

    def __init__(self) -> None:
        self.got: Dict[bytes, tuple] = {}
        self.cond = threading.Condition()

    def __call__(self, msgs: List[Any], context: Any) -> ConsumeConcurrentlyStatus:
        with self.cond:
            self.got.update((m.get_body(), (m.get_queue_id(), m.get_queue_offset())) for m in msgs)
            self.cond.notify_all()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def wait_for(self, bodies: Set[bytes], timeout: float = 30.0) -> Dict[bytes, tuple]:
        with self.cond:
            if not self.cond.wait_for(lambda: bodies <= set(self.got), timeout):
                pytest.fail("consumer got %r, expected %r" % (sorted(self.got), sorted(bodies)))
            return dict(self.got)


@pytest.mark.timeout(90)
@pytest.mark.embedded_cluster(brokers=2)
def test_our_mqadmin_and_clients_across_a_remap(embedded_cluster: EmbeddedCluster, closing, monkeypatch) -> None:
    """Our ``mqadmin updateStaticTopic`` / ``remappingStaticTopic``, producer and push consumer (static-topic client
    of 5.3.3) on the two brokers: nothing lost across the remap, the logical offsets going on."""
    # a pull held at the old leader is answered (NOT_LEADER_FOR_QUEUE) when its hold ends: 1 s, not 15 s
    monkeypatch.setattr(default_mq_push_consumer_impl, "BROKER_SUSPEND_MAX_TIME_MILLIS", 1000)
    cluster = embedded_cluster
    topic = "StaticClientsTopic"
    assert mqadmin(["updateStaticTopic", "-t", topic, "-c", "DefaultCluster", "-qn", "4",
                    "-n", cluster.namesrv_addr]) == 0
    collector = _Collector()
    consumer = closing(DefaultMQPushConsumer("StaticClientsCG", namesrv_addr=cluster.namesrv_addr,
                                             poll_name_server_interval=500,
                                             consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET))
    consumer.subscribe(topic, "*")
    consumer.register_message_listener(collector)
    consumer.start()

    def produce(prefix: str) -> Dict[bytes, tuple]:
        with DefaultMQProducer("StaticClientsPG", namesrv_addr=cluster.namesrv_addr) as producer:
            queues = sorted(producer.fetch_publish_message_queues(topic), key=lambda mq: mq.queue_id)
            sent = {}
            for i in range(12):
                result = producer.send(Message(topic, body=b"%s-%d" % (prefix.encode(), i)), queues[i % 4])
                sent[b"%s-%d" % (prefix.encode(), i)] = (result.message_queue.queue_id, result.queue_offset)
            return sent

    before = produce("before")
    assert sorted(before.values()) == [(q, o) for q in range(4) for o in range(3)]
    moved = {qid for qid, items in cluster.broker_controllers[0].get_topic_queue_mapping_manager()
             .get_topic_queue_mapping(topic).hosted_queues.items()}
    collector.wait_for(set(before))
    assert mqadmin(["remappingStaticTopic", "-t", topic, "-b", "broker-b", "-n", cluster.namesrv_addr]) == 0
    for controller in cluster.broker_controllers:  # Java refreshes it every 5 s
        controller.get_broker_outer_api().refresh_metadata()
    after = produce("after")
    block = TopicQueueMappingUtils.DEFAULT_BLOCK_SEQ_SIZE
    assert sorted(after.values()) == sorted((q, (block if q in moved else 3) + o) for q in range(4) for o in range(3))
    assert collector.wait_for(set(before) | set(after)) == {**before, **after}
