"""One connection (the role of Netty's ``Channel``; a request's ``ChannelHandlerContext`` is in
:mod:`.channel_handler_context`, the codec in :mod:`.netty_decoder` and :mod:`.netty_encoder`).

A :class:`Channel` owns a connected socket and its :class:`NettyDecoder`, and hands every decoded command to its
owner (:class:`NettyRemotingAbstract`: the client or server) on the thread that read it. Two ways of reading, one
per side:

* Server connections are read by an event loop (:class:`~rocketmq_remoting.netty.nio_event_loop.NioEventLoop`,
  :meth:`Channel.read_ready`), plain or TLS (an :class:`SslEngine` over memory buffers, :meth:`Channel.start_tls`).
  Writes never block: what the socket does not take at once is queued and flushed by the loop when the socket is
  writable (:meth:`Channel._enqueue`); above the high water mark the channel is not writable and the loop stops
  reading it. What waits is in the channel's :class:`ChannelOutboundBuffer`, on both sides. The responses of requests read together are sent together (:meth:`Channel.send_response`).
* Client connections have a reader thread of their own (:meth:`Channel.start_reader`). Writers send under the
  write lock, and combine: the thread holding the lock sends what others queued meanwhile in one write, and above
  the high water mark further writers wait for it (:meth:`Channel.send_frame`); async requests written while the reader thread is busy reading are left to it, and
  it sends them, without blocking, before it next waits for data. On plain sockets a sync caller whose request is
  the only one pending, finding nobody reading, reads its response itself and then hands the reading role on
  (leader/follower, :meth:`Channel.await_response`), which saves a thread wake-up per round trip. See
  benchmarks/README.md for what these two cost and save.

Any I/O error, end of stream or malformed frame closes the channel: one warning names the peer and the reason,
and the owner fails every request pending on it at once (and a client forgets the connection). The thread
reading the channel is the only one that releases the socket's descriptor, under the write lock, so that a
descriptor is never reused under a concurrent writer.
"""
from __future__ import annotations

import collections
import itertools
import logging
import select
import selectors
import socket
import ssl
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Deque, Dict, List, Optional, Tuple, cast

from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.netty.channel_outbound_buffer import ChannelOutboundBuffer
from rocketmq_remoting.netty.netty_decoder import MalformedFrame, NettyDecoder
from rocketmq_remoting.netty.netty_encoder import NettyEncoder
from rocketmq_remoting.netty.tls_transport import SslEngine, TlsTransport
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_remoting.netty.response_future import ResponseFuture
    from rocketmq_remoting.netty.netty_remoting_abstract import NettyRemotingAbstract

__all__ = ["Channel"]

log = logging.getLogger(__name__)

_monotonic = time.monotonic
_channel_ids = itertools.count(1)

#: async requests up to this size may be left to a busy reader thread to send (see ``Channel.send_frame``)
_DEFER_MAX_BYTES = 64 * 1024
#: how often the parked reader thread of a leader/follower channel looks whether nobody reads
_READER_PARK_SECONDS = 0.01
_MSG_DONTWAIT = getattr(socket, "MSG_DONTWAIT", 0)
_get_ident = threading.get_ident
#: responses held back while an event loop runs a batch of pipelined requests: sent once this many frames or
#: bytes are held, or when the batch ends
_CONSOLIDATE_MAX_FRAMES = 32
_CONSOLIDATE_MAX_BYTES = 256 * 1024
_EVENT_READ = selectors.EVENT_READ
_HAS_SENDMSG = hasattr(socket.socket, "sendmsg")
#: bytes of TLS records read from the socket at a time (event loop TLS channels)
_TLS_READ_SIZE = 64 * 1024
_EVENT_WRITE = selectors.EVENT_WRITE


def _no_requests() -> int:
    return 0


class _EndOfStream(Exception):
    """The peer closed the connection."""


