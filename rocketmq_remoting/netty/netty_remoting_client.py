"""The remoting client (Java ``org.apache.rocketmq.remoting.netty.NettyRemotingClient``), on plain sockets.

One connection (:class:`Channel`) per ``"host:port"``, opened lazily by the first invocation to that address and
shared by every thread; each has its own reader thread. Name-server invocations (``addr=None``) stick to the
chosen name server while its connection lives and otherwise rotate through the shuffled address list, trying
each address once.

Threads: one reader per connection (``NettyClientReader_<addr>``; a sync caller reads its own response when
nobody else reads, see :mod:`rocketmq_remoting.netty.leader_follower_reader`), ``ClientHouseKeepingService`` (expires
requests every second, closes idle connections), the callback executor ``NettyClientPublicExecutor_<n>`` (also
the default executor of client-side processors) and, with a listener, ``NettyEventExecutor``. :meth:`shutdown`
ends and joins all of them.
"""
from __future__ import annotations

import concurrent.futures
import logging
import random
import socket
import threading
import time
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional

from rocketmq_remoting.channel_event_listener import ChannelEventListener
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.common.pair import Pair
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor
from rocketmq_remoting.exception import (
    RemotingConnectException, RemotingSendRequestException, RemotingTimeoutException,
    RemotingTooMuchRequestException)
from rocketmq_remoting.invoke_callback import InvokeCallback
from rocketmq_remoting.netty.channel import Channel
from rocketmq_remoting.netty.channel_outbound_buffer import ChannelOutboundBuffer
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_event import NettyEventType
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.tls_helper import TlsHelper
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from rocketmq_remoting.netty.tls_transport import tls_handshake
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_abstract import NettyRemotingAbstract

if TYPE_CHECKING:
    from rocketmq_remoting.netty.response_future import ResponseFuture

__all__ = ["NettyRemotingClient", "ChannelWrapper"]

log = logging.getLogger(__name__)

_monotonic = time.monotonic

LOCK_TIMEOUT_MILLIS = 3000
#: how long shutdown waits for each thread
_JOIN_TIMEOUT_SECONDS = 5.0


class ChannelWrapper(Bean):
    """A connection being opened (``is_done()`` false) or opened (Java ``NettyRemotingClient.ChannelWrapper``)."""

    #: set when the connection attempt completes: the channel, or why it failed
    channel = Prop(Channel)
    cause = Prop(BaseException)

    def get_channel(self) -> Channel: return self.channel
    def set_channel(self, channel: Optional[Channel]) -> None: self.channel = channel
    def get_cause(self) -> BaseException: return self.cause
    def set_cause(self, cause: Optional[BaseException]) -> None: self.cause = cause

    def __init__(self) -> None:
        self._done = threading.Event()
        self.channel = None
        self.cause = None

    def is_ok(self) -> bool:
        channel = self.channel
        return channel is not None and channel.is_active()

    def is_writable(self) -> bool:
        channel = self.channel
        return channel is not None and channel.is_writable()

    def is_done(self) -> bool:
        return self._done.is_set()

    def await_done(self, timeout_seconds: float) -> bool:
        return self._done.wait(timeout_seconds)

    def _complete(self, channel: Optional[Channel], cause: Optional[BaseException]) -> None:
        self.channel = channel
        self.cause = cause
        self._done.set()


class _FutureInvokeCallback(InvokeCallback):
    """Java's anonymous ``InvokeCallback`` of ``RemotingClient.invoke``: completes its future."""

    __slots__ = ("_future",)

    def __init__(self, future: "concurrent.futures.Future[RemotingCommand]") -> None:
        self._future = future

    def operation_complete(self, response_future: "ResponseFuture") -> None:
        response = response_future.get_response_command()
        if response is not None:
            self._future.set_result(response)
            return
        addr = RemotingHelper.parse_channel_remote_addr(response_future.get_process_channel())
        if response_future.is_send_request_ok():
            self._future.set_exception(RemotingTimeoutException("", addr, response_future.get_timeout_millis()))
        else:
            self._future.set_exception(RemotingSendRequestException(addr, response_future.get_cause()))


def _init_value_index() -> int:
    """Java ``initValueIndex``: a random start index in ``[0, 998]``."""
    return random.randrange(999)


