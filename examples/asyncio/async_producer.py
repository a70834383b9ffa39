"""An asyncio producer (``rocketmq_client.asyncio.AsyncProducer``): 100 sends awaited together from one event loop,
the settings as keywords. Each await is the core's asynchronous send (Java ``send(msg, SendCallback)``): no thread
per send.

    python examples/asyncio/async_producer.py [-n host:port]
"""
import asyncio
import os
import sys

# examples/ itself (for _support); this directory has no __init__.py, so it never shadows the asyncio package
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.asyncio import AsyncProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message

MESSAGE_COUNT = 100
TOPIC = "TopicTest"


async def produce(namesrv_addr: str) -> int:
    async with AsyncProducer("AsyncProducerGroup", namesrv_addr=namesrv_addr, send_msg_timeout=10000) as producer:
        sends = [producer.send(Message(TOPIC, "TagA", "OrderID%d" % i, b"Hello asyncio %d" % i))
                 for i in range(MESSAGE_COUNT)]
        results = await asyncio.gather(*sends, return_exceptions=True)
    for result in results:
        print(result)
    return sum(1 for r in results if not isinstance(r, BaseException) and r.get_send_status() is SendStatus.SEND_OK)


def main(example: Example) -> bool:
    sent = asyncio.run(produce(example.namesrv_addr))
    print("Sent %d of %d messages asynchronously" % (sent, MESSAGE_COUNT))
    return sent == MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[TOPIC])
