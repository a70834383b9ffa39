"""An asyncio push consumer (``rocketmq_client.asyncio.AsyncPushConsumer``): an ``async def`` listener running on
the application's event loop, under the core's flow control; ``await shutdown()`` lets running listeners finish
and persists the offsets.

    python examples/asyncio/async_push_consumer.py [-n host:port]

On the embedded cluster, examples/asyncio/async_producer.py sends its 100 messages once the consumer has started;
the consumer ends when it received them all.
"""
import asyncio
import os
import sys

# examples/ itself (for _support); this directory has no __init__.py, so it never shadows the asyncio package
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import async_producer as producer  # noqa: E402 - the example beside this one
from _support import Example, run
from rocketmq_client.asyncio import AsyncPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere


async def consume(example: Example) -> int:
    received = set()
    all_received = asyncio.Event()
    consumer = AsyncPushConsumer("AsyncConsumerGroup", namesrv_addr=example.namesrv_addr,
                                 consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(producer.TOPIC, "*")

    async def listener(msgs, context):
        for msg in msgs:
            await asyncio.sleep(0)  # an awaiting handler: a database write, an HTTP call...
            print("Receive New Message: %s %s" % (msg.get_msg_id(), msg.get_body().decode()))
            received.add(msg.get_msg_id())
        if len(received) >= producer.MESSAGE_COUNT:
            all_received.set()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(listener)
    await consumer.start()
    print("Consumer Started.")
    example.started()
    try:
        await asyncio.wait_for(all_received.wait(), example.remaining())
    except asyncio.TimeoutError:
        pass
    await consumer.shutdown()
    return len(received)


def main(example: Example) -> bool:
    count = asyncio.run(consume(example))
    print("Received %d of %d messages" % (count, producer.MESSAGE_COUNT))
    return count >= producer.MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[producer.TOPIC], feed=producer.main)