class Channel:
    """A connection to ``get_remote_addr()`` (``"ip:port"``), shared by the client and server sides.

    ``write_and_flush(cmd)`` sends a command (encode errors are raised before anything is written; I/O errors
    close the channel and are raised), ``close()`` closes it (idempotent), ``is_active()`` tells whether it is
    open, and ``attributes`` is a free dictionary for the owner (Netty's channel attributes). Channels compare
    by identity, so they can be kept in sets and as dictionary keys.
    """

    def __init__(self, sock: socket.socket, remoting: "NettyRemotingAbstract", frame_max_length: int,
                 outbound: ChannelOutboundBuffer, remote_addr: Optional[str] = None) -> None:
        self.id = next(_channel_ids)
        self._sock = sock
        self._remoting = remoting
        try:
            peer = sock.getpeername()
        except OSError:
            peer = None
        self._remote_address = peer
        self._remote_addr = remote_addr or RemotingHelper.parse_socket_address_addr(peer)
        try:
            self._local_address = sock.getsockname()
        except OSError:
            self._local_address = None
        self._write_lock = threading.Lock()
        #: what the socket did not take yet, and the water marks (guarded by its own lock)
        self.outbound = outbound
        self._state_lock = threading.Lock()
        self._active = True
        self._reader: Optional[threading.Thread] = None
        #: the :class:`NioEventLoop` reading this channel instead of a reader thread (server side)
        self.event_loop: Any = None
        self._reader_ident: Optional[int] = None  # the thread reading: reader thread or event loop
        #: responses of a batch of requests read together, sent at once (event loop only; see ``send_response``)
        self._consolidated: Optional[List[bytes]] = None
        self._consolidated_bytes = 0
        self.write_progress_time = 0.0  # when the queue last moved (or filled), for the loop's stall check
        self._ssl: Optional[SslEngine] = None  # TLS of an event loop channel (see ``start_tls``)
        self._tls = False
        self._set_io(sock)
        # reading: the buffer and its state are used by whoever holds ``_role`` (the reader thread, or a sync
        # caller reading for itself, see ``await_response``)
        self.decoder = NettyDecoder(frame_max_length)
        self._leader_follower = False
        self._role = threading.Lock()
        self._followers: Deque["ResponseFuture"] = collections.deque()
        self._reader_wake = threading.Event()
        #: the reader thread holds the reading role and is not waiting for data: it sends what is queued before it
        #: next waits (see ``send_frame``)
        self._reader_sends = False
        self._poller: Any = None
        self._pending_requests: Callable[[], int] = _no_requests  # the owner's, for leader/follower reading
        self._inline_busy = False  # a request runs on the thread reading this channel (``run_inline``)
        now = _monotonic()
        self.last_read_time = now
        self.last_write_time = now
        self.attributes: Dict[str, Any] = {}

    def _set_io(self, sock: socket.socket) -> None:
        if isinstance(sock, ssl.SSLSocket):
            transport = TlsTransport(sock)
            self._recv_into: Callable[[memoryview], int] = transport.recv_into
            self._sendall: Callable[[bytes], None] = transport.sendall
            self._tls = True
        else:
            self._recv_into = sock.recv_into
            self._sendall = sock.sendall

    # ------------------------------------------------------------------ public API

    def get_remote_addr(self) -> str:
        """The peer as ``"ip:port"`` (Java ``RemotingHelper.parseChannelRemoteAddr``)."""
        return self._remote_addr

    def remote_address(self) -> Any:
        """The peer's socket address tuple (Netty ``remoteAddress``)."""
        return self._remote_address

    def local_address(self) -> Any:
        """The local socket address tuple (Netty ``localAddress``)."""
        return self._local_address

    def is_active(self) -> bool:
        return self._active

    def fileno(self) -> int:
        """The socket's descriptor (-1 once released), so that a channel can be registered in a selector."""
        return self._sock.fileno()

    def is_writable(self) -> bool:
        """Netty ``isWritable``: open, and not above the high water mark (see :class:`ChannelOutboundBuffer`)."""
        return self._active and self.outbound.is_writable()

    def is_tls(self) -> bool:
        return self._tls

    def write_and_flush(self, cmd: RemotingCommand) -> None:
        """Encode and send ``cmd`` (Netty ``writeAndFlush``)."""
        self.send_frame(NettyEncoder.encode(cmd))

    def send_frame(self, data: bytes, defer: bool = False) -> None:
        """Send one encoded frame whole.

        Writers combine: a frame is queued in the :class:`ChannelOutboundBuffer`, and whichever thread holds the
        write lock sends everything queued in one ``sendall``; a thread that finds the lock taken returns at once
        (its frame goes out with the current writer's next batch) unless the channel is above its high water mark,
        then it waits for the lock (back pressure). With ``defer`` (async requests) a frame of at most ``_DEFER_MAX_BYTES`` is only queued while
        the reader thread of a client channel is busy reading: it sends everything queued before it next waits
        for data, so a stream of async requests goes out in a few large writes instead of one per request (like
        Netty, whose event loop does the writes of other threads). Raises :class:`ConnectionError` when the
        channel is closed, or the :class:`OSError` of the failed write it made itself (the channel is then
        closed: a partial frame cannot be taken back, and every request pending on it fails).
        """
        if not self._active:
            raise ConnectionError("channel <%s> is closed" % self._remote_addr)
        if self.event_loop is not None:
            self._enqueue(data)
            return
        outbound = self.outbound
        with outbound.lock:
            outbound.add_message(data)
        if defer and self._reader_sends and len(data) <= _DEFER_MAX_BYTES and outbound.is_writable():
            return  # the reader thread sends it before it waits for data again (it checks the queue after us)
        self._send_queued()

    def _send_queued(self) -> None:
        """Send what is queued, as the holder of the write lock (see :meth:`send_frame`)."""
        outbound = self.outbound
        lock = self._write_lock
        while True:
            if not lock.acquire(False):
                if outbound.is_writable():
                    return  # the thread holding the lock sends it (it re-checks the queue after releasing)
                lock.acquire()
            failure = None
            try:
                while True:
                    with outbound.lock:
                        data = outbound.take_all()
                    if data is None:
                        break  # (a writer waiting for the lock finds its frame sent by the holder before)
                    if not self._active:
                        raise ConnectionError("channel <%s> is closed" % self._remote_addr)
                    self._sendall(data)
                self.last_write_time = _monotonic()
            except OSError as e:
                failure = e
            finally:
                lock.release()
            if failure is not None:
                break
            if outbound.is_empty():
                return
        with outbound.lock:
            outbound.clear()
        if self._active:
            log.warning("write to channel <%s> failed, closing it: %r", self._remote_addr, failure)
            self._remoting.channel_exception(self, failure)
        self.close()
        raise failure

    def _send_queued_now(self) -> bool:
        """The reader thread: send what is queued without blocking, since it must go on reading (a peer blocked
        writing to us may only read our data once we read its). True when the socket took only part: the rest
        stays queued first, and the reader waits for the socket to be writable as well as readable. A frame
        queued while the write lock is taken is left to its holder."""
        outbound = self.outbound
        lock = self._write_lock
        send = self._sock.send
        while not outbound.is_empty():
            if not lock.acquire(False):
                return False  # the holder sends it (it re-checks the queue after releasing)
            try:
                with outbound.lock:
                    if not self._active:
                        outbound.clear()
                        return False
                    data = outbound.take_all()
                if data is None:
                    return False
                view = memoryview(data)
                sent = 0
                try:
                    while sent < len(view):
                        sent += send(view[sent:], _MSG_DONTWAIT)
                except (BlockingIOError, InterruptedError):
                    with outbound.lock:
                        outbound.add_first(bytes(view[sent:]))  # before anything queued meanwhile
                    return True
                finally:
                    self.last_write_time = _monotonic()
            finally:
                lock.release()
        return False

    def send_response(self, data: bytes) -> None:
        """Send the encoded response ``data``. On an event loop running a batch of requests read together, the
        responses are held back and sent together (at most ``_CONSOLIDATE_MAX_FRAMES`` frames or
        ``_CONSOLIDATE_MAX_BYTES`` at a time, and when the batch ends): one write instead of one per response, as
        Netty's ``FlushConsolidationHandler`` does while a read is in progress. Raises like :meth:`send_frame`."""
        held = self._consolidated
        if held is not None and _get_ident() == self._reader_ident:
            held.append(data)
            self._consolidated_bytes += len(data)
            if (self.decoder.more_buffered and len(held) < _CONSOLIDATE_MAX_FRAMES
                    and self._consolidated_bytes < _CONSOLIDATE_MAX_BYTES):
                return
            self._flush_consolidated()
            return
        self.send_frame(data)

    def _flush_consolidated(self) -> None:
        held = self._consolidated
        if not held:
            return
        self._consolidated = []
        self._consolidated_bytes = 0
        self.send_frame(held[0] if len(held) == 1 else b"".join(held))

    # ------------------------------------------------------------------ event loop writes (server side)

    def _enqueue(self, data: Any) -> None:
        """Event loop channels: send what the socket takes now without blocking, queue the rest in the
        :class:`ChannelOutboundBuffer` for the loop, which flushes it when the socket is writable
        (:meth:`flush_ready`). Never blocks, whatever the peer does: above the high water mark the channel is not
        writable and its loop stops reading it (the peer cannot make it queue more responses) until the queue is
        down to the low water mark."""
        failure: Optional[OSError] = None
        with self.outbound.lock:
            if not self._active:
                raise ConnectionError("channel <%s> is closed" % self._remote_addr)
            engine = self._ssl
            if engine is not None:
                if engine.handshaking:
                    engine.held.append(data)
                    return
                try:
                    engine.ssl_object.write(data)
                except ssl.SSLError as e:
                    failure = e
                data = engine.outgoing.read()
            notify = False
            if failure is None:
                notify, failure = self._queue_raw(data)
        if failure is not None:
            self._write_failed(failure)
        if notify:
            self.event_loop.interest_changed(self)

    def _queue_raw(self, data: Any) -> Tuple[bool, Optional[OSError]]:
        """Holding the outbound lock: send ``data`` (bytes for the socket) without blocking if nothing is queued,
        queue the rest. Returns whether the loop must update what it waits for, and the write error if any."""
        outbound = self.outbound
        was_empty = outbound.is_empty()
        if was_empty:
            try:
                sent = self._sock.send(data, _MSG_DONTWAIT)
            except (BlockingIOError, InterruptedError):
                sent = 0
            except OSError as e:
                return False, e
            self.last_write_time = self.write_progress_time = _monotonic()
            if sent == len(data):
                return False, None
            if sent:
                data = memoryview(data)[sent:]
        return outbound.add_message(data) or was_empty, None

    def flush_ready(self) -> None:
        """On the event loop, when the socket is writable: send as much of the queue as it takes, and resume
        reading once the queue is down to the low water mark. Raises the I/O error (the loop closes the
        channel)."""
        outbound = self.outbound
        with outbound.lock:
            sock = self._sock
            while not outbound.is_empty():
                buffers = outbound.nio_buffers()
                try:
                    sent = sock.sendmsg(buffers) if _HAS_SENDMSG else sock.send(b"".join(buffers))
                except (BlockingIOError, InterruptedError):
                    break
                if not sent:
                    break
                self.last_write_time = self.write_progress_time = _monotonic()
                outbound.remove_bytes(sent)

    def selector_events(self) -> int:
        """The events the event loop waits for on this channel: readable while writable, writable while frames
        are queued."""
        outbound = self.outbound
        with outbound.lock:
            return (_EVENT_READ if outbound.is_writable() else 0) | (0 if outbound.is_empty() else _EVENT_WRITE)

    def queued_bytes(self) -> int:
        """Bytes queued for the socket (Netty ``ChannelOutboundBuffer.totalPendingWriteBytes``)."""
        return self.outbound.total_pending_size()

    def _write_failed(self, failure: OSError) -> None:
        if self._active:
            log.warning("write to channel <%s> failed, closing it: %r", self._remote_addr, failure)
            self._remoting.channel_exception(self, failure)
        self.close()
        raise failure

    def close(self) -> bool:
        """Close the connection; pending requests on it fail at once. True if this call closed it."""
        with self._state_lock:
            if not self._active:
                return False
            self._active = False
        try:
            # the plain socket's shutdown, also for TLS: SSLSocket.shutdown drops its SSL object first, and a
            # concurrent write could then send plaintext before the socket is shut
            socket.socket.shutdown(self._sock, socket.SHUT_RDWR)
        except OSError:
            pass  # not connected any more, or already shut down: the reader sees end of stream either way
        if self._reader is None and self.event_loop is None:
            self._release_socket()
        self._reader_wake.set()
        self._remoting.channel_inactive(self)
        return True

    def join(self, timeout: Optional[float] = None) -> None:
        """Wait for the reader thread to end (after :meth:`close`)."""
        reader = self._reader
        if reader is not None and reader is not threading.current_thread():
            reader.join(timeout)
            if reader.is_alive():
                log.warning("reader thread %s did not end within %s s", reader.name, timeout)

    # ------------------------------------------------------------------ reader

    def start_reader(self, thread_name: str, pending_requests: Optional[Callable[[], int]] = None) -> None:
        """Start the reader thread (client connections). With ``pending_requests`` (the number of requests the
        owner waits for; plain sockets, POSIX only) sync callers read their responses themselves (leader/follower,
        see :meth:`await_response`)."""
        if pending_requests is not None and not self._tls and hasattr(select, "poll") and _MSG_DONTWAIT:
            self._poller = select.poll()
            self._poller.register(self._sock, select.POLLIN)
            self._leader_follower = True
            self._pending_requests = pending_requests
        self._reader = threading.Thread(target=self._run_reader, name=thread_name, daemon=True)
        self._reader.start()

    def attach_event_loop(self, event_loop: Any) -> None:
        """Server side: ``event_loop`` (a started
        :class:`~rocketmq_remoting.netty.nio_event_loop.NioEventLoop`) reads this channel from now on, instead of
        a reader thread, and writes go through its outbound queue (see :meth:`_enqueue`)."""
        self.event_loop = event_loop
        self._reader_ident = event_loop.ident
        self._consolidated = []
        self._sock.setblocking(False)

    def reading_stopped(self, cause: Optional[BaseException]) -> None:
        """The event loop stopped reading this channel because of ``cause`` (None: the loop shut down): report
        it, close the channel and release the socket (its descriptor is no longer in the loop's selector)."""
        try:
            if cause is not None:
                self._read_failed(cause)
            self.close()
        finally:
            self._release_socket()

    def peek_first_byte(self) -> Optional[int]:
        """Server side, on the event loop when a new connection is first readable: its first byte, not consumed;
        None at end of stream."""
        data = self._sock.recv(1, socket.MSG_PEEK)
        return data[0] if data else None

    def _run_reader(self) -> None:
        self._reader_ident = _get_ident()
        try:
            if self._leader_follower:
                self._read_when_idle()
            else:
                while True:
                    self._read_once(None)
        except Exception as e:
            self._read_failed(e)
        finally:
            try:
                self.close()
            finally:
                if self._leader_follower:
                    with self._role:  # a caller still reading gives up at once: the socket is shut down
                        self._release_socket()
                else:
                    self._release_socket()

    def _read_failed(self, e: BaseException) -> None:
        """Report why reading stopped (the caller then closes the channel)."""
        if isinstance(e, _EndOfStream):
            return
        if isinstance(e, MalformedFrame):
            if self._active:
                log.warning("closing channel <%s>: %s", self._remote_addr, e)
        elif isinstance(e, (OSError, ValueError)):
            if self._active:
                log.warning("channel <%s> failed: %r", self._remote_addr, e)
                self._remoting.channel_exception(self, e)
        else:  # a bug in dispatching: report it loudly, the channel cannot be trusted any more
            log.error("channel <%s> reader failed", self._remote_addr, exc_info=e)
            self._remoting.channel_exception(self, e)

    def _release_socket(self) -> None:
        """Reading ended for good: close the socket and drop the read buffers at once (a closed channel may stay
        referenced a while, by a pending request or until the garbage collector breaks its cycles)."""
        outbound = self.outbound
        with self._write_lock, outbound.lock:
            try:
                self._sock.close()
            except OSError as e:
                log.debug("closing the socket of <%s>: %r", self._remote_addr, e)
            outbound.clear()
        self.decoder.release()

    def _read_once(self, timeout: Optional[float]) -> bool:
        """One ``recv_into`` (after waiting at most ``timeout`` seconds for data; None: block), then dispatch every
        complete frame buffered. False when the wait timed out. Raises
        :class:`_EndOfStream`, :class:`MalformedFrame` or the I/O error. Only the holder of the reading role
        calls it."""
        view = self.decoder.recv_view()
        if timeout is not None and not (self._ssl is not None and self._ssl.ssl_object.pending()) \
                and not self._poller.poll(int(timeout * 1000) + 1):
            return False
        try:
            n = self._recv_into(view)
        except (BlockingIOError, InterruptedError):  # a non-blocking event loop socket, woken for nothing
            return True
        self._received(n)
        return True

    def read_ready(self) -> bool:
        """Event loop: the socket is readable; one non-blocking ``recv_into``,
        then dispatch every complete frame buffered, sending the responses of the batch together (see
        :meth:`send_response`). False when nothing was there. Raises like :meth:`_read_once`."""
        if self._ssl is not None:
            return self._read_ready_tls()
        try:
            n = self._sock.recv_into(self.decoder.recv_view(), 0, _MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            return False
        try:
            self._received(n)
        finally:
            if self._consolidated:
                self._flush_consolidated()
        return True

    # ------------------------------------------------------------------ TLS on the event loop (server side)

    def start_tls(self, ssl_context: ssl.SSLContext, handshake_timeout_seconds: float) -> None:
        """Server side, on the event loop when a new connection's first byte starts a TLS handshake: from now on
        the loop runs the handshake and the records over memory buffers (:class:`SslEngine`), without a thread
        of its own; the handshake must complete within ``handshake_timeout_seconds`` (see
        :meth:`handshake_deadline`)."""
        with self.outbound.lock:
            self._ssl = SslEngine(ssl_context, True, handshake_timeout_seconds)
        self._recv_into = self._tls_recv_into
        self._tls = True

    def handshake_deadline(self) -> Optional[float]:
        """When the TLS handshake in progress must have completed (monotonic seconds); None when none is."""
        engine = self._ssl
        return engine.deadline if engine is not None and engine.handshaking else None

    def _read_ready_tls(self) -> bool:
        """:meth:`read_ready` of a TLS channel: decrypt and dispatch until neither the socket nor the TLS
        session hold more (records already decrypted would not make the socket readable again)."""
        got = False
        try:
            while self._active:
                try:
                    n = self._tls_recv_into(self.decoder.recv_view())
                except (BlockingIOError, InterruptedError):
                    break
                got = True
                self._received(n)
        finally:
            if self._consolidated:
                self._flush_consolidated()
        return got

    def _tls_recv_into(self, view: memoryview) -> int:
        """Decrypt into ``view`` what arrived, reading TLS records from the socket without blocking (and
        advancing the handshake) while the session has nothing; the byte count, 0 at end of stream. Raises
        :class:`BlockingIOError` when nothing is there yet, :class:`ssl.SSLError` for a bad peer."""
        engine = self._ssl
        assert engine is not None
        ssl_object = engine.ssl_object
        while True:
            if not engine.handshaking:
                with self.outbound.lock:
                    try:
                        n = cast(int, ssl_object.read(len(view), view))  # into view: a byte count
                    except ssl.SSLWantReadError:
                        n = -1
                    except (ssl.SSLZeroReturnError, ssl.SSLEOFError):
                        return 0
                    notify, failure = self._queue_tls_output(engine)
                self._after_tls_output(notify, failure)
                if n >= 0:
                    return n
            data = self._sock.recv(_TLS_READ_SIZE, _MSG_DONTWAIT)
            if not data:
                return 0
            self.last_read_time = _monotonic()
            established = False
            with self.outbound.lock:
                engine.incoming.write(data)
                if engine.handshaking:
                    try:
                        ssl_object.do_handshake()
                    except ssl.SSLWantReadError:
                        pass
                    else:
                        established = True
                        engine.handshaking = False
                        for held in engine.held:
                            ssl_object.write(held)
                        engine.held = []
                notify, failure = self._queue_tls_output(engine)
            self._after_tls_output(notify, failure)
            if established:
                log.info("TLS connection established with <%s>", self._remote_addr)

    def _queue_tls_output(self, engine: SslEngine) -> Tuple[bool, Optional[OSError]]:
        """Holding the outbound lock: queue what the TLS session produced (handshake, alerts, session tickets)."""
        if not engine.outgoing.pending:
            return False, None
        return self._queue_raw(engine.outgoing.read())

    def _after_tls_output(self, notify: bool, failure: Optional[OSError]) -> None:
        if failure is not None:
            raise failure
        if notify:
            self.event_loop.interest_changed(self)

    def _received(self, n: int) -> None:
        """``n`` bytes were read (0: end of stream): dispatch every complete command."""
        if not n:
            raise _EndOfStream()
        self.last_read_time = _monotonic()
        self.decoder.received(n, self._dispatch)

    def _dispatch(self, cmd: RemotingCommand) -> None:
        self._remoting.process_message_received(self, cmd)

    def run_inline(self, run: Callable[..., Any], *args: Any) -> None:
        """Run a request on the thread reading this channel (an event loop): meanwhile no other request of the
        channel runs inline, and a sync request it makes on this channel reads the channel itself
        (:meth:`await_response`)."""
        self._inline_busy = True
        try:
            run(*args)
        finally:
            self._inline_busy = False

    def is_running_inline(self) -> bool:
        return self._inline_busy

    # ------------------------------------------------------------------ leader/follower reading (client side)

    def _read_when_idle(self) -> None:
        """The reader thread of a leader/follower channel: read while no sync caller wants to; give the role up
        after a batch when one waits, and look again every ``_READER_PARK_SECONDS`` (or when woken)."""
        role = self._role
        followers = self._followers
        wake = self._reader_wake
        while self._active:
            if role.acquire(False):
                try:
                    while self._active:
                        self._read_and_send()
                        if followers:
                            self._reader_sends = False
                            if self.outbound.is_empty() or not self._send_queued_now():
                                break
                            # the socket takes no more now: keep reading until it does
                finally:
                    self._reader_sends = False
                    role.release()
                self._hand_off_role()
            wake.wait(_READER_PARK_SECONDS)
            wake.clear()

    def _read_and_send(self) -> None:
        """One turn of the reader thread holding the role: send what writers queued for it (see
        :meth:`send_frame`), read what the socket holds, waiting for data only when there is none, and dispatch
        it. Writers leave their async requests to it (``_reader_sends``) except while it waits."""
        view = self.decoder.recv_view()
        self._reader_sends = True
        if not self.outbound.is_empty():
            self._send_queued_now()
        try:
            n = self._sock.recv_into(view, 0, _MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            self._reader_sends = False  # writers send themselves from now on; what they queued before is ours
            if not self.outbound.is_empty() and self._send_queued_now():
                self._wait_readable_sending()
            n = self._recv_into(view)
            self._reader_sends = True
        self._received(n)

    def _wait_readable_sending(self) -> None:
        """Frames are queued that the socket did not take: wait until it is readable, sending more of them
        whenever it is writable, until none is left."""
        poller = select.poll()
        poller.register(self._sock, select.POLLIN | select.POLLOUT)
        while True:
            events = poller.poll()
            if any(event & ~select.POLLOUT for _, event in events) or not self._send_queued_now():
                return

    def _hand_off_role(self) -> bool:
        """After releasing the role: wake a sync caller still waiting so that it reads. True if one was woken."""
        followers = self._followers
        while followers:
            try:
                follower = followers.popleft()
            except IndexError:
                return False
            if not follower.is_done():
                follower.wake_waiter()
                return True
        return False

    def wake_reader(self) -> None:
        """Make sure somebody reads soon (after an async request): wake the reader thread if the role is free."""
        if self._leader_follower and not self._role.locked():
            self._reader_wake.set()

    def await_response(self, response_future: "ResponseFuture", timeout_millis: float
                       ) -> Optional[RemotingCommand]:
        """Wait for the response of the sync request ``response_future`` (already sent), at most
        ``timeout_millis``; the response, or None (failed or timed out).

        Leader/follower: when nobody reads the socket and no other request of the client is pending, the caller
        reads it itself (dispatching every frame it gets, as the reader thread would) until its response arrives,
        then hands the role to another waiting caller, or to the reader thread when requests are pending; this
        saves the thread wake-up per response. Waiting callers are woken by their response or to take the role.
        With other requests pending the caller only waits, and the reader thread reads (see the module
        docstring)."""
        if not self._leader_follower:
            if self._inline_busy and self._reader_ident == _get_ident():
                self._read_nested(response_future, _monotonic() + timeout_millis / 1000.0)
                return response_future.get_response_command()
            return response_future.wait_response(timeout_millis)
        if self._pending_requests() > 1:  # others pending: the reader thread reads
            self.wake_reader()
            return response_future.wait_response(timeout_millis)
        deadline = _monotonic() + timeout_millis / 1000.0
        role = self._role
        followers = self._followers
        registered = False
        try:
            while not response_future.is_done():
                if not registered:
                    followers.append(response_future)  # before trying the role: see _lead's hand-off
                    registered = True
                if role.acquire(False):
                    registered = False
                    try:
                        followers.remove(response_future)
                    except ValueError:
                        pass
                    self._lead(response_future, deadline)
                    if not response_future.is_done() and not self._active:
                        response_future.wait_response((deadline - _monotonic()) * 1000.0)  # being failed now
                    break
                remaining = deadline - _monotonic()
                if remaining <= 0:
                    break
                response_future.await_wakeup(remaining)
                if response_future not in followers:
                    registered = False  # taken off the list to be given the role
        finally:
            if registered:
                try:
                    followers.remove(response_future)
                except ValueError:
                    pass
            if followers and not role.locked():
                self._hand_off_role()  # the role may have been offered to us after our response arrived
        return response_future.get_response_command()

    def _read_nested(self, response_future: "ResponseFuture", deadline: float) -> None:
        """On the reader thread, inside the dispatch of a request running inline that invokes this channel
        synchronously: read (further requests go to their executors) until the response arrives, the deadline
        passes or the channel fails."""
        if self._poller is None:
            self._poller = select.poll()
            self._poller.register(self._sock, select.POLLIN)
        try:
            while self._active and not response_future.is_done():
                remaining = deadline - _monotonic()
                if remaining <= 0:
                    return
                self._read_once(remaining)
        except Exception as e:
            self._read_failed(e)
            self.close()

    def _lead(self, response_future: "ResponseFuture", deadline: float) -> None:
        """Holding the role: read until ``response_future`` is done, ``deadline`` passes or the channel fails,
        then give the role up."""
        pending_requests = self._pending_requests
        try:
            while self._active and not response_future.is_done():
                remaining = deadline - _monotonic()
                if remaining <= 0:
                    break
                self._read_once(remaining)
        except Exception as e:
            self._read_failed(e)
            self.close()
        finally:
            self._role.release()
            if not self._hand_off_role() and (pending_requests() or not self._active):
                self._reader_wake.set()

    def __repr__(self) -> str:
        return "[id: 0x%08x, L:%s - R:%s%s]" % (
            self.id, RemotingHelper.parse_socket_address_addr(self._local_address), self._remote_addr,
            "" if self._active else " (closed)")
