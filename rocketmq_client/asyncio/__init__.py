"""asyncio clients over the threaded, Java-faithful core (no second protocol stack):

- :class:`AsyncProducer` (``DefaultMQProducer``) and :class:`AsyncTransactionProducer` (``TransactionMQProducer``
  with an :class:`AsyncTransactionListener`);
- :class:`AsyncPushConsumer` (``DefaultMQPushConsumer`` with an ``async def listener(msgs, context)``);
- :class:`AsyncLitePullConsumer` (``DefaultLitePullConsumer``: ``async for msg in consumer``, ``await poll()``).

Each takes its core class's settings as keywords (``AsyncProducer("group", namesrv_addr="127.0.0.1:9876")``) and
exposes the core object (``.producer`` / ``.consumer``) for hooks and admin calls. See docs/asyncio.md.
"""
from __future__ import annotations

from rocketmq_client.asyncio.async_lite_pull_consumer import AsyncLitePullConsumer
from rocketmq_client.asyncio.async_producer import AsyncProducer, AsyncTransactionListener, AsyncTransactionProducer
from rocketmq_client.asyncio.async_push_consumer import AsyncPushConsumer

__all__ = ["AsyncProducer", "AsyncTransactionProducer", "AsyncTransactionListener", "AsyncPushConsumer",
           "AsyncLitePullConsumer"]
