"""Java ``org.apache.rocketmq.example.schedule.ScheduledMessageProducer``: 100 messages with a delay level, which
the broker delivers to TestTopic only once the delay has passed.

    python examples/schedule/scheduled_message_producer.py [-n host:port]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message

PRODUCER_GROUP = "ExampleProducerGroup"
TOPIC = "TestTopic"
TOTAL_MESSAGES_TO_SEND = 100
#: the broker's delay levels are "1s 5s 10s 30s 1m 2m ... 2h": Java's example uses level 3 (10 s); level 1 (1 s)
#: keeps this one short
DELAY_TIME_LEVEL = 1
DELAY_MILLIS = 1000


def main(example: Example) -> bool:
    # Instantiate a producer to send scheduled messages
    producer = DefaultMQProducer(PRODUCER_GROUP)
    producer.set_namesrv_addr(example.namesrv_addr)
    # Launch producer
    producer.start()
    sent = 0
    for i in range(TOTAL_MESSAGES_TO_SEND):
        message = Message(TOPIC, ("Hello scheduled message %d" % i).encode())
        # This message will be delivered to consumer DELAY_MILLIS later.
        message.set_delay_time_level(DELAY_TIME_LEVEL)
        # Send the message
        result = producer.send(message)
        print(result)
        sent += result.get_send_status() == SendStatus.SEND_OK

    # Shutdown producer after use.
    producer.shutdown()
    print("Sent %d of %d scheduled messages" % (sent, TOTAL_MESSAGES_TO_SEND))
    return sent == TOTAL_MESSAGES_TO_SEND


if __name__ == "__main__":
    run(main, topics=[TOPIC])