class NettyRemotingClient(NettyRemotingAbstract):
    """See the module docstring. Use as a context manager (``with NettyRemotingClient(config) as client:``) or call
    :meth:`start` / :meth:`shutdown`."""

    #: runs the async callbacks (a ThreadPoolExecutor or concurrent.futures executor; None: the public executor)
    callback_executor: Prop[Any] = Prop(object)
    channel_event_listener = Prop(ChannelEventListener)

    def set_callback_executor(self, callback_executor: Any) -> None: self.callback_executor = callback_executor
    def get_channel_event_listener(self) -> ChannelEventListener: return self.channel_event_listener
    def set_channel_event_listener(self, channel_event_listener: Optional[ChannelEventListener]) -> None:
        self.channel_event_listener = channel_event_listener

    def __init__(self, netty_client_config: Optional[NettyClientConfig] = None,
                 channel_event_listener: Optional[ChannelEventListener] = None,
                 tls_config: Optional[TlsSystemConfig] = None) -> None:
        config = netty_client_config if netty_client_config is not None else NettyClientConfig()
        super().__init__(config.client_oneway_semaphore_value, config.client_async_semaphore_value)
        self.netty_client_config = config
        self.channel_event_listener = channel_event_listener
        self.channel_tables: Dict[str, ChannelWrapper] = {}
        self._lock_channel_tables = threading.Lock()
        self._namesrv_addr_list: Optional[List[str]] = None
        self._namesrv_addr_choosed: Optional[str] = None
        self._namesrv_index = _init_value_index()
        self._namesrv_channel_lock = threading.Lock()
        threads = config.client_callback_executor_threads
        if threads <= 0:
            threads = 4
        self.public_executor = ThreadPoolExecutor(threads, threads, None, "NettyClientPublicExecutor_")
        self.callback_executor = None
        self._ssl_context = None
        if config.use_tls:
            self._ssl_context = TlsHelper.build_ssl_context(True, tls_config)
            log.info("SSL enabled for client")
        self._lifecycle_lock = threading.Lock()
        self._running = False
        self._stopped = False

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``: start the house-keeping thread and, with a listener, the event thread."""
        with self._lifecycle_lock:
            if self._running or self._stopped:
                return
            self._running = True
        config = self.netty_client_config
        if config.write_buffer_low_water_mark > 0 and config.write_buffer_high_water_mark > 0:  # as Java
            log.info("client set netty WRITE_BUFFER_WATER_MARK to %d,%d", config.write_buffer_low_water_mark,
                     config.write_buffer_high_water_mark)
        self._start_house_keeping("ClientHouseKeepingService")
        if self.channel_event_listener is not None:
            self.netty_event_executor.start()

    def shutdown(self) -> None:
        """Java ``shutdown``: close every connection (their pending requests fail), then stop and join every
        thread this client started. Idempotent."""
        with self._lifecycle_lock:
            if self._stopped:
                return
            self._stopped = True
            self._running = False
        try:
            self._stop_house_keeping()
            with self._lock_channel_tables:
                wrappers = list(self.channel_tables.values())
            channels = [channel for channel in (cw.get_channel() for cw in wrappers) if channel is not None]
            for channel in channels:
                self.close_channel(None, channel)
            self.channel_tables.clear()
            for channel in channels:
                channel.join(_JOIN_TIMEOUT_SECONDS)
            self.netty_event_executor.shutdown()
        except Exception:
            log.error("NettyRemotingClient shutdown exception, ", exc_info=True)
        self.public_executor.shutdown()
        if not self.public_executor.await_termination(_JOIN_TIMEOUT_SECONDS):
            log.warning("NettyClientPublicExecutor threads still busy after %s s", _JOIN_TIMEOUT_SECONDS)

    def __enter__(self) -> "NettyRemotingClient":
        self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    # ------------------------------------------------------------------ name servers

    def update_name_server_address_list(self, addrs: List[str]) -> None:
        """Java ``updateNameServerAddressList``: adopt ``addrs`` (shuffled) when it differs from the current list."""
        old = self._namesrv_addr_list
        if not addrs:
            return
        update = old is None or len(addrs) != len(old) or any(addr not in old for addr in addrs)
        if update:
            new_list = list(addrs)
            random.shuffle(new_list)
            log.info("name server address updated. NEW : %s , OLD: %s", new_list, old)
            self._namesrv_addr_list = new_list
            if self._namesrv_addr_choosed not in new_list:
                self._namesrv_addr_choosed = None

    def get_name_server_address_list(self) -> Optional[List[str]]:
        return self._namesrv_addr_list

    def _get_and_create_nameserver_channel(self) -> Optional[Channel]:
        addr = self._namesrv_addr_choosed
        if addr is not None:
            cw = self.channel_tables.get(addr)
            if cw is not None and cw.is_ok():
                return cw.get_channel()
        addr_list = self._namesrv_addr_list
        if not self._namesrv_channel_lock.acquire(True, LOCK_TIMEOUT_MILLIS / 1000.0):
            log.warning("getAndCreateNameserverChannel: try to lock name server, but timeout, %dms",
                        LOCK_TIMEOUT_MILLIS)
            return None
        try:
            addr = self._namesrv_addr_choosed
            if addr is not None:
                cw = self.channel_tables.get(addr)
                if cw is not None and cw.is_ok():
                    return cw.get_channel()
            if not addr_list:
                return None
            last_error: Optional[BaseException] = None
            for _ in range(len(addr_list)):
                self._namesrv_index += 1
                new_addr = addr_list[abs(self._namesrv_index) % len(addr_list)]
                self._namesrv_addr_choosed = new_addr
                log.info("new name server is chosen. OLD: %s , NEW: %s. namesrvIndex = %d", addr, new_addr,
                         self._namesrv_index)
                try:
                    return self.create_channel(new_addr)
                except RemotingConnectException as e:
                    last_error = e
            raise RemotingConnectException("[%s]" % ", ".join(addr_list), last_error)
        finally:
            self._namesrv_channel_lock.release()

    # ------------------------------------------------------------------ channels

    def _get_and_create_channel(self, addr: Optional[str]) -> Optional[Channel]:
        if not self._running:
            raise RemotingConnectException(addr, RuntimeError(
                "the remoting client is %s" % ("shut down" if self._stopped else "not started")))
        if addr is None:
            return self._get_and_create_nameserver_channel()
        cw = self.channel_tables.get(addr)
        if cw is not None and cw.is_ok():
            return cw.get_channel()
        return self.create_channel(addr)

    def create_channel(self, addr: str) -> Channel:
        """The open channel to ``addr``, connecting now if there is none (one connection per address; concurrent
        callers wait for the same attempt). Raises :class:`RemotingConnectException` with the cause."""
        cw = self.channel_tables.get(addr)
        if cw is not None and cw.is_ok():
            return cw.get_channel()  # type: ignore[return-value]
        if not self._lock_channel_tables.acquire(True, LOCK_TIMEOUT_MILLIS / 1000.0):
            log.warning("createChannel: try to lock channel table, but timeout, %dms", LOCK_TIMEOUT_MILLIS)
            raise RemotingConnectException(addr, TimeoutError("channel table lock timeout"))
        try:
            cw = self.channel_tables.get(addr)
            create_new_connection = True
            if cw is not None:
                if cw.is_ok():
                    return cw.get_channel()  # type: ignore[return-value]
                if not cw.is_done():
                    create_new_connection = False
                else:
                    del self.channel_tables[addr]
            if create_new_connection:
                cw = ChannelWrapper()
                self.channel_tables[addr] = cw
        finally:
            self._lock_channel_tables.release()
        assert cw is not None
        timeout_seconds = self.netty_client_config.connect_timeout_millis / 1000.0
        if create_new_connection:
            self._connect(addr, cw, timeout_seconds)
        elif not cw.await_done(timeout_seconds):
            log.warning("createChannel: connect remote host[%s] timeout %dms", addr,
                        self.netty_client_config.connect_timeout_millis)
            raise RemotingConnectException(addr, socket.timeout("connect timed out"))
        if cw.is_ok():
            return cw.get_channel()  # type: ignore[return-value]
        raise RemotingConnectException(addr, cw.get_cause())

    def _connect(self, addr: str, cw: ChannelWrapper, timeout_seconds: float) -> None:
        config = self.netty_client_config
        try:
            host, port = RemotingHelper.string2socket_address(addr)
            log.info("createChannel: begin to connect remote host[%s]", addr)
            sock = socket.create_connection((host, port), timeout=timeout_seconds)
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                if config.client_socket_snd_buf_size > 0:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, config.client_socket_snd_buf_size)
                if config.client_socket_rcv_buf_size > 0:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, config.client_socket_rcv_buf_size)
                if self._ssl_context is not None:
                    ssl_sock = self._ssl_context.wrap_socket(sock, do_handshake_on_connect=False)
                    sock = ssl_sock
                    tls_handshake(ssl_sock, timeout_seconds)
                else:
                    sock.settimeout(None)
            except BaseException:
                sock.close()
                raise
            channel = Channel(sock, self, config.frame_max_length, ChannelOutboundBuffer.of(
                config.write_buffer_high_water_mark, config.write_buffer_low_water_mark))
        except (OSError, ValueError) as e:
            log.warning("createChannel: connect remote host[%s] failed: %r", addr, e)
            cw._complete(None, e)
            return
        # the reader runs before the channel is published: a caller waiting for this attempt may send at once
        channel.start_reader("NettyClientReader_%s" % addr, self.pending_request_count)
        with self._lock_channel_tables:
            stopped = self._stopped
            if not stopped:
                cw._complete(channel, None)
        if stopped:
            channel.close()
            cw._complete(None, RuntimeError("the remoting client is shut down"))
            return
        log.info("createChannel: connect remote host[%s] success, %s", addr, channel)
        self._fire(NettyEventType.CONNECT, channel)
        self._fire(NettyEventType.ACTIVE, channel)

    def close_channel(self, addr: Optional[str] = None, channel: Optional[Channel] = None) -> None:
        """Java ``closeChannel``: close the connection to ``addr`` (or ``channel``), forgetting it."""
        if channel is None:
            cw = self.channel_tables.get(addr) if addr is not None else None
            channel = cw.get_channel() if cw is not None else None
            if channel is None:
                return
        self._remove_from_table(addr, channel)
        channel.close()

    def close_channels(self, addr_list: List[str]) -> None:
        """Java 5.3.3 ``closeChannels``: close the connections to these addresses. Their pending requests fail
        with the close, the pulls among them too (what Java's ``interruptPullRequests`` does next)."""
        for addr in addr_list:
            cw = self.channel_tables.get(addr)
            if cw is None:
                continue
            self.close_channel(addr, cw.get_channel())

    def is_address_reachable(self, addr: Optional[str]) -> bool:
        """Java 5.3.3 ``isAddressReachable``: whether a connection to ``addr`` is open or can be opened now."""
        if not addr:
            return False
        try:
            channel = self._get_and_create_channel(addr)
            return channel is not None and channel.is_active()
        except Exception:
            log.warning("Get and create channel of %s failed", addr, exc_info=True)
            return False

    def _remove_from_table(self, addr: Optional[str], channel: Channel) -> None:
        if not self._lock_channel_tables.acquire(True, LOCK_TIMEOUT_MILLIS / 1000.0):
            log.warning("closeChannel: try to lock channel table, but timeout, %dms", LOCK_TIMEOUT_MILLIS)
            return
        try:
            cw = self.channel_tables.get(addr) if addr is not None else None
            if cw is not None and cw.get_channel() is channel:
                del self.channel_tables[addr]  # type: ignore[arg-type]
                return
            for key, cw in list(self.channel_tables.items()):
                if cw.get_channel() is channel:
                    del self.channel_tables[key]
                    log.info("closeChannel: the channel[%s] was removed from channel table", key)
                    return
        finally:
            self._lock_channel_tables.release()

    def _on_channel_closed(self, channel: Channel) -> None:
        self._remove_from_table(None, channel)

    def _active_channels(self) -> Iterable[Channel]:
        return [cw.get_channel() for cw in list(self.channel_tables.values()) if cw.is_ok()]  # type: ignore[misc]

    def _max_idle_seconds(self) -> float:
        return self.netty_client_config.client_channel_max_idle_time_seconds

    def is_channel_writable(self, addr: str) -> bool:
        """Java ``isChannelWritable``: false only for an open channel that cannot take writes."""
        cw = self.channel_tables.get(addr)
        if cw is not None and cw.is_ok():
            return cw.is_writable()
        return True

    # ------------------------------------------------------------------ invocations

    def invoke_sync(self, addr: Optional[str], request: RemotingCommand, timeout_millis: int) -> RemotingCommand:
        """Java ``invokeSync``: send ``request`` to ``addr`` (None: a name server) and wait for the response.

        Raises :class:`RemotingConnectException`, :class:`RemotingSendRequestException` (the channel is then
        closed) or :class:`RemotingTimeoutException` (the channel is closed too unless
        ``client_close_socket_if_timeout`` is off)."""
        begin = _monotonic()
        channel = self._get_and_create_channel(addr)
        if channel is None or not channel.is_active():
            self.close_channel(addr, channel)
            raise RemotingConnectException(addr)
        try:
            if self.rpc_hooks:
                self.do_before_rpc_hooks(addr, request)
            cost_millis = int((_monotonic() - begin) * 1000)
            if timeout_millis < cost_millis:
                raise RemotingTimeoutException("invokeSync call the addr[%s] timeout" % addr)
            response = self.invoke_sync_impl(channel, request, timeout_millis - cost_millis)
            if self.rpc_hooks:
                self.do_after_rpc_hooks(channel.get_remote_addr(), request, response)
            return response
        except RemotingSendRequestException:
            log.warning("invokeSync: send request exception, so close the channel[%s]", addr)
            self.close_channel(addr, channel)
            raise
        except RemotingTimeoutException:
            if self.netty_client_config.client_close_socket_if_timeout:
                self.close_channel(addr, channel)
                log.warning("invokeSync: close socket because of timeout, %dms, %s", timeout_millis, addr)
            log.warning("invokeSync: wait response timeout exception, the channel[%s]", addr)
            raise

    def invoke_async(self, addr: Optional[str], request: RemotingCommand, timeout_millis: int,
                     invoke_callback: Optional[InvokeCallback]) -> None:
        """Java ``invokeAsync``: send ``request``; the callback runs on the callback executor with the response,
        a send failure or (after the timeout plus up to 2 s) a timeout. Raises
        :class:`RemotingConnectException` or :class:`RemotingTooMuchRequestException` (no permit in time)."""
        begin = _monotonic()
        channel = self._get_and_create_channel(addr)
        if channel is None or not channel.is_active():
            self.close_channel(addr, channel)
            raise RemotingConnectException(addr)
        try:
            if self.rpc_hooks:
                self.do_before_rpc_hooks(addr, request)
            cost_millis = int((_monotonic() - begin) * 1000)
            if timeout_millis < cost_millis:
                raise RemotingTooMuchRequestException("invokeAsync call the addr[%s] timeout" % addr)
            self.invoke_async_impl(channel, request, timeout_millis - cost_millis, invoke_callback)
        except RemotingSendRequestException:
            log.warning("invokeAsync: send request exception, so close the channel[%s]", addr)
            self.close_channel(addr, channel)
            raise

    def invoke_oneway(self, addr: Optional[str], request: RemotingCommand, timeout_millis: int) -> None:
        """Java ``invokeOneway``: send ``request`` marked one-way; nothing comes back."""
        channel = self._get_and_create_channel(addr)
        if channel is None or not channel.is_active():
            self.close_channel(addr, channel)
            raise RemotingConnectException(addr)
        try:
            if self.rpc_hooks:
                self.do_before_rpc_hooks(addr, request)
            self.invoke_oneway_impl(channel, request, timeout_millis)
        except RemotingSendRequestException:
            log.warning("invokeOneway: send request exception, so close the channel[%s]", addr)
            self.close_channel(addr, channel)
            raise

    def invoke(self, addr: Optional[str], request: RemotingCommand,
               timeout_millis: int) -> "concurrent.futures.Future[RemotingCommand]":
        """Java 5.3.3 ``invoke`` (a default method of ``RemotingClient``): :meth:`invoke_async` as a future that
        completes with the response, or with the RemotingTimeoutException / RemotingSendRequestException (or the
        exception ``invoke_async`` raised)."""
        future: "concurrent.futures.Future[RemotingCommand]" = concurrent.futures.Future()
        try:
            self.invoke_async(addr, request, timeout_millis, _FutureInvokeCallback(future))
        except Exception as e:
            future.set_exception(e)
        return future

    # ------------------------------------------------------------------ processors and executors

    def register_processor(self, request_code: int, processor: NettyRequestProcessor,
                           executor: Optional[Any] = None) -> None:
        """Java ``registerProcessor``: handle server-initiated requests of ``request_code`` on ``executor``
        (default: the public executor)."""
        self._check_processor(processor, executor)
        self.processor_table[request_code] = Pair(processor, executor if executor is not None
                                                  else self.public_executor)

    def get_callback_executor(self) -> Optional[Any]:
        return self.callback_executor if self.callback_executor is not None else self.public_executor
