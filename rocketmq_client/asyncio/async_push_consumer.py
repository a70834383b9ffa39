"""asyncio push consumer over the threaded core's ``DefaultMQPushConsumer``.

::

    consumer = AsyncPushConsumer("please_rename_unique_group_name", namesrv_addr="127.0.0.1:9876")
    consumer.subscribe("TopicTest", "*")

    async def on_messages(msgs, context):
        for msg in msgs:
            await handle(msg.get_body())
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(on_messages)
    await consumer.start()
    ...
    await consumer.shutdown()

The core pulls and dispatches as in Java; each of its consume threads runs the listener coroutine on the loop that
started the consumer (``asyncio.run_coroutine_threadsafe``) and waits for its status. So the core's flow control
holds: at most ``consume_thread_max`` listener calls run at once, and a slow listener fills the process queues
until pulling pauses (``pull_threshold_for_queue``...), nothing piles up unbounded. Statuses are Java's
(``ConsumeConcurrentlyStatus``, ``ConsumeOrderlyStatus`` with ``orderly=True``); an exception counts as
RECONSUME_LATER / SUSPEND_CURRENT_QUEUE_A_MOMENT, as in the core.

POP consumption (5.x brokers) is the core's: ``AsyncPushConsumer(group, client_rebalance=False, ...)`` lets the
broker assign the queues, in POP mode when the group is (``pop_invisible_time``, ``pop_batch_nums``,
``pop_threshold_for_queue`` as keywords too); the listener coroutine's CONSUME_SUCCESS acks a popped message,
RECONSUME_LATER changes its invisible time.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
from typing import TYPE_CHECKING, Any, Callable, Coroutine, List, Optional, Set, Union

from rocketmq_client.asyncio.bridge import run_in_thread, run_on_loop
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.message_listener import (MessageListenerConcurrently,
                                                                MessageListenerOrderly)
from rocketmq_client.consumer.message_selector import MessageSelector

if TYPE_CHECKING:
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["AsyncPushConsumer"]

#: how long ``shutdown`` waits by default for listener calls in flight (ms): Java's
#: ``awaitTerminationMillisWhenShutdown`` is 0 (no wait); an asyncio consumer's shutdown is expected to finish them
DEFAULT_AWAIT_TERMINATION_MILLIS = 30000

AsyncListener = Callable[[List["MessageExt"], Any], Coroutine[Any, Any, Any]]


class _LoopListener:
    """Runs the listener coroutine of each consume call on the consumer's loop and waits for its status (on the
    calling consume thread); keeps the calls in flight for ``shutdown``."""

    def __init__(self, fn: AsyncListener) -> None:
        self.fn = fn
        self.loop: Optional[asyncio.AbstractEventLoop] = None
        #: the calls in flight (a set: adding and discarding are atomic)
        self.running: Set["concurrent.futures.Future[Any]"] = set()

    def call(self, msgs: List["MessageExt"], context: Any) -> Any:
        return run_on_loop(self.loop, self.fn, msgs, context, running=self.running)


class _LoopListenerConcurrently(MessageListenerConcurrently):
    def __init__(self, loop_listener: _LoopListener) -> None:
        self.loop_listener = loop_listener

    def consume_message(self, msgs: List["MessageExt"], context: Any) -> Any:
        return self.loop_listener.call(msgs, context)


class _LoopListenerOrderly(MessageListenerOrderly):
    def __init__(self, loop_listener: _LoopListener) -> None:
        self.loop_listener = loop_listener

    def consume_message(self, msgs: List["MessageExt"], context: Any) -> Any:
        return self.loop_listener.call(msgs, context)


class AsyncPushConsumer:
    """A ``DefaultMQPushConsumer`` for asyncio code: the listener is a coroutine run on the starting loop.

    ::

        consumer = AsyncPushConsumer("my_group", namesrv_addr="127.0.0.1:9876")
        consumer.subscribe("MyTopic", "*")

        async def on_messages(msgs, context):
            for msg in msgs:
                await handle(msg.get_body())
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

        consumer.register_message_listener(on_messages)   # before start(); orderly=True for ConsumeOrderlyStatus
        await consumer.start()
        ...
        await consumer.shutdown()

    At most ``consume_thread_max`` listener calls run at once and a slow listener pauses pulling, as in the core;
    an exception counts as RECONSUME_LATER (SUSPEND_CURRENT_QUEUE_A_MOMENT when orderly).
    ``AsyncPushConsumer(group, **config)``: every DefaultMQPushConsumer setting as a keyword; ``rpc_hook``,
    ``allocate_message_queue_strategy``, ``enable_msg_trace`` and ``customized_trace_topic`` are the Java
    constructor's arguments. ``await_termination_millis_when_shutdown`` defaults to
    :data:`DEFAULT_AWAIT_TERMINATION_MILLIS` here. :attr:`consumer` is the core consumer.
    """

    def __init__(self, consumer_group: Optional[str] = None, *, rpc_hook: Optional["RPCHook"] = None,
                 allocate_message_queue_strategy: Any = None, enable_msg_trace: bool = False,
                 customized_trace_topic: Optional[str] = None, **config: Any) -> None:
        config.setdefault("await_termination_millis_when_shutdown", DEFAULT_AWAIT_TERMINATION_MILLIS)
        self.consumer = DefaultMQPushConsumer(consumer_group, rpc_hook, allocate_message_queue_strategy,
                                              enable_msg_trace, customized_trace_topic, **config)
        self._listener: Optional[_LoopListener] = None

    def subscribe(self, topic: str, sub_expression: Union[str, MessageSelector, None] = None) -> None:
        """Java ``subscribe``: a tag expression (``"TagA || TagB"``, None or ``*``) or a MessageSelector."""
        self.consumer.subscribe(topic, sub_expression)

    def unsubscribe(self, topic: str) -> None:
        """Java ``unsubscribe``."""
        self.consumer.unsubscribe(topic)

    def register_message_listener(self, listener: AsyncListener, orderly: bool = False) -> None:
        """Java ``registerMessageListener`` with ``async def listener(msgs, context)``: concurrently (returns a
        ConsumeConcurrentlyStatus) or, with ``orderly=True``, orderly (a ConsumeOrderlyStatus)."""
        if not asyncio.iscoroutinefunction(listener) and not asyncio.iscoroutinefunction(
                getattr(listener, "__call__", None)):
            raise TypeError("listener must be an async def function (msgs, context), got %r" % (listener,))
        self._listener = _LoopListener(listener)
        core = _LoopListenerOrderly(self._listener) if orderly else _LoopListenerConcurrently(self._listener)
        self.consumer.register_message_listener(core)

    async def start(self) -> None:
        """Java ``start``: the listener will run on the running loop."""
        if self._listener is not None:
            self._listener.loop = asyncio.get_running_loop()
        await run_in_thread("AsyncPushConsumerStart", self.consumer.start)

    async def shutdown(self) -> None:
        """Java ``shutdown``, with the loop free meanwhile: the consume pool takes no new work, the listener calls
        in flight (and those already queued) finish within ``await_termination_millis_when_shutdown``, then the
        offsets are persisted and the consumer unregisters. Listener calls still running after that are
        cancelled."""
        await run_in_thread("AsyncPushConsumerShutdown", self.consumer.shutdown)
        if self._listener is not None:
            for future in list(self._listener.running):
                future.cancel()

    async def __aenter__(self) -> "AsyncPushConsumer":
        await self.start()
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        await self.shutdown()

    def __repr__(self) -> str:
        return "AsyncPushConsumer(%r)" % (self.consumer.consumer_group,)
