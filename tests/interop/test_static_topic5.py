"""Static topics (issue 31) on the broker side: Java 5.3.3's ``mqadmin updateStaticTopic`` and
``remappingStaticTopic`` on our two embedded brokers, the official Java 5.3.3 producer and push consumer
(:file:`JavaStatic5.java`) across the remap (nothing lost, logical offsets going on), and the raw answers of our
broker to UPDATE_AND_CREATE_STATIC_TOPIC, GET_TOPIC_CONFIG and the offset requests beside a real 5.3.3 broker's."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

import pytest
from interop_support import Anchors, JavaPeers, RealCluster, unique
from test_java_client import java_mqadmin
from test_pop_broker5 import Broker
from waiting import wait_for

from rocketmq_broker.embedded_cluster import EmbeddedCluster, start_embedded_cluster
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.header.get_max_offset_request_header import GetMaxOffsetRequestHeader
from rocketmq_common.protocol.header.get_min_offset_request_header import GetMinOffsetRequestHeader
from rocketmq_common.protocol.header.get_topic_config_request_header import GetTopicConfigRequestHeader
from rocketmq_common.protocol.header.query_consumer_offset_request_header import QueryConsumerOffsetRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

pytestmark = pytest.mark.timeout(240)

BLOCK = TopicQueueMappingUtils.DEFAULT_BLOCK_SEQ_SIZE


def _lines(lines: List[str], tag: str) -> Dict[str, Tuple[int, int]]:
    """``<tag> <body> <queueId> <queueOffset>`` lines: body -> (queue id, queue offset)."""
    out = {}
    for line in lines:
        parts = line.split()
        if len(parts) == 4 and parts[0] == tag:
            out[parts[1]] = (int(parts[2]), int(parts[3]))
    return out


def _mqadmin(anchors5: Anchors, tmp_path, cluster: EmbeddedCluster, *argv: str) -> str:
    out = "\n".join(java_mqadmin(anchors5, str(tmp_path), cluster.namesrv_addr, *argv))
    assert "command failed" not in out and "Exception" not in out, out
    return out


@pytest.mark.embedded_cluster(brokers=2)
def test_java_mqadmin_static_topic_and_java_clients_across_a_remap(anchors5: Anchors, java5_peer: JavaPeers,
                                                                   embedded_cluster: EmbeddedCluster,
                                                                   tmp_path) -> None:
    cluster = embedded_cluster
    topic, group = unique("StaticT"), unique("StaticCG")
    _mqadmin(anchors5, tmp_path, cluster, "updateStaticTopic", "-t", topic, "-c", "DefaultCluster", "-qn", "4")
    details = {c.get_broker_config().broker_name: c.get_topic_queue_mapping_manager().get_topic_queue_mapping(topic)
               for c in cluster.broker_controllers}
    assert sorted(q for d in details.values() for q in d.hosted_queues) == [0, 1, 2, 3]
    consumer = java5_peer.run_class("JavaStatic5.java", "JavaStatic5", "consume", cluster.namesrv_addr, topic, group)
    wait_for(lambda: "STARTED" in consumer.output(), 60, "the Java consumer")

    def produce(prefix: str) -> Dict[str, Tuple[int, int]]:
        peer = java5_peer.run_class("JavaStatic5.java", "JavaStatic5", "produce", cluster.namesrv_addr, topic,
                                    prefix, "20")
        assert peer.process.wait(120) == 0, peer.output()[-3000:]
        return _lines(peer.output().splitlines(), "SENT")

    before = produce("before")
    assert sorted(before.values()) == [(q, o) for q in range(4) for o in range(5)]
    _mqadmin(anchors5, tmp_path, cluster, "remappingStaticTopic", "-t", topic, "-b", "broker-b")
    moved = {q for q, items in details["broker-a"].hosted_queues.items()}
    for controller in cluster.broker_controllers:  # Java refreshes it every 5 s
        controller.get_broker_outer_api().refresh_metadata()
    after = produce("after")
    # the moved logical queues go on a block later on broker-b, the others where they were
    assert sorted(after.values()) == sorted((q, (BLOCK if q in moved else 5) + o) for q in range(4)
                                            for o in range(5))

    def got() -> Dict[str, Tuple[int, int]]:
        return _lines(consumer.output().splitlines(), "GOT")

    wait_for(lambda: set(got()) == set(before) | set(after), 120, "every message at the Java consumer")
    assert got() == {**before, **after}  # the same logical queue and offset as the producer was told


@pytest.fixture(scope="module")
def brokers(real5_cluster: RealCluster, tmp_path_factory: pytest.TempPathFactory):
    """The real 5.3.3 broker and our embedded one (broker-a of both)."""
    embedded = start_embedded_cluster(str(tmp_path_factory.mktemp("static-embedded")))
    client = NettyRemotingClient()
    client.start()
    try:
        yield [Broker(client, real5_cluster.broker_addr, "broker-a"),
               Broker(client, embedded.broker_addr, embedded.broker_name(0))]
    finally:
        client.shutdown()
        embedded.shutdown()


def _answer(response: RemotingCommand) -> Tuple[int, Optional[str], Dict[str, str]]:
    return response.code, response.remark, dict(response.ext_fields or {})


def test_static_topic_answers_as_a_real_5_3_3_broker(brokers: List[Broker]) -> None:
    topic = unique("StaticRaw")
    # one plan for both brokers (both broker-a): the same epoch in every answer
    config = TopicQueueMappingUtils.create_topic_config_mapping(topic, 2, {"broker-a"}, {}).broker_config_map[
        "broker-a"]
    detail = config.mapping_detail
    answers = []
    for broker in brokers:

        def create(mapping: Any) -> Tuple[int, Optional[str], Dict[str, str]]:
            header = CreateTopicRequestHeader(topic=topic, default_topic="TBW102", read_queue_nums=2,
                                              write_queue_nums=2, perm=6, topic_filter_type="SINGLE_TAG",
                                              topic_sys_flag=0, order=False, force=False)
            return _answer(broker.call(RequestCode.UPDATE_AND_CREATE_STATIC_TOPIC, header, mapping.encode()))

        seen: List[Any] = [create(detail)]
        older = TopicQueueMappingDetail.decode(detail.encode())
        older.epoch -= 1
        seen.append(create(older))  # refused: "Can't accept data with small epoch ..."
        for lo in (True, None):
            response = broker.call(RequestCode.GET_TOPIC_CONFIG, GetTopicConfigRequestHeader(topic=topic, lo=lo))
            # as standard JSON: fastjson writes the hostedQueues ids unquoted, ours quoted (both read either)
            body = json.loads(json.dumps(fastjson.loads(response.body.decode())))
            body.pop("attributes", None)  # 5.3.3 brokers add their default attributes
            seen.append((response.code, response.remark, body))
        sent = []
        for i in range(3):
            header = SendMessageRequestHeader(producer_group="StaticPG", topic=topic, default_topic="TBW102",
                                              default_topic_queue_nums=4, queue_id=1, sys_flag=0,
                                              born_timestamp=0, flag=0, properties="", reconsume_times=0,
                                              unit_mode=False, batch=False)
            header.bname = broker.broker_name
            response = broker.call(RequestCode.SEND_MESSAGE, header, b"static-%d" % i)
            sent.append((response.code, response.ext_fields["queueId"], response.ext_fields["queueOffset"]))
        seen.append(sent)
        max_offset = GetMaxOffsetRequestHeader(topic=topic, queue_id=1, bname=broker.broker_name)
        wait_for(lambda: broker.call(RequestCode.GET_MAX_OFFSET, max_offset).ext_fields["offset"] == "3", 10,
                 "the sends in the consume queue")  # the real broker dispatches them a little later
        for code, header in ((RequestCode.GET_MAX_OFFSET, GetMaxOffsetRequestHeader(topic=topic, queue_id=1)),
                             (RequestCode.GET_MIN_OFFSET, GetMinOffsetRequestHeader(topic=topic, queue_id=1)),
                             (RequestCode.GET_MAX_OFFSET, GetMaxOffsetRequestHeader(topic=topic, queue_id=7)),
                             (RequestCode.QUERY_CONSUMER_OFFSET, QueryConsumerOffsetRequestHeader(
                                 consumer_group="StaticCG", topic=topic, queue_id=1))):
            header.bname = broker.broker_name
            seen.append(_answer(broker.call(code, header)))
        answers.append(seen)
    real, ours = answers
    for real_answer, our_answer in zip(real, ours):
        assert our_answer == real_answer, "OURS %r\nREAL %r" % (our_answer, real_answer)
