"""What the remoting client and server share (Java ``org.apache.rocketmq.remoting.netty.NettyRemotingAbstract``).

* the response table: every request waiting for its answer, keyed by opaque, as a :class:`ResponseFuture`;
* dispatch of received commands: requests go to the processor registered for their code (run on that
  processor's executor), responses complete their future (async callbacks run on the callback executor);
* ``invoke_sync_impl`` / ``invoke_async_impl`` / ``invoke_oneway_impl`` over a :class:`Channel`, the async and
  one-way permits, the RPC hooks;
* failing requests: all those of a closed channel at once (``fail_fast``), and those past their timeout plus
  1 s from the house-keeping thread (``scan_response_table``, every second), which also closes idle channels;
* the ``NettyEventExecutor`` thread that feeds connection events to the :class:`ChannelEventListener`.
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any, Dict, Iterable, List, Optional, Set

from rocketmq_remoting.channel_event_listener import ChannelEventListener
from rocketmq_remoting.common.pair import Pair
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.semaphore import Semaphore
from rocketmq_remoting.common.bean import Bean, ListOf, Prop
from rocketmq_remoting.common.semaphore_release_only_once import SemaphoreReleaseOnlyOnce
from rocketmq_remoting.common.thread_pool import executor_submitter
from rocketmq_remoting.exception import (
    RemotingCommandException, RemotingSendRequestException, RemotingTimeoutException, RemotingTooMuchRequestException)
from rocketmq_remoting.invoke_callback import InvokeCallback
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.netty.channel import Channel
from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext
from rocketmq_remoting.netty.netty_event import NettyEvent, NettyEventType
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.response_future import ResponseFuture
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, RemotingSysResponseCode
from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["NettyEventExecutor", "NettyRemotingAbstract"]

log = logging.getLogger(__name__)

_monotonic = time.monotonic

#: Java's grace period: a pending request is expired this long after its timeout
_SCAN_GRACE_SECONDS = 1.0
_SCAN_PERIOD_SECONDS = 1.0


class NettyRemotingAbstract(Bean):
    """Base of :class:`NettyRemotingClient` and :class:`NettyRemotingServer` (see the module docstring)."""

    # (a ListOf Prop is a Prop[Any]: the annotation gives its reads their type)
    rpc_hooks: Prop[List[RPCHook]] = Prop(ListOf(RPCHook), [])

    def get_rpc_hooks(self) -> List[RPCHook]: return self.rpc_hooks
    def set_rpc_hooks(self, rpc_hooks: List[RPCHook]) -> None: self.rpc_hooks = rpc_hooks

    def __init__(self, permits_oneway: int, permits_async: int) -> None:
        super().__init__()  # the declared defaults
        if permits_oneway <= 0 or permits_async <= 0:
            raise ValueError("semaphore values must be positive, got oneway=%s async=%s"
                             % (permits_oneway, permits_async))
        self.semaphore_oneway = Semaphore(permits_oneway)
        self.semaphore_async = Semaphore(permits_async)
        self.response_table: Dict[int, ResponseFuture] = {}
        self.processor_table: "Dict[int, Pair[NettyRequestProcessor, Any]]" = {}
        self.default_request_processor: "Optional[Pair[NettyRequestProcessor, Any]]" = None
        self.netty_event_executor = NettyEventExecutor(self)
        self._house_keeping_stop = threading.Event()
        self._house_keeping: Optional[threading.Thread] = None
        self._last_overload_log = 0.0
        #: see process_request_command: request codes that may run inline, and whether the default processor may;
        #: executor id -> this side's requests queued or running on it
        self._inline_codes: Set[int] = set()
        self._inline_when_idle = False
        self._executor_in_flight: Dict[int, int] = {}
        self._in_flight_lock = threading.Lock()

    # ------------------------------------------------------------------ abstract (Java abstract methods)

    def get_channel_event_listener(self) -> Optional[ChannelEventListener]:
        raise NotImplementedError

    def get_callback_executor(self) -> Optional[object]:
        """Executor of async callbacks (None: run them on the thread that read the response)."""
        raise NotImplementedError

    def _active_channels(self) -> Iterable[Channel]:
        """Every open channel (idle scan)."""
        raise NotImplementedError

    def _max_idle_seconds(self) -> float:
        raise NotImplementedError

    def _on_channel_closed(self, channel: Channel) -> None:
        """Subclass bookkeeping when ``channel`` closed (before its pending requests fail)."""

    # ------------------------------------------------------------------ hooks and processors

    def register_rpc_hook(self, rpc_hook: Optional[RPCHook]) -> None:
        """Java ``registerRPCHook``: add a hook (once)."""
        if rpc_hook is not None and rpc_hook not in self.rpc_hooks:
            self.rpc_hooks.append(rpc_hook)

    def clear_rpc_hook(self) -> None:
        """Java 5.3.3 ``clearRPCHook``: remove every RPC hook."""
        self.rpc_hooks.clear()

    def do_before_rpc_hooks(self, addr: Optional[str], request: RemotingCommand) -> None:
        for hook in self.rpc_hooks:
            hook.do_before_request(addr, request)

    def do_after_rpc_hooks(self, addr: Optional[str], request: RemotingCommand,
                           response: Optional[RemotingCommand]) -> None:
        for hook in self.rpc_hooks:
            hook.do_after_response(addr, request, response)

    def get_processor_pair(self, request_code: int) -> "Optional[Pair[NettyRequestProcessor, Any]]":
        return self.processor_table.get(request_code)

    @staticmethod
    def _check_processor(processor: NettyRequestProcessor, executor: Optional[object]) -> None:
        if not callable(getattr(processor, "process_request", None)):
            raise TypeError("%r is not a NettyRequestProcessor (no process_request)" % (processor,))
        if executor is not None:
            executor_submitter(executor)

    # ------------------------------------------------------------------ connection events

    def put_netty_event(self, event: NettyEvent) -> None:
        self.netty_event_executor.put_netty_event(event)

    def _fire(self, event_type: NettyEventType, channel: Channel) -> None:
        if self.get_channel_event_listener() is not None:
            self.put_netty_event(NettyEvent(event_type, channel.get_remote_addr(), channel))

    def channel_inactive(self, channel: Channel) -> None:
        """Called once when ``channel`` closes: bookkeeping, every pending request on it fails, CLOSE event."""
        log.info("channel <%s> closed", channel.get_remote_addr())
        try:
            self._on_channel_closed(channel)
        finally:
            self.fail_fast(channel, ConnectionError("connection <%s> closed" % channel.get_remote_addr()))
            self._fire(NettyEventType.CLOSE, channel)

    def channel_exception(self, channel: Channel, cause: BaseException) -> None:
        """An I/O error on ``channel`` (it is being closed): EXCEPTION event."""
        self._fire(NettyEventType.EXCEPTION, channel)

    # ------------------------------------------------------------------ received commands

    def process_message_received(self, channel: Channel, cmd: RemotingCommand) -> None:
        """Entry of every decoded command, on the thread reading the channel (its reader thread or event loop)."""
        if cmd.flag & 1:
            self.process_response_command(channel, cmd)
        else:
            self.process_request_command(channel, cmd)

    def pending_request_count(self) -> int:
        """Requests waiting for their response (the response table's size)."""
        return len(self.response_table)

    def process_request_command(self, channel: Channel, cmd: RemotingCommand) -> None:
        """Hand a request to its processor's executor; answer at once when none is registered or it refuses.

        For a code in ``_inline_codes`` (registered ``inline_when_idle`` on a server; for the default processor,
        ``server_inline_when_idle``) the request runs on the server's event loop reading the channel instead
        (plain and TLS connections), saving a thread hand-off, when the executor has none of this side's requests
        queued or running and the channel is not already running a request inline; pipelined requests read
        together run one after the other, and their responses go out together (``Channel.send_response``). A
        processor running inline may invoke its own channel synchronously: the loop then reads for it
        (``NioByteUnsafe.await_response``)."""
        pair = self.processor_table.get(cmd.code)
        if pair is not None:
            inline = cmd.code in self._inline_codes
        else:
            pair = self.default_request_processor
            inline = self._inline_when_idle
        opaque = cmd.opaque
        if pair is None:
            error = " request type %d not supported" % cmd.code
            log.error("%s%s", channel.get_remote_addr(), error)
            if not cmd.flag & 2:
                self._write_error(channel, RemotingSysResponseCode.REQUEST_CODE_NOT_SUPPORTED, error, opaque)
            return
        processor = pair.object1
        if processor.reject_request():
            self._write_error(channel, RemotingSysResponseCode.SYSTEM_BUSY,
                              "[REJECTREQUEST]system busy, start flow control for a while", opaque)
            return
        ctx = ChannelHandlerContext(channel, cmd, self)
        executor = pair.object2
        key = id(executor)
        with self._in_flight_lock:
            count = self._executor_in_flight.get(key, 0)
            self._executor_in_flight[key] = count + 1
        try:
            if not inline or count or not channel.can_run_inline():
                try:
                    executor_submitter(executor)(self._run_counted_request, key, processor, ctx)
                except BaseException:
                    self._request_done(key)
                    raise
                return
            try:
                channel.run_inline(self._run_request, processor, ctx)
            finally:
                self._request_done(key)
        except RuntimeError as e:  # RejectedExecutionException, or a shut down concurrent.futures executor
            now = _monotonic()
            if now - self._last_overload_log >= 10.0:
                self._last_overload_log = now
                log.warning("%s, too many requests and system thread pool busy, %r %s request code: %d",
                            channel.get_remote_addr(), e, pair.object2, cmd.code)
            if not cmd.flag & 2:
                self._write_error(channel, RemotingSysResponseCode.SYSTEM_BUSY,
                                  "[OVERLOAD]system busy, start flow control for a while", opaque)

    def _request_done(self, key: int) -> None:
        """Count a request of executor ``key`` as finished."""
        with self._in_flight_lock:
            self._executor_in_flight[key] -= 1

    def _run_counted_request(self, key: int, processor: NettyRequestProcessor, ctx: ChannelHandlerContext) -> None:
        try:
            self._run_request(processor, ctx)
        finally:
            self._request_done(key)

    def _run_request(self, processor: NettyRequestProcessor, ctx: ChannelHandlerContext) -> None:
        cmd = ctx.get_request()
        try:
            if self.rpc_hooks:
                self.do_before_rpc_hooks(ctx.channel().get_remote_addr(), cmd)
            if isinstance(processor, AsyncNettyRequestProcessor):
                processor.async_process_request(ctx, cmd, ctx)
            else:
                ctx.write_response(processor.process_request(ctx, cmd))
        except RemotingCommandException as e:  # a header or body that cannot be decoded: the peer's fault
            log.warning("%s sent a request that cannot be decoded, answered SYSTEM_ERROR: %s; request %s",
                        ctx.channel().get_remote_addr(), e, cmd)
            if not cmd.flag & 2:
                self._write_error(ctx.channel(), RemotingSysResponseCode.SYSTEM_ERROR,
                                  RemotingHelper.exception_simple_desc(e), cmd.opaque)
        except Exception as e:
            log.error("process request exception, request %s", cmd, exc_info=True)
            if not cmd.flag & 2:
                self._write_error(ctx.channel(), RemotingSysResponseCode.SYSTEM_ERROR,
                                  RemotingHelper.exception_simple_desc(e), cmd.opaque)

    @staticmethod
    def _write_error(channel: Channel, code: int, remark: str, opaque: int) -> None:
        # Java writes these with the process default serialize type, not the request's
        response = RemotingCommand.create_response_command(code, remark)
        response.opaque = opaque
        try:
            channel.write_and_flush(response)
        except Exception as e:
            log.warning("writing the %d response to <%s> failed: %r", code, channel.get_remote_addr(), e)

    def process_response_command(self, channel: Channel, cmd: RemotingCommand) -> None:
        """Complete the request ``cmd`` answers; responses nobody waits for are logged and dropped."""
        response_future = self.response_table.pop(cmd.opaque, None)
        if response_future is not None:
            response_future.set_response_command(cmd)
            if response_future.get_invoke_callback() is not None:
                self.execute_invoke_callback(response_future)
            else:
                response_future.put_response(cmd)
                response_future.release()
        else:
            log.warning("receive response, but not matched any request, %s, %s", channel.get_remote_addr(), cmd)

    def execute_invoke_callback(self, response_future: ResponseFuture) -> None:
        """Run the callback on the callback executor; on the current thread when there is none or it refuses."""
        executor = self.get_callback_executor()
        if executor is not None:
            try:
                executor_submitter(executor)(self._run_invoke_callback, response_future)
                return
            except Exception as e:
                log.warning("execute callback in executor exception, maybe executor busy: %r", e)
        self._run_invoke_callback(response_future)

    @staticmethod
    def _run_invoke_callback(response_future: ResponseFuture) -> None:
        try:
            response_future.execute_invoke_callback()
        except Exception:
            log.warning("execute callback in executor exception, and callback throw", exc_info=True)
        finally:
            response_future.release()

    # ------------------------------------------------------------------ failing requests

    def request_fail(self, opaque: int, cause: Optional[BaseException] = None) -> None:
        """Fail the pending request ``opaque`` now (send failure or closed channel)."""
        response_future = self.response_table.pop(opaque, None)
        if response_future is not None:
            response_future.set_send_request_ok(False)
            response_future.set_cause(cause)
            response_future.put_response(None)
            try:
                self.execute_invoke_callback(response_future)
            except Exception:
                log.warning("execute callback in requestFail, and callback throw", exc_info=True)
            finally:
                response_future.release()

    def fail_fast(self, channel: Channel, cause: Optional[BaseException] = None) -> None:
        """Java ``failFast``: fail every request pending on ``channel`` at once."""
        for opaque, response_future in list(self.response_table.items()):
            if response_future.get_process_channel() is channel:
                self.request_fail(opaque, cause)

    def scan_response_table(self) -> None:
        """Expire requests whose timeout passed more than 1 s ago and run their callbacks (Java's timer task)."""
        now = _monotonic()
        expired: List[ResponseFuture] = []
        for opaque, response_future in list(self.response_table.items()):
            if response_future.is_expired(_SCAN_GRACE_SECONDS, now) and \
                    self.response_table.pop(opaque, None) is not None:
                response_future.release()
                if response_future.get_cause() is None:
                    response_future.set_cause(RemotingTimeoutException(
                        "", RemotingHelper.parse_channel_remote_addr(response_future.get_process_channel()),
                        response_future.get_timeout_millis()))
                expired.append(response_future)
                log.warning("remove timeout request, %s", response_future)
        for response_future in expired:
            try:
                self.execute_invoke_callback(response_future)
            except Exception:
                log.warning("scanResponseTable, operationComplete Exception", exc_info=True)

    def scan_idle_channels(self) -> None:
        """Close channels without read or write for the configured idle time (Netty's ``IdleStateHandler``)."""
        max_idle = self._max_idle_seconds()
        if max_idle <= 0:
            return
        now = _monotonic()
        for channel in list(self._active_channels()):
            if now - max(channel.last_read_time, channel.last_write_time) >= max_idle and channel.is_active():
                log.warning("IDLE exception [%s], closing it after %s s without traffic",
                            channel.get_remote_addr(), max_idle)
                self._fire(NettyEventType.IDLE, channel)
                channel.close()

    def _start_house_keeping(self, name: str) -> None:
        """Start the thread that scans the response table (every second) and idle channels."""
        self._house_keeping_stop.clear()
        self._house_keeping = threading.Thread(target=self._run_house_keeping, name=name, daemon=True)
        self._house_keeping.start()

    def _run_house_keeping(self) -> None:
        max_idle = self._max_idle_seconds()
        period = _SCAN_PERIOD_SECONDS if max_idle <= 0 else min(_SCAN_PERIOD_SECONDS, max_idle / 4.0)
        next_scan = _monotonic() + _SCAN_PERIOD_SECONDS
        while not self._house_keeping_stop.wait(period):
            try:
                if _monotonic() >= next_scan:
                    next_scan += _SCAN_PERIOD_SECONDS
                    self.scan_response_table()
                self.scan_idle_channels()
            except Exception:
                log.error("scanResponseTable exception", exc_info=True)

    def _stop_house_keeping(self) -> None:
        self._house_keeping_stop.set()
        thread = self._house_keeping
        if thread is not None and thread is not threading.current_thread():
            thread.join()
        self._house_keeping = None

    # ------------------------------------------------------------------ invocations over a channel

    def invoke_sync_impl(self, channel: Channel, request: RemotingCommand, timeout_millis: int) -> RemotingCommand:
        """Send ``request`` and wait for its response. Raises :class:`RemotingTimeoutException` or
        :class:`RemotingSendRequestException` (write failed, or the channel closed while waiting)."""
        opaque = request.opaque
        data = request.encode()
        response_future = ResponseFuture(channel, opaque, timeout_millis)
        table = self.response_table
        table[opaque] = response_future
        try:
            try:
                channel.send_frame(data)
            except OSError as e:
                table.pop(opaque, None)
                response_future.set_send_request_ok(False)
                response_future.set_cause(e)
                response_future.put_response(None)
                log.warning("send a request command to channel <%s> failed.", channel.get_remote_addr())
            response = channel.await_response(response_future, timeout_millis)
            if response is None:
                addr = channel.get_remote_addr()
                if response_future.is_send_request_ok():
                    raise RemotingTimeoutException("", addr, timeout_millis) from response_future.get_cause()
                raise RemotingSendRequestException(addr, response_future.get_cause())
            return response
        finally:
            table.pop(opaque, None)

    def invoke_async_impl(self, channel: Channel, request: RemotingCommand, timeout_millis: int,
                          invoke_callback: Optional[InvokeCallback]) -> None:
        """Send ``request``; ``invoke_callback.operation_complete`` gets the outcome on the callback executor.
        Waits up to ``timeout_millis`` for an async permit, else raises :class:`RemotingTooMuchRequestException`.
        A failed write is reported to the callback (send failure), as Java's write listener does."""
        if invoke_callback is not None and not callable(getattr(invoke_callback, "operation_complete", None)):
            raise TypeError("%r is not an InvokeCallback (no operation_complete)" % (invoke_callback,))
        begin = _monotonic()
        semaphore = self.semaphore_async
        if not semaphore.acquire(True, max(0.0, timeout_millis / 1000.0)):
            info = "invokeAsyncImpl tryAcquire semaphore timeout, %dms, semaphoreAsyncValue: %d" % (
                timeout_millis, semaphore.available_permits())
            log.warning(info)
            raise RemotingTooMuchRequestException(info)
        once = SemaphoreReleaseOnlyOnce(semaphore)
        cost_millis = int((_monotonic() - begin) * 1000)
        if timeout_millis < cost_millis:
            once.release()
            raise RemotingTimeoutException("invokeAsyncImpl call timeout")
        opaque = request.opaque
        try:
            data = request.encode()
        except BaseException:
            once.release()
            raise
        response_future = ResponseFuture(channel, opaque, timeout_millis - cost_millis, invoke_callback, once)
        self.response_table[opaque] = response_future
        try:
            channel.send_frame(data)
        except OSError as e:
            log.warning("send a request command to channel <%s> failed: %r", channel.get_remote_addr(), e)
            self.request_fail(opaque, e)
            return
        channel.wake_reader()

    def invoke_oneway_impl(self, channel: Channel, request: RemotingCommand, timeout_millis: int) -> None:
        """Mark ``request`` one-way and send it. Waits up to ``timeout_millis`` for a one-way permit, else raises
        :class:`RemotingTooMuchRequestException`; a failed write raises :class:`RemotingSendRequestException`."""
        request.mark_oneway_rpc()
        semaphore = self.semaphore_oneway
        if not semaphore.acquire(True, max(0.0, timeout_millis / 1000.0)):
            info = "invokeOnewayImpl tryAcquire semaphore timeout, %dms, semaphoreOnewayValue: %d" % (
                timeout_millis, semaphore.available_permits())
            log.warning(info)
            raise RemotingTooMuchRequestException(info)
        try:
            channel.send_frame(request.encode())
        except OSError as e:
            log.warning("write send a request command to channel <%s> failed.", channel.get_remote_addr())
            raise RemotingSendRequestException(channel.get_remote_addr(), e) from e
        finally:
            semaphore.release()


class NettyEventExecutor:
    """Java ``NettyRemotingAbstract.NettyEventExecutor``: a thread feeding queued connection events to the
    listener, so that listener code never runs on an I/O thread. At most 10000 events wait; more are dropped."""

    MAX_SIZE = 10000

    def __init__(self, remoting: NettyRemotingAbstract) -> None:
        self._remoting = remoting
        self._queue: "queue.SimpleQueue[Optional[NettyEvent]]" = queue.SimpleQueue()
        self._thread: Optional[threading.Thread] = None

    def get_service_name(self) -> str:
        return "NettyEventExecutor"

    def put_netty_event(self, event: NettyEvent) -> None:
        size = self._queue.qsize()
        if size <= self.MAX_SIZE:
            self._queue.put(event)
        else:
            log.warning("event queue size [%d] over the limit [%d], so drop this event %s", size, self.MAX_SIZE,
                        event)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=self.get_service_name(), daemon=True)
        self._thread.start()

    def shutdown(self) -> None:
        """Deliver the events already queued, then stop the thread and wait for it."""
        thread = self._thread
        if thread is None:
            return
        self._queue.put(None)
        if thread is not threading.current_thread():
            thread.join()
        self._thread = None

    def _run(self) -> None:
        log.info("%s service started", self.get_service_name())
        listener = self._remoting.get_channel_event_listener()
        handlers: Dict[NettyEventType, str] = {
            NettyEventType.IDLE: "on_channel_idle", NettyEventType.CLOSE: "on_channel_close",
            NettyEventType.CONNECT: "on_channel_connect", NettyEventType.EXCEPTION: "on_channel_exception",
            NettyEventType.ACTIVE: "on_channel_active"}
        while True:
            event = self._queue.get()
            if event is None:
                break
            if listener is None:
                continue
            try:
                getattr(listener, handlers[event.get_type()])(event.get_remote_addr(), event.get_channel())
            except Exception:
                log.warning("%s service has exception. ", self.get_service_name(), exc_info=True)
        log.info("%s service end", self.get_service_name())
