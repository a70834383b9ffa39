"""Java ``org.apache.rocketmq.example.tracemessage.TraceProducer``: a producer with message trace enabled
(``DefaultMQProducer(group, enable_msg_trace=True)``; Java: ``new DefaultMQProducer(group, true)``): a trace record
of every send goes to the trace topic, RMQ_SYS_TRACE_TOPIC.

    python examples/tracemessage/trace_producer.py [-n host:port]

Not in Java's example: once the producer is shut down (which flushes the traces), the example reads the trace topic
and checks that every message sent has its "Pub" record. The embedded broker runs with traceTopicEnable=true.
"""
import os
import sys
import traceback
from typing import Set

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, read_topic, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message
from rocketmq_common.topic.topic_validator import TopicValidator

PRODUCER_GROUP = "ProducerGroupName"
TOPIC = "TopicTest"
TAG = "TagA"
KEY = "OrderID188"
MESSAGE_COUNT = 128
#: ``cluster_options`` of the embedded broker: it creates the trace topic (Java: traceTopicEnable=true)
TRACE_CLUSTER_OPTIONS = {"broker_config": {"trace_topic_enable": True}}


def traced_msg_ids(example: Example, trace_type: str):
    """The message ids of the ``trace_type`` records ("Pub", "SubBefore", "SubAfter") in the trace topic."""
    from rocketmq_client.trace.trace_data_encoder import TraceDataEncoder

    ids: Set[str] = set()
    for trace_msg in read_topic(example, TopicValidator.RMQ_SYS_TRACE_TOPIC):
        for context in TraceDataEncoder.decoder_from_trace_data_string(trace_msg.get_body().decode("utf-8")):
            if context.get_trace_type().name == trace_type:
                ids.update(bean.get_msg_id() for bean in context.get_trace_beans())
    return ids


def main(example: Example) -> bool:
    producer = DefaultMQProducer(PRODUCER_GROUP, enable_msg_trace=True)
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()

    sent = []
    for i in range(MESSAGE_COUNT):
        try:
            msg = Message(TOPIC, TAG, KEY, "Hello world".encode("utf-8"))
            send_result = producer.send(msg)
            print(send_result)
            if send_result.get_send_status() == SendStatus.SEND_OK:
                sent.append(send_result.get_msg_id())
        except Exception:
            traceback.print_exc()

    producer.shutdown()
    traced = traced_msg_ids(example, "Pub")
    found = sum(1 for msg_id in sent if msg_id in traced)
    print("Sent %d of %d messages, %d with a trace record" % (len(sent), MESSAGE_COUNT, found))
    return len(sent) == MESSAGE_COUNT and found == MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[TOPIC], cluster_options=TRACE_CLUSTER_OPTIONS)
