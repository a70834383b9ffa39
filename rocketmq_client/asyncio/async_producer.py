"""asyncio producers over the threaded core: :class:`AsyncProducer` (a ``DefaultMQProducer``) and
:class:`AsyncTransactionProducer` (a ``TransactionMQProducer``). No second protocol stack: every call is the core's.

::

    async with AsyncProducer("ProducerGroupName", namesrv_addr="127.0.0.1:9876") as producer:
        result = await producer.send(Message("TopicTest", "TagA", b"Hello RocketMQ"))

``send`` uses the core's asynchronous send (Java ``send(msg, SendCallback)``): the result is handed to the loop
with ``call_soon_threadsafe``, so any number of awaited sends from one loop hold no thread each (they queue in the
core's async sender executor, bounded as in Java). With ``enable_backpressure_for_async_mode`` (5.3.3) the core's
send may wait for a permit: it then runs on the producer's executor, and the loop is never blocked. Results and
exceptions are the core's (``SendResult``, ``MQClientException``, ``MQBrokerException``, ``RemotingException``...).
``shutdown`` fails the awaits still pending with an MQClientException saying so.
"""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Collection, Dict, Optional, Union

from rocketmq_client.asyncio.bridge import (LoopCallback, PendingFutures, client_closed, run_in_thread,
                                            run_on_executor, run_on_loop, shutdown_with_executor)
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.transaction_listener import TransactionListener
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.thread_pool import RejectedExecutionException, ThreadPoolExecutor

if TYPE_CHECKING:
    from rocketmq_client.producer.send_result import SendResult
    from rocketmq_client.producer.transaction_send_result import TransactionSendResult
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["AsyncProducer", "AsyncTransactionProducer", "AsyncTransactionListener"]


