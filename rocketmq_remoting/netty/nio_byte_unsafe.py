"""The event loop's side of one server connection: its non-blocking reads and writes (the role of Netty's
``AbstractNioByteChannel.NioByteUnsafe``, with ``FlushConsolidationHandler`` for the responses of a batch)."""
from __future__ import annotations

import logging
import select
import selectors
import socket
import ssl
import threading
import time
from typing import TYPE_CHECKING, Any, List, Optional, Tuple

from rocketmq_remoting.netty.ssl_handler import SslHandler
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel import Channel
    from rocketmq_remoting.netty.nio_event_loop import NioEventLoop
    from rocketmq_remoting.netty.response_future import ResponseFuture

__all__ = ["NioByteUnsafe"]

log = logging.getLogger(__name__)

_monotonic = time.monotonic
_get_ident = threading.get_ident
_MSG_DONTWAIT = getattr(socket, "MSG_DONTWAIT", 0)
_HAS_SENDMSG = hasattr(socket.socket, "sendmsg")
_EVENT_READ = selectors.EVENT_READ
_EVENT_WRITE = selectors.EVENT_WRITE
#: responses held back while the loop runs a batch of pipelined requests: sent once this many frames or bytes are
#: held, or when the batch ends
_CONSOLIDATE_MAX_FRAMES = 32
_CONSOLIDATE_MAX_BYTES = 256 * 1024
#: bytes of TLS records read from the socket at a time
_TLS_READ_SIZE = 64 * 1024


