"""Message trace configured as 5.3.3 has it (``enable_trace``, ``trace_msg_batch_num``) on the real 5.3.3 broker:
Java 5.3.3's mqadmin ``queryMsgTraceById`` reads the Pub and Sub records our producer and push consumer wrote."""
from __future__ import annotations

from typing import Dict, List, Optional

import pytest
from interop_support import Anchors, Collected, RealCluster, unique
from test_java_client import java_mqadmin
from waiting import wait_for

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message

pytestmark = pytest.mark.timeout(300)


def test_java5_mqadmin_reads_traces_of_our_5x_configured_clients(anchors5: Anchors, real5_cluster: RealCluster,
                                                                  tmp_path) -> None:
    topic = unique("Traced5Topic")
    producer_group, consumer_group = unique("Trace5PG"), unique("Trace5CG")
    producer = DefaultMQProducer(producer_group, namesrv_addr=real5_cluster.namesrv_addr, instance_name=unique("t"),
                                 enable_trace=True, trace_msg_batch_num=3)
    collected = Collected()
    consumer = DefaultMQPushConsumer(consumer_group, namesrv_addr=real5_cluster.namesrv_addr,
                                     instance_name=unique("t"), enable_trace=True,
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    with producer:
        msg_ids = [producer.send(Message(topic, "TagT", "KeyT%d" % i, b"traced-%d" % i)).get_msg_id()
                   for i in range(3)]
        consumer.subscribe(topic, "*")
        consumer.register_message_listener(collected)
        consumer.start()
        try:
            collected.wait_for_bodies({b"traced-0", b"traced-1", b"traced-2"})

            def traced(msg_id: str) -> Optional[Dict[str, List[str]]]:
                lines = java_mqadmin(anchors5, str(tmp_path), real5_cluster.namesrv_addr, "queryMsgTraceById",
                                     "-i", msg_id)
                # "Pub <group> <host> <yyyy-MM-dd> <HH:mm:ss> <cost>ms <status>", and "Sub ..." for the consumer
                rows = {row[0]: row for row in (line.split() for line in lines) if row[:1] in (["Pub"], ["Sub"])}
                return rows if len(rows) == 2 else None

            # three sends make a full batch; the consume records leave with the 5 s flush interval at the latest
            rows = wait_for(lambda: traced(msg_ids[1]), 90, "the Pub and Sub traces")
        finally:
            consumer.shutdown()
    assert (rows["Pub"][1], rows["Pub"][-1]) == (producer_group, "success")
    assert (rows["Sub"][1], rows["Sub"][-1]) == (consumer_group, "success")
