"""The remoting server (Java ``org.apache.rocketmq.remoting.netty.NettyRemotingServer``), on plain sockets.

An acceptor thread (``NettyNIOBoss_1``) accepts connections and hands each, as a :class:`Channel`, to one of
``server_selector_threads`` event loops (:class:`NioEventLoop`, threads ``NettyServerNIOSelector_<total>_<n>``,
round robin), which reads it. A connection's first byte decides the TLS mode (Java's ``HandshakeHandler``: a
first byte ``0x16`` starts a TLS handshake; ``disabled`` refuses it, ``enforcing`` refuses plain connections);
the loop runs a TLS connection's handshake (within 10 s) and records too, so no connection has a thread of its own.
Requests run on their processor's executor (default: the public executor ``NettyServerPublicExecutor_<n>``), or,
for the codes registered ``inline_when_idle`` (all with ``server_inline_when_idle``), on the event loop while the
executor is idle; responses carry the request's opaque and serialize type and are never sent for
one-way requests. The server can also invoke its clients
(``invoke_sync`` / ``invoke_async`` / ``invoke_oneway`` on a channel), as the broker does.
``ServerHouseKeepingService`` expires requests and closes idle connections; a ``NettyEventExecutor`` thread feeds
the optional :class:`ChannelEventListener`.
:meth:`shutdown` closes every socket and joins every thread the server started.
"""
from __future__ import annotations

import logging
import selectors
import socket
import ssl
import threading
from typing import Any, Iterable, List, Optional, Set

from rocketmq_remoting.channel_event_listener import ChannelEventListener
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.common.pair import Pair
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor
from rocketmq_remoting.common.tls_mode import TlsMode
from rocketmq_remoting.invoke_callback import InvokeCallback
from rocketmq_remoting.netty.channel import Channel
from rocketmq_remoting.netty.channel_outbound_buffer import ChannelOutboundBuffer
from rocketmq_remoting.netty.netty_event import NettyEventType
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.netty.nio_byte_unsafe import NioByteUnsafe
from rocketmq_remoting.netty.nio_event_loop import NioEventLoop
from rocketmq_remoting.netty.tls_helper import TlsHelper
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_abstract import NettyRemotingAbstract

__all__ = ["NettyRemotingServer"]

log = logging.getLogger(__name__)

HANDSHAKE_MAGIC_CODE = 0x16
#: how long a TLS client may take to complete its handshake
_TLS_HANDSHAKE_TIMEOUT_SECONDS = 10.0
_JOIN_TIMEOUT_SECONDS = 5.0


