"""asyncio lite pull consumer over the threaded core's ``DefaultLitePullConsumer``.

::

    consumer = AsyncLitePullConsumer("lite_pull_group", namesrv_addr="127.0.0.1:9876")
    consumer.subscribe("TopicTest", "*")
    await consumer.start()
    async for msg in consumer:          # ends when the consumer shuts down
        handle(msg)

The core's ``poll`` blocks (up to its timeout) holding the consumer's lock, as Java's synchronized ``poll`` does:
polls, commits and seeks run one at a time on the consumer's own thread (``AsyncLitePullConsumerExecutor``), never
on the loop, and an awaited poll calls the core's in slices of at most half a second, so that ``shutdown`` never
waits long for the lock. ``subscribe`` and ``assign`` are plain calls (before ``start``, as in Java; after it
they wait for a poll slice in progress). ``shutdown`` fails the awaits still pending with an MQClientException.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, AsyncIterator, Collection, List, Mapping, Optional, Set, Union

from rocketmq_client.asyncio.bridge import (PendingFutures, client_closed, run_in_thread, run_on_executor,
                                            shutdown_with_executor)
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor

if TYPE_CHECKING:
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["AsyncLitePullConsumer"]

#: the longest wait of one core poll within an awaited poll (ms)
POLL_SLICE_MILLIS = 500


class AsyncLitePullConsumer:
    """A ``DefaultLitePullConsumer`` for asyncio code: polls are awaited, never run on the loop.

    ::

        consumer = AsyncLitePullConsumer("my_group", namesrv_addr="127.0.0.1:9876")
        consumer.subscribe("MyTopic", "*")          # before start(), as in Java
        await consumer.start()
        async for msg in consumer:                  # ends when the consumer shuts down
            handle(msg)

    Polls, commits and seeks run one at a time on the consumer's own thread, as Java's synchronized ``poll``;
    ``await consumer.poll()`` returns a list like the core's. ``shutdown`` fails the awaits still pending.
    ``AsyncLitePullConsumer(group, **config)``: every DefaultLitePullConsumer setting as a keyword
    (``auto_commit``, ``pull_batch_size``, ``poll_timeout_millis``...); ``rpc_hook`` is the Java constructor's.
    :attr:`consumer` is the core consumer.
    """

    def __init__(self, consumer_group: Optional[str] = None, *, rpc_hook: Optional["RPCHook"] = None,
                 **config: Any) -> None:
        self.consumer = DefaultLitePullConsumer(consumer_group, rpc_hook, **config)
        self._pending = PendingFutures()
        #: polls, seeks and commits, one at a time (the core's lock serialises them anyway)
        self._executor = ThreadPoolExecutor(1, 1, 1024, "AsyncLitePullConsumerExecutor_")
        self._closed = False

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Java ``start``."""
        await run_in_thread("AsyncLitePullConsumerStart", self.consumer.start)

    async def shutdown(self) -> None:
        """Java ``shutdown`` (offsets persisted): the awaits still pending fail with an MQClientException; an
        ``async for`` over the consumer ends."""
        self._closed = True
        self._pending.fail_all(lambda: client_closed("AsyncLitePullConsumer"))
        await run_in_thread("AsyncLitePullConsumerShutdown", shutdown_with_executor, self.consumer.shutdown,
                            self._executor)

    async def __aenter__(self) -> "AsyncLitePullConsumer":
        await self.start()
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        await self.shutdown()

    # ------------------------------------------------------------------ subscriptions and assignment

    def subscribe(self, topic: str, sub_expression: Union[str, MessageSelector, None] = None) -> None:
        """Java ``subscribe``: a tag expression or a MessageSelector."""
        self.consumer.subscribe(topic, sub_expression)

    def unsubscribe(self, topic: str) -> None:
        """Java ``unsubscribe``."""
        self.consumer.unsubscribe(topic)

    def assign(self, message_queues: Collection["MessageQueue"]) -> None:
        """Java ``assign``: consume exactly these queues."""
        self.consumer.assign(message_queues)

    def assignment(self) -> Set["MessageQueue"]:
        """Java ``assignment``."""
        return self.consumer.assignment()

    async def fetch_message_queues(self, topic: str) -> Set["MessageQueue"]:
        """Java ``fetchMessageQueues`` (asks the name server)."""
        return await self._run(self.consumer.fetch_message_queues, topic)

    # ------------------------------------------------------------------ polling and offsets

    async def poll(self, timeout_ms: Optional[int] = None) -> List["MessageExt"]:
        """Java ``poll``: up to ``pull_batch_size`` messages, waiting up to ``timeout_ms`` (default
        ``poll_timeout_millis``); an empty list when none came."""
        return await self._run(self._poll, self.consumer.poll_timeout_millis if timeout_ms is None else timeout_ms)

    def _poll(self, timeout_ms: int) -> List["MessageExt"]:
        """The core's poll in slices of at most :data:`POLL_SLICE_MILLIS`, until messages come, the timeout
        passes or the consumer shuts down: a long poll never holds the consumer's lock (and so ``shutdown``)
        for longer than a slice."""
        deadline = time.monotonic() + max(0, timeout_ms) / 1000.0
        while True:
            remaining = int((deadline - time.monotonic()) * 1000)
            msgs = self.consumer.poll(max(0, min(remaining, POLL_SLICE_MILLIS)))
            if msgs or remaining <= POLL_SLICE_MILLIS or self._closed:
                return msgs

    async def seek(self, message_queue: "MessageQueue", offset: int) -> None:
        """Java ``seek``: the next messages of ``message_queue`` start at ``offset``."""
        await self._run(self.consumer.seek, message_queue, offset)

    async def seek_to_begin(self, message_queue: "MessageQueue") -> None:
        """Java ``seekToBegin``."""
        await self._run(self.consumer.seek_to_begin, message_queue)

    async def seek_to_end(self, message_queue: "MessageQueue") -> None:
        """Java ``seekToEnd``."""
        await self._run(self.consumer.seek_to_end, message_queue)

    async def commit_sync(self, offset_map: Optional[Mapping["MessageQueue", int]] = None,
                          persist: bool = False) -> None:
        """Java ``commitSync()`` / ``commitSync(offsetMap, persist)``."""
        await self._run(self.consumer.commit_sync, offset_map, persist)

    async def committed(self, message_queue: "MessageQueue") -> int:
        """Java ``committed``: the committed offset of ``message_queue`` (asks the broker)."""
        return await self._run(self.consumer.committed, message_queue)

    def pause(self, message_queues: Collection["MessageQueue"]) -> None:
        """Java ``pause``."""
        self.consumer.pause(message_queues)

    def resume(self, message_queues: Collection["MessageQueue"]) -> None:
        """Java ``resume``."""
        self.consumer.resume(message_queues)

    def __aiter__(self) -> AsyncIterator["MessageExt"]:
        return self._messages()

    async def _messages(self) -> AsyncIterator["MessageExt"]:
        """Each polled message, until the consumer shuts down."""
        while not self._closed:
            try:
                msgs = await self.poll()
            except Exception:
                if self._closed:
                    return
                raise
            for msg in msgs:
                yield msg

    async def _run(self, fn: Any, *args: Any) -> Any:
        return await run_on_executor(self._pending, self._executor, "AsyncLitePullConsumer", fn, *args)

    def __repr__(self) -> str:
        return "AsyncLitePullConsumer(%r)" % (self.consumer.consumer_group,)