class NioByteUnsafe:
    """Netty ``NioByteUnsafe`` of ``channel``, read by ``event_loop`` (a started
    :class:`~rocketmq_remoting.netty.nio_event_loop.NioEventLoop`, which registers this object in its selector).

    Reads: when the socket is readable the loop calls :meth:`read`: one non-blocking read (TLS: decrypt until
    neither the socket nor the session hold more, see :meth:`start_tls`), then the channel dispatches every
    complete frame. The responses of requests read together are held back and sent together
    (:meth:`send_response`, as Netty's ``FlushConsolidationHandler`` does while a read is in progress). A request
    running on the loop that invokes its own channel synchronously reads the channel itself until its response
    arrives (:meth:`await_response`).

    Writes never block, whatever the peer does (:meth:`write`): what the socket does not take at once waits in the
    channel's :class:`~rocketmq_remoting.netty.channel_outbound_buffer.ChannelOutboundBuffer` and the loop sends it
    when the socket is writable (:meth:`flush`); above the high water mark the channel is not writable and the loop
    stops reading it (:meth:`selector_events`: the peer cannot make it queue more responses) until the queue is
    down to the low water mark.
    """

    __slots__ = ("channel", "event_loop", "write_progress_time", "_loop_ident", "_sock", "_outbound", "_ssl_handler",
                 "_held", "_held_bytes", "_poller")

    def __init__(self, channel: "Channel", sock: socket.socket, event_loop: "NioEventLoop") -> None:
        self.channel = channel
        self.event_loop = event_loop
        self._loop_ident = event_loop.ident  # (started before it takes channels)
        #: when the outbound queue last moved (or filled), for the loop's stall check
        self.write_progress_time = 0.0
        self._sock = sock
        self._outbound = channel.outbound
        self._ssl_handler: Optional[SslHandler] = None
        self._held: List[bytes] = []
        self._held_bytes = 0
        self._poller: Any = None
        sock.setblocking(False)

    def fileno(self) -> int:
        """The socket's descriptor (-1 once released), for the loop's selector."""
        return self._sock.fileno()

    def wake(self) -> None:
        """Nothing to do: the loop reads whenever data arrives, and sees a closed channel's shut-down socket."""

    # ------------------------------------------------------------------ reads

    def peek_first_byte(self) -> Optional[int]:
        """When the new connection is first readable: its first byte, not consumed; None at end of stream."""
        data = self._sock.recv(1, socket.MSG_PEEK)
        return data[0] if data else None

    def start_tls(self, ssl_context: ssl.SSLContext, handshake_timeout_seconds: float) -> None:
        """When the new connection's first byte starts a TLS handshake: from now on the loop runs the handshake and
        the records through an :class:`SslHandler`; the handshake must complete within
        ``handshake_timeout_seconds`` (see :meth:`handshake_deadline`)."""
        with self._outbound.lock:
            self._ssl_handler = SslHandler(ssl_context, True, handshake_timeout_seconds)
        self.channel.tls = True

    def handshake_deadline(self) -> Optional[float]:
        """When the TLS handshake in progress must have completed (monotonic seconds); None when none is."""
        handler = self._ssl_handler
        return handler.handshake_deadline() if handler is not None else None

    def read(self) -> bool:
        """The socket is readable: read and dispatch what arrived, then send the responses of the batch (see
        :meth:`send_response`). False when nothing was there. Raises like ``Channel.received``."""
        channel = self.channel
        try:
            if self._ssl_handler is not None:
                return self._read_tls()
            try:
                n = self._sock.recv_into(channel.decoder.recv_view(), 0, _MSG_DONTWAIT)
            except (BlockingIOError, InterruptedError):
                return False
            channel.received(n)
            return True
        finally:
            if self._held:
                self._flush_held()

    def _read_tls(self) -> bool:
        """Decrypt and dispatch until neither the socket nor the TLS session hold more (records already decrypted
        would not make the socket readable again)."""
        channel = self.channel
        got = False
        while channel.is_active():
            try:
                n = self._tls_recv_into(channel.decoder.recv_view())
            except (BlockingIOError, InterruptedError):
                break
            got = True
            channel.received(n)
        return got

    def _tls_recv_into(self, view: memoryview) -> int:
        """Decrypt into ``view`` what arrived, reading TLS records from the socket without blocking (and advancing
        the handshake) while the session has nothing; the byte count, 0 at end of stream. Raises
        :class:`BlockingIOError` when nothing is there yet, :class:`ssl.SSLError` for a bad peer."""
        handler = self._ssl_handler
        assert handler is not None
        lock = self._outbound.lock
        while True:
            if not handler.is_handshaking():
                with lock:
                    n = handler.unwrap_into(view)
                    notify, failure = self._queue_tls_output(handler)
                self._after_queued(notify, failure)
                if n >= 0:
                    return n
            data = self._sock.recv(_TLS_READ_SIZE, _MSG_DONTWAIT)
            if not data:
                return 0
            self.channel.last_read_time = _monotonic()
            with lock:
                established = handler.feed(data)
                notify, failure = self._queue_tls_output(handler)
            self._after_queued(notify, failure)
            if established:
                log.info("TLS connection established with <%s>", self.channel.get_remote_addr())

    def await_response(self, response_future: "ResponseFuture", timeout_millis: float
                       ) -> Optional[RemotingCommand]:
        """Wait for the response of the sync request ``response_future``. A request running on the loop (see
        ``Channel.run_inline``) reads the channel itself meanwhile (further requests go to their executors) until
        the response arrives, the time passes or the channel fails; any other caller only waits."""
        channel = self.channel
        if not (channel.is_running_inline() and _get_ident() == self._loop_ident):
            return response_future.wait_response(timeout_millis)
        deadline = _monotonic() + timeout_millis / 1000.0
        if self._poller is None:
            self._poller = select.poll()
            self._poller.register(self._sock, select.POLLIN)
        tls = self._ssl_handler is not None
        try:
            while channel.is_active() and not response_future.is_done():
                remaining = deadline - _monotonic()
                if remaining <= 0:
                    break
                if tls:  # a read takes what the session holds decrypted already: wait only when it got nothing
                    if not self.read():
                        self._poller.poll(int(remaining * 1000) + 1)
                elif self._poller.poll(int(remaining * 1000) + 1):
                    self.read()
        except Exception as e:
            channel.read_failed(e)
            channel.close()
        return response_future.get_response_command()

    # ------------------------------------------------------------------ writes

    def send_response(self, data: bytes) -> None:
        """Send the encoded response ``data``; on the loop, while it runs a batch of requests read together, hold
        it back to send with the others (at most ``_CONSOLIDATE_MAX_FRAMES`` frames or ``_CONSOLIDATE_MAX_BYTES``
        at a time, and when the batch ends): one write instead of one per response."""
        if _get_ident() != self._loop_ident:
            self.channel.send_frame(data)
            return
        held = self._held
        held.append(data)
        self._held_bytes += len(data)
        if (self.channel.decoder.more_buffered and len(held) < _CONSOLIDATE_MAX_FRAMES
                and self._held_bytes < _CONSOLIDATE_MAX_BYTES):
            return
        self._flush_held()

    def _flush_held(self) -> None:
        held = self._held
        self._held = []
        self._held_bytes = 0
        self.channel.send_frame(held[0] if len(held) == 1 else b"".join(held))

    def write(self, data: Any) -> None:
        """Send what the socket takes now without blocking, queue the rest for the loop (see the class
        docstring). Raises :class:`ConnectionError` when the
        channel is closed, or the write error (the channel is then closed)."""
        channel = self.channel
        with self._outbound.lock:
            if not channel.is_active():
                raise ConnectionError("channel <%s> is closed" % channel.get_remote_addr())
            handler = self._ssl_handler
            if handler is None:
                notify, failure = self._queue_raw(data)
            else:
                notify, failure = False, None
                try:
                    data = handler.wrap(data)
                except ssl.SSLError as e:
                    failure = e
                else:
                    if data is not None:
                        notify, failure = self._queue_raw(data)
        if notify or failure is not None:
            self._after_queued(notify, failure)

    def _queue_tls_output(self, handler: SslHandler) -> Tuple[bool, Optional[OSError]]:
        """Holding the outbound lock: queue what the TLS session produced (handshake, alerts, session tickets)."""
        if not handler.has_output():
            return False, None
        return self._queue_raw(handler.take_output())

    def _queue_raw(self, data: Any) -> Tuple[bool, Optional[OSError]]:
        """Holding the outbound lock: send ``data`` (bytes for the socket) without blocking if nothing is queued,
        queue the rest. Returns whether the loop must update what it waits for, and the write error if any."""
        outbound = self._outbound
        was_empty = not outbound.buffers
        if was_empty:
            try:
                sent = self._sock.send(data, _MSG_DONTWAIT)
            except (BlockingIOError, InterruptedError):
                sent = 0
            except OSError as e:
                return False, e
            self.channel.last_write_time = self.write_progress_time = _monotonic()
            if sent == len(data):
                return False, None
            if sent:
                data = memoryview(data)[sent:]
        return outbound.add_message(data) or was_empty, None

    def _after_queued(self, notify: bool, failure: Optional[OSError]) -> None:
        if failure is not None:
            self.channel.write_failed(failure)
        if notify:
            self.event_loop.interest_changed(self)

    def flush(self) -> None:
        """The socket is writable: send as much of the queue as it takes (Netty ``flush0``); reading resumes once
        the queue is down to the low water mark. Raises the I/O error (the loop closes the channel)."""
        outbound = self._outbound
        sock = self._sock
        with outbound.lock:
            while outbound.buffers:
                buffers = outbound.nio_buffers()
                try:
                    sent = sock.sendmsg(buffers) if _HAS_SENDMSG else sock.send(b"".join(buffers))
                except (BlockingIOError, InterruptedError):
                    break
                if not sent:
                    break
                self.channel.last_write_time = self.write_progress_time = _monotonic()
                outbound.remove_bytes(sent)

    def selector_events(self) -> int:
        """What the loop waits for: readable while the channel is writable, writable while bytes are queued."""
        outbound = self._outbound
        with outbound.lock:
            return (_EVENT_READ if outbound.writable else 0) | (_EVENT_WRITE if outbound.buffers else 0)