class AsyncProducer:
    """A ``DefaultMQProducer`` for asyncio code; every call is the threaded core's, awaited.

    ::

        async with AsyncProducer("my_group", namesrv_addr="127.0.0.1:9876") as producer:   # or await start()
            result = await producer.send(Message("MyTopic", b"hello"))                     # a SendResult

    Awaited sends use the core's asynchronous send, so many from one loop hold no thread each; with
    ``enable_backpressure_for_async_mode`` a send that waits for a permit waits on the producer's executor, never
    on the loop. ``shutdown`` fails the awaits still pending with an MQClientException.
    ``AsyncProducer(group, **config)``: every DefaultMQProducer setting as a keyword (``namesrv_addr``,
    ``send_msg_timeout``, ``retry_times_when_send_async_failed``...); ``rpc_hook``, ``enable_msg_trace`` and
    ``customized_trace_topic`` are the Java constructor's arguments. :attr:`producer` is the core producer (hooks,
    admin calls).
    """

    _core_class = DefaultMQProducer

    def __init__(self, producer_group: Optional[str] = None, *, rpc_hook: Optional["RPCHook"] = None,
                 enable_msg_trace: bool = False, customized_trace_topic: Optional[str] = None,
                 **config: Any) -> None:
        self.producer: DefaultMQProducer = self._core_class(
            producer_group, rpc_hook, enable_msg_trace=enable_msg_trace,
            customized_trace_topic=customized_trace_topic, **config)
        self._pending = PendingFutures()
        #: runs the calls the core only has in blocking form (oneway sends, transactional sends): 4 threads over
        #: a queue of 50000 as Java's async sender executor, ended by shutdown
        self._executor = ThreadPoolExecutor(4, 4, 50000, "AsyncProducerExecutor_")

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Java ``start`` (in a thread of its own: it connects to the name server)."""
        await run_in_thread("AsyncProducerStart", self.producer.start)

    async def shutdown(self) -> None:
        """Java ``shutdown``: the awaits still pending fail with an MQClientException, then the core producer
        shuts down (no thread or connection of it is left)."""
        self._pending.fail_all(lambda: client_closed("AsyncProducer.send"))
        await run_in_thread("AsyncProducerShutdown", shutdown_with_executor, self.producer.shutdown, self._executor)

    async def __aenter__(self) -> "AsyncProducer":
        await self.start()
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        await self.shutdown()

    # ------------------------------------------------------------------ sending

    async def send(self, msg: Union[Message, Collection[Message]], mq: Optional[MessageQueue] = None, *,
                   selector: Any = None, arg: Any = None, timeout: Optional[int] = None) -> "SendResult":
        """Java's ``send`` forms, awaited: ``send(msg)``, ``send(msg, mq)`` / ``send(msg, mq=mq)``,
        ``send(msg, selector=selector, arg=arg)``, or a collection of messages of one topic (a batch; ``mq``
        allowed, no selector); ``timeout`` in ms (default ``send_msg_timeout``)."""
        _check_route(mq, selector, arg)
        future = self._pending.new_future()
        callback = LoopCallback(future)
        route: Dict[str, Any] = dict(selector=selector, arg=arg) if selector is not None else dict(mq=mq)
        try:
            if self.producer.is_enable_backpressure_for_async_mode():
                self._send_with_back_pressure(msg, route, callback, timeout)
            else:
                self.producer.send(msg, callback=callback, timeout=timeout, **route)
        except BaseException:
            future.cancel()
            raise
        return await future

    def _send_with_back_pressure(self, msg: Any, route: Dict[str, Any], callback: LoopCallback,
                                 timeout: Optional[int]) -> None:
        """With async back-pressure (5.3.3) the core's send waits for its permits: it runs on the producer's
        executor, so the loop goes on while the limit is reached (the await ends with the send's outcome)."""
        def run() -> None:
            try:
                self.producer.send(msg, callback=callback, timeout=timeout, **route)
            except Exception as e:
                callback.on_exception(e)

        try:
            self._executor.execute(run)
        except RejectedExecutionException as e:
            if self._executor.is_shutdown():
                raise client_closed("AsyncProducer.send") from e
            raise MQClientException("AsyncProducer.send: %d sends already wait for back-pressure permits"
                                    % self._executor.get_queue_size(), e) from e

    async def send_oneway(self, msg: Message, mq: Optional[MessageQueue] = None, *, selector: Any = None,
                          arg: Any = None) -> None:
        """Java ``sendOneway`` forms (no answer from the broker): run on the producer's executor, as the core's
        one-way send writes the request before it returns."""
        await self._run(self.producer.send_oneway, msg, *_route(mq, selector, arg))

    async def request(self, msg: Message, timeout: int, mq: Optional[MessageQueue] = None, *,
                      selector: Any = None, arg: Any = None) -> "Message":
        """Java ``request`` (request/reply) with a RequestCallback, awaited: the reply message, or the core's
        RequestTimeoutException after ``timeout`` ms."""
        _check_route(mq, selector, arg)
        future = self._pending.new_future()
        try:
            if selector is not None:
                self.producer.request(msg, timeout=timeout, selector=selector, arg=arg, callback=LoopCallback(future))
            else:
                self.producer.request(msg, timeout=timeout, mq=mq, callback=LoopCallback(future))
        except BaseException:
            future.cancel()
            raise
        return await future

    async def recall_message(self, topic: str, recall_handle: Optional[str]) -> str:
        """Java 5.3.3 ``recallMessage``, awaited: cancel a delayed message by the ``get_recall_handle()`` of its
        SendResult; its unique key. The core's call is synchronous (a route lookup, then the request): it runs on
        the producer's executor, so the loop is never blocked."""
        return await self._run(self.producer.recall_message, topic, recall_handle)

    async def _run(self, fn: Any, *args: Any) -> Any:
        return await run_on_executor(self._pending, self._executor, "AsyncProducer", fn, *args)

    def __repr__(self) -> str:
        return "%s(%r)" % (type(self).__name__, self.producer.producer_group)


def _check_route(mq: Optional[MessageQueue], selector: Any, arg: Any) -> None:
    """Raise TypeError for ``mq`` with ``selector``, or ``arg`` without ``selector``."""
    if mq is not None and selector is not None:
        raise TypeError("send takes mq or selector, not both")
    if selector is None and arg is not None:
        raise TypeError("arg is the argument of a selector: pass selector= too")


def _route(mq: Optional[MessageQueue], selector: Any, arg: Any) -> tuple:
    """The positional arguments of the core's send forms: ``(mq,)``, ``(selector, arg)`` or ``()``."""
    _check_route(mq, selector, arg)
    if mq is not None:
        return (mq,)
    if selector is not None:
        return (selector, arg)
    return ()


class AsyncTransactionListener:
    """The listener of an :class:`AsyncTransactionProducer`: Java's ``TransactionListener`` with coroutines, run
    on the producer's event loop."""

    async def execute_local_transaction(self, msg: Message, arg: Any) -> LocalTransactionState:
        """Run the local transaction once the half message is stored; an exception or None counts as UNKNOW."""
        raise NotImplementedError

    async def check_local_transaction(self, msg: "MessageExt") -> LocalTransactionState:
        """Answer the broker's check of a half message whose outcome it does not know."""
        raise NotImplementedError


class _LoopTransactionListener(TransactionListener):
    """The core's TransactionListener running an AsyncTransactionListener's coroutines on ``loop`` (the core
    calls it on a sending or checking thread, which waits for the coroutine)."""

    def __init__(self, listener: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.listener = listener
        self.loop = loop

    def execute_local_transaction(self, msg: Message, arg: Any) -> LocalTransactionState:
        return run_on_loop(self.loop, self.listener.execute_local_transaction, msg, arg)

    def check_local_transaction(self, msg: "MessageExt") -> LocalTransactionState:
        return run_on_loop(self.loop, self.listener.check_local_transaction, msg)


class AsyncTransactionProducer(AsyncProducer):
    """A ``TransactionMQProducer`` for asyncio code: ``AsyncTransactionProducer(group, listener, **config)``
    with an :class:`AsyncTransactionListener` (``async def execute_local_transaction`` /
    ``check_local_transaction``), run on the loop that started the producer."""

    _core_class = TransactionMQProducer
    producer: TransactionMQProducer

    def __init__(self, producer_group: Optional[str] = None, transaction_listener: Any = None, **config: Any) -> None:
        super().__init__(producer_group, **config)
        self.transaction_listener = transaction_listener

    async def start(self) -> None:
        """Java ``start``: the listener's coroutines will run on the running loop."""
        listener = self.transaction_listener
        if listener is not None:
            for name in ("execute_local_transaction", "check_local_transaction"):
                if not asyncio.iscoroutinefunction(getattr(listener, name, None)):
                    raise TypeError("transaction_listener.%s must be an async def method, got %r" % (name, listener))
            self.producer.transaction_listener = _LoopTransactionListener(listener, asyncio.get_running_loop())
        await super().start()

    async def send_message_in_transaction(self, msg: Message, arg: Any = None) -> "TransactionSendResult":
        """Java ``sendMessageInTransaction``: half message, ``await listener.execute_local_transaction(msg,
        arg)``, then commit / rollback / unknown. The core's call is synchronous: it runs on the producer's
        executor (4 threads) while the listener runs on the loop."""
        return await self._run(self.producer.send_message_in_transaction, msg, arg)
