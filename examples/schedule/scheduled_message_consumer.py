"""Java ``org.apache.rocketmq.example.schedule.ScheduledMessageConsumer``: receives the scheduled messages and prints
how late they came.

    python examples/schedule/scheduled_message_consumer.py [-n host:port]

Java's advice: to see the time effect, run the consumer first, then the producer. On the embedded cluster,
examples/schedule/scheduled_message_producer.py runs once the consumer has started; the consumer ends when it
received the 100 messages, and checks that none was stored for delivery before its delay.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from schedule import scheduled_message_producer as producer

CONSUMER_GROUP = "ExampleConsumer"
TOPIC = "TestTopic"


def main(example: Example) -> bool:
    received = ReceivedMessages(producer.TOTAL_MESSAGES_TO_SEND)
    # Instantiate message consumer
    consumer = DefaultMQPushConsumer(CONSUMER_GROUP)
    consumer.set_namesrv_addr(example.namesrv_addr)
    # Subscribe topics
    consumer.subscribe(TOPIC, "*")

    # Register message listener
    def consume_message(messages, context):
        for message in messages:
            # Print approximate delay time period
            print("Receive message[msgId=%s %d  ms later]" % (message.get_msg_id(),
                                                              int(time.time() * 1000) - message.get_store_timestamp()))
        received.add(messages)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(consume_message)
    # Launch consumer
    consumer.start()
    example.started()
    ok = received.await_(example.remaining())
    consumer.shutdown()
    # the broker stores a scheduled message again, in its real topic, when the delay has passed
    early = [m for m in received.messages() if m.get_store_timestamp() - m.get_born_timestamp() < producer.DELAY_MILLIS]
    print("Received %d of %d scheduled messages, %d delivered before their delay"
          % (received.count(), received.expected, len(early)))
    return ok and not early


if __name__ == "__main__":
    run(main, topics=[TOPIC], feed=producer.main)