class NettyRemotingServer(NettyRemotingAbstract):
    """See the module docstring. Use as a context manager or call :meth:`start` / :meth:`shutdown`.

    ``tls_config`` (default: the process-wide :class:`TlsSystemConfig`) gives the TLS mode and certificates.
    """

    channel_event_listener = Prop(ChannelEventListener)

    def get_channel_event_listener(self) -> ChannelEventListener: return self.channel_event_listener
    def set_channel_event_listener(self, channel_event_listener: Optional[ChannelEventListener]) -> None:
        self.channel_event_listener = channel_event_listener

    def __init__(self, netty_server_config: Optional[NettyServerConfig] = None,
                 channel_event_listener: Optional[ChannelEventListener] = None,
                 tls_config: Optional[TlsSystemConfig] = None) -> None:
        config = netty_server_config if netty_server_config is not None else NettyServerConfig()
        super().__init__(config.server_oneway_semaphore_value, config.server_async_semaphore_value)
        self.netty_server_config = config
        self.channel_event_listener = channel_event_listener
        threads = config.server_callback_executor_threads
        if threads <= 0:
            threads = 4
        self.public_executor = ThreadPoolExecutor(threads, threads, None, "NettyServerPublicExecutor_")
        self._tls_config = tls_config if tls_config is not None else TlsSystemConfig()
        self._tls_mode: TlsMode = self._tls_config.tls_mode
        self._ssl_context: Optional[ssl.SSLContext] = None
        self.load_ssl_context()
        self._channels: Set[Channel] = set()
        self._channels_lock = threading.Lock()
        self._port = 0
        self._listen_sock: Optional[socket.socket] = None
        self._wakeup: Optional[socket.socket] = None
        self._acceptor: Optional[threading.Thread] = None
        self._event_loops: List[NioEventLoop] = []
        self._accepted = 0
        self._inline_when_idle = config.server_inline_when_idle
        self._lifecycle_lock = threading.Lock()
        self._running = False
        self._stopped = False

    def load_ssl_context(self) -> None:
        """Java ``loadSslContext``: build the server SSL context unless TLS is disabled (errors are logged)."""
        log.info("Server is running in TLS %s mode", self._tls_mode.get_name())
        if self._tls_mode is not TlsMode.DISABLED:
            try:
                self._ssl_context = TlsHelper.build_ssl_context(False, self._tls_config)
                if self._ssl_context is not None:
                    log.info("SSLContext created for server")
            except (OSError, ssl.SSLError) as e:
                log.error("Failed to create SSLContext for server: %r", e)

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``: bind and listen (raises :class:`OSError` when the port is taken), then start the
        acceptor, event and house-keeping threads."""
        with self._lifecycle_lock:
            if self._running or self._stopped:
                return
            config = self.netty_server_config
            family = socket.AF_INET6 if ":" in config.bind_address else socket.AF_INET
            sock = socket.socket(family, socket.SOCK_STREAM)
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                sock.bind((config.bind_address, config.listen_port))
                sock.listen(config.server_socket_backlog)
                sock.setblocking(False)
            except BaseException:
                sock.close()
                raise
            self._listen_sock = sock
            self._port = sock.getsockname()[1]
            wakeup_r, self._wakeup = socket.socketpair()
            self._running = True
            total = max(1, config.server_selector_threads)
            if config.write_buffer_low_water_mark > 0 and config.write_buffer_high_water_mark > 0:  # as Java
                log.info("server set netty WRITE_BUFFER_WATER_MARK to %d,%d", config.write_buffer_low_water_mark,
                         config.write_buffer_high_water_mark)
            self._event_loops = [
                NioEventLoop("NettyServerNIOSelector_%d_%d" % (total, i), self._first_read,
                             write_stall_timeout_seconds=config.server_write_stall_timeout_seconds)
                for i in range(1, total + 1)]
            for event_loop in self._event_loops:
                event_loop.start()
        self._acceptor = threading.Thread(target=self._run_acceptor, args=(sock, wakeup_r), name="NettyNIOBoss_1",
                                          daemon=True)
        self._acceptor.start()
        if self.channel_event_listener is not None:
            self.netty_event_executor.start()
        self._start_house_keeping("ServerHouseKeepingService")
        log.info("remoting server listening on %s:%d", config.bind_address, self._port)

    def shutdown(self) -> None:
        """Java ``shutdown``: stop accepting, close every connection (pending requests fail), stop and join every
        thread this server started. Executors passed to ``register_processor`` are left to their owner."""
        with self._lifecycle_lock:
            if self._stopped:
                return
            self._stopped = True
            was_running = self._running
            self._running = False
        try:
            self._stop_house_keeping()
            if was_running:
                try:
                    self._wakeup.send(b"\0")  # type: ignore[union-attr]
                except OSError as e:
                    log.warning("waking the acceptor failed: %r", e)
                if self._acceptor is not None and self._acceptor is not threading.current_thread():
                    self._acceptor.join(_JOIN_TIMEOUT_SECONDS)
                self._wakeup.close()  # type: ignore[union-attr]
            with self._channels_lock:
                channels = list(self._channels)
            for channel in channels:
                channel.close()
            for channel in channels:
                channel.join(_JOIN_TIMEOUT_SECONDS)
            for event_loop in self._event_loops:
                event_loop.shutdown(_JOIN_TIMEOUT_SECONDS)
            self.netty_event_executor.shutdown()
        except Exception:
            log.error("NettyRemotingServer shutdown exception, ", exc_info=True)
        self.public_executor.shutdown()
        if not self.public_executor.await_termination(_JOIN_TIMEOUT_SECONDS):
            log.warning("NettyServerPublicExecutor threads still busy after %s s", _JOIN_TIMEOUT_SECONDS)

    def __enter__(self) -> "NettyRemotingServer":
        self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    def local_listen_port(self) -> int:
        """The bound port (useful with ``listen_port=0``)."""
        return self._port

    # ------------------------------------------------------------------ accepting

    def _run_acceptor(self, listen_sock: socket.socket, wakeup_r: socket.socket) -> None:
        selector = selectors.DefaultSelector()
        selector.register(listen_sock, selectors.EVENT_READ)
        selector.register(wakeup_r, selectors.EVENT_READ)
        try:
            while True:
                events = selector.select()
                if any(key.fileobj is wakeup_r for key, _ in events):
                    return
                try:
                    conn, _ = listen_sock.accept()
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError as e:
                    log.warning("accept failed: %r", e)
                    if self._house_keeping_stop.wait(0.1):
                        return
                    continue
                self._on_accept(conn)
        except Exception:
            log.error("the acceptor failed; no more connections are accepted", exc_info=True)
        finally:
            selector.close()
            wakeup_r.close()
            listen_sock.close()

    def _on_accept(self, conn: socket.socket) -> None:
        config = self.netty_server_config
        try:
            conn.setblocking(True)
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if config.server_socket_snd_buf_size > 0:
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, config.server_socket_snd_buf_size)
            if config.server_socket_rcv_buf_size > 0:
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, config.server_socket_rcv_buf_size)
            channel = Channel(conn, self, config.frame_max_length, ChannelOutboundBuffer.of(
                config.write_buffer_high_water_mark, config.write_buffer_low_water_mark))
        except OSError as e:
            log.warning("setting up an accepted connection failed: %r", e)
            conn.close()
            return
        with self._channels_lock:
            if self._stopped:
                conn.close()
                return
            self._channels.add(channel)
        log.info("NETTY SERVER PIPELINE: channelActive, the channel[%s]", channel.get_remote_addr())
        self._fire(NettyEventType.CONNECT, channel)
        self._event_loops[self._accepted % len(self._event_loops)].register(channel)
        self._accepted += 1

    def _first_read(self, unsafe: NioByteUnsafe) -> bool:
        """Java ``HandshakeHandler``, on the event loop when a new connection is first readable: decide plain or
        TLS from the first byte. True: the loop goes on reading the connection (a TLS one runs its handshake on the
        loop, see ``NioByteUnsafe.start_tls``); False: the channel was closed."""
        channel = unsafe.channel
        first = unsafe.peek_first_byte()
        mode = self._tls_mode
        if first == HANDSHAKE_MAGIC_CODE:
            if mode is TlsMode.DISABLED:
                log.warning("Clients intend to establish an SSL connection while this server is running in SSL "
                            "disabled mode; closing <%s>", channel.get_remote_addr())
            elif self._ssl_context is None:
                log.error("Trying to establish an SSL connection but sslContext is null; closing <%s>",
                          channel.get_remote_addr())
            else:
                unsafe.start_tls(self._ssl_context, _TLS_HANDSHAKE_TIMEOUT_SECONDS)
                return True
        elif first is not None:
            if mode is not TlsMode.ENFORCING:
                return True
            log.warning("Clients intend to establish an insecure connection while this server is running in SSL "
                        "enforcing mode; closing <%s>", channel.get_remote_addr())
        channel.close()
        return False

    def _on_channel_closed(self, channel: Channel) -> None:
        with self._channels_lock:
            self._channels.discard(channel)

    def _active_channels(self) -> Iterable[Channel]:
        with self._channels_lock:
            return list(self._channels)

    def _max_idle_seconds(self) -> float:
        return self.netty_server_config.server_channel_max_idle_time_seconds

    # ------------------------------------------------------------------ processors

    def register_processor(self, request_code: int, processor: NettyRequestProcessor,
                           executor: Optional[Any] = None, inline_when_idle: Optional[bool] = None) -> None:
        """Java ``registerProcessor``: handle ``request_code`` on ``executor`` (default: the public executor).
        ``inline_when_idle`` (an addition; default: the config's ``server_inline_when_idle``) lets a request of
        this code run on the event loop reading its connection while ``executor`` is idle: for processors that
        never block, since the loop reads nothing else meanwhile."""
        self._check_processor(processor, executor)
        self.processor_table[request_code] = Pair(processor, executor if executor is not None
                                                  else self.public_executor)
        if self._inline_when_idle if inline_when_idle is None else inline_when_idle:
            self._inline_codes.add(request_code)
        else:
            self._inline_codes.discard(request_code)

    def register_default_processor(self, processor: NettyRequestProcessor, executor: Optional[Any] = None) -> None:
        """Java ``registerDefaultProcessor``: handle every code without its own processor."""
        self._check_processor(processor, executor)
        self.default_request_processor = Pair(processor, executor if executor is not None
                                              else self.public_executor)

    def get_default_processor_pair(self) -> "Optional[Pair[NettyRequestProcessor, Any]]":
        """Java ``getDefaultProcessorPair``: the processor of the codes without their own, and its executor."""
        return self.default_request_processor

    def get_callback_executor(self) -> Optional[Any]:
        return self.public_executor

    # ------------------------------------------------------------------ invoking clients

    def invoke_sync(self, channel: Channel, request: RemotingCommand, timeout_millis: int) -> RemotingCommand:
        """Java ``invokeSync``: a request to the client on ``channel``, waiting for its response."""
        return self.invoke_sync_impl(channel, request, timeout_millis)

    def invoke_async(self, channel: Channel, request: RemotingCommand, timeout_millis: int,
                     invoke_callback: Optional[InvokeCallback]) -> None:
        """Java ``invokeAsync``: a request to the client on ``channel``; the callback gets the outcome."""
        self.invoke_async_impl(channel, request, timeout_millis, invoke_callback)

    def invoke_oneway(self, channel: Channel, request: RemotingCommand, timeout_millis: int) -> None:
        """Java ``invokeOneway``: a one-way request to the client on ``channel``."""
        self.invoke_oneway_impl(channel, request, timeout_millis)
