"""One connection (the role of Netty's ``Channel``; a request's ``ChannelHandlerContext`` is in
:mod:`.channel_handler_context`, the codec in :mod:`.netty_decoder` and :mod:`.netty_encoder`).

A :class:`Channel` owns a connected socket, its :class:`NettyDecoder` and its :class:`ChannelOutboundBuffer`, and
hands every decoded command to its owner (:class:`NettyRemotingAbstract`: the client or server) on the thread
that read it. One reader reads it, by the side and the socket:

* server connections: the event loop, through the channel's
  :class:`~rocketmq_remoting.netty.nio_byte_unsafe.NioByteUnsafe` (plain or TLS; writes never block, what the
  socket does not take waits for the loop, above the high water mark the loop stops reading the channel);
* client connections on a plain socket: a :class:`~rocketmq_remoting.netty.leader_follower_reader.
  LeaderFollowerReader` (a reader thread, and sync callers reading their own responses);
* client TLS connections: a :class:`~rocketmq_remoting.netty.thread_per_channel_event_loop.
  ThreadPerChannelEventLoop` (a reader thread of its own).

On the client side writers send under the write lock, and combine: the thread holding the lock sends what others
queued meanwhile in one write, and above the high water mark further writers wait for it
(:meth:`Channel.send_frame`).

Any I/O error, end of stream or malformed frame closes the channel: one warning names the peer and the reason,
and the owner fails every request pending on it at once (and a client forgets the connection). The thread
reading the channel is the only one that releases the socket's descriptor, under the write lock, so that a
descriptor is never reused under a concurrent writer.
"""
from __future__ import annotations

import itertools
import logging
import select
import socket
import ssl
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Union

from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.netty.channel_outbound_buffer import ChannelOutboundBuffer
from rocketmq_remoting.netty.leader_follower_reader import LeaderFollowerReader
from rocketmq_remoting.netty.netty_decoder import MalformedFrame, NettyDecoder
from rocketmq_remoting.netty.netty_encoder import NettyEncoder
from rocketmq_remoting.netty.nio_byte_unsafe import NioByteUnsafe
from rocketmq_remoting.netty.thread_per_channel_event_loop import ThreadPerChannelEventLoop
from rocketmq_remoting.netty.tls_transport import TlsTransport
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_remoting.netty.netty_remoting_abstract import NettyRemotingAbstract
    from rocketmq_remoting.netty.nio_event_loop import NioEventLoop
    from rocketmq_remoting.netty.response_future import ResponseFuture

__all__ = ["Channel"]

log = logging.getLogger(__name__)

_monotonic = time.monotonic
_channel_ids = itertools.count(1)
_LEADER_FOLLOWER = hasattr(select, "poll")
Reader = Union[LeaderFollowerReader, ThreadPerChannelEventLoop, NioByteUnsafe]


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
        self._active = True
        self._write_lock = threading.Lock()  # held by the client thread sending (see send_frame)
        #: what the socket did not take yet, and the water marks (its lock also guards ``_active``)
        self.outbound = outbound
        self.decoder = NettyDecoder(frame_max_length)
        self.tls = isinstance(sock, ssl.SSLSocket)
        #: what a client thread reads and writes through: the socket, or the TLS transport over it
        self.transport: Any = TlsTransport(sock) if self.tls else sock  # type: ignore[arg-type]
        self._reader: Optional[Reader] = None
        #: an event loop channel's non-blocking write (``NioByteUnsafe.write``); None: a client channel
        self._loop_write: Optional[Callable[[Any], None]] = None
        self._inline_busy = False  # a request runs on the event loop reading this channel (``run_inline``)
        now = _monotonic()
        self.last_read_time = now
        self.last_write_time = now
        self.attributes: Dict[str, Any] = {}

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
        """The socket's descriptor (-1 once released)."""
        return self._sock.fileno()

    def is_writable(self) -> bool:
        """Netty ``isWritable``: open, and not above the high water mark (see :class:`ChannelOutboundBuffer`)."""
        return self._active and self.outbound.writable

    def is_tls(self) -> bool:
        return self.tls

    def queued_bytes(self) -> int:
        """Bytes queued for the socket (Netty ``ChannelOutboundBuffer.totalPendingWriteBytes``)."""
        return self.outbound.total_pending_size()

    def can_run_inline(self) -> bool:
        """An event loop reads this channel (a server connection) and runs none of its requests now: a request
        may run on it (:meth:`run_inline`)."""
        return not self._inline_busy and isinstance(self._reader, NioByteUnsafe)

    def write_and_flush(self, cmd: RemotingCommand) -> None:
        """Encode and send ``cmd`` (Netty ``writeAndFlush``)."""
        self.send_frame(NettyEncoder.encode(cmd))

    def send_frame(self, data: bytes) -> None:
        """Send one encoded frame whole: on an event loop channel without blocking (``NioByteUnsafe.write``),
        else as below.

        Writers combine: a thread that takes the write lock with nothing queued sends its frame as it is; else the
        frame is queued in the :class:`ChannelOutboundBuffer`, and whichever thread holds the write lock sends
        everything queued in one ``sendall`` (a frame queued before ours goes first); a thread that finds the lock
        taken returns at once (its frame goes out with the current writer's next batch) unless the channel is above
        its high water mark, then it waits for the lock (back pressure). Raises :class:`ConnectionError` when the
        channel is closed, or the :class:`OSError` of the failed write it made itself (the channel is then closed: a
        partial frame cannot be taken back, and every request pending on it fails).
        """
        if not self._active:
            raise ConnectionError("channel <%s> is closed" % self._remote_addr)
        loop_write = self._loop_write
        if loop_write is not None:
            loop_write(data)
            return
        outbound = self.outbound
        lock = self._write_lock
        frame: Optional[bytes] = data
        if outbound.buffers or not lock.acquire(False):
            with outbound.lock:
                outbound.add_message(data)
            frame = None
        while True:
            if frame is None and not lock.acquire(False):  # (``frame`` set: we hold the lock)
                if outbound.writable:
                    return  # the thread holding the lock sends it (it re-checks the queue after releasing)
                lock.acquire()
            failure = None
            try:
                if frame is not None:  # ours, nothing queued before it
                    self.transport.sendall(frame)
                    frame = None
                # (a writer that waited for the lock may find its frame sent by the holder before)
                while outbound.buffers:
                    with outbound.lock:
                        data = outbound.take_all()  # type: ignore[assignment]
                    if not self._active:
                        raise ConnectionError("channel <%s> is closed" % self._remote_addr)
                    self.transport.sendall(data)
                self.last_write_time = _monotonic()
            except OSError as e:
                failure = e
                with outbound.lock:  # (still holding the write lock: nobody else takes from it)
                    outbound.clear()
            finally:
                lock.release()
            if failure is not None or not outbound.buffers:
                break
        if failure is not None:
            self.write_failed(failure)

    def write_failed(self, failure: OSError) -> None:
        """A write failed: report it, close the channel and raise ``failure``."""
        if self._active:
            log.warning("write to channel <%s> failed, closing it: %r", self._remote_addr, failure)
            self._remoting.channel_exception(self, failure)
        self.close()
        raise failure

    def send_response(self, data: bytes) -> None:
        """Send the encoded response ``data`` (on an event loop, with the others of its batch: see
        ``NioByteUnsafe.send_response``). Raises like :meth:`send_frame`."""
        self._reader.send_response(data)  # type: ignore[union-attr]

    def close(self) -> bool:
        """Close the connection; pending requests on it fail at once. True if this call closed it."""
        with self.outbound.lock:
            if not self._active:
                return False
            self._active = False
        try:
            # the plain socket's shutdown, also for TLS: SSLSocket.shutdown drops its SSL object first, and a
            # concurrent write could then send plaintext before the socket is shut
            socket.socket.shutdown(self._sock, socket.SHUT_RDWR)
        except OSError:
            pass  # not connected any more, or already shut down: the reader sees end of stream either way
        reader = self._reader
        if reader is None:
            self._release_socket()
        else:
            reader.wake()
        self._remoting.channel_inactive(self)
        return True

    def join(self, timeout: Optional[float] = None) -> None:
        """Wait for the reader thread to end (after :meth:`close`)."""
        thread = getattr(self._reader, "thread", None)
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
            if thread.is_alive():
                log.warning("reader thread %s did not end within %s s", thread.name, timeout)

    # ------------------------------------------------------------------ readers

    def start_reader(self, thread_name: str, pending_requests: Callable[[], int]) -> None:
        """Client connections: start the reader thread; on a plain socket (POSIX) sync callers read their
        responses themselves when the owner has no other request pending (``pending_requests()``, see
        :class:`LeaderFollowerReader`)."""
        if self.tls or not _LEADER_FOLLOWER:
            reader: Union[LeaderFollowerReader, ThreadPerChannelEventLoop] = ThreadPerChannelEventLoop(
                self, thread_name)
        else:
            reader = LeaderFollowerReader(self, thread_name, pending_requests)
        self._reader = reader
        reader.start()

    def attach_event_loop(self, event_loop: "NioEventLoop") -> NioByteUnsafe:
        """Server connections: ``event_loop`` reads and writes this channel from now on, through the returned
        :class:`NioByteUnsafe`."""
        unsafe = NioByteUnsafe(self, self._sock, event_loop)
        self._reader = unsafe
        self._loop_write = unsafe.write
        return unsafe

    def wake_reader(self) -> None:
        """Make sure somebody reads soon (after an async request)."""
        reader = self._reader
        if reader is not None:
            reader.wake()

    def await_response(self, response_future: "ResponseFuture", timeout_millis: float
                       ) -> Optional[RemotingCommand]:
        """Wait for the response of the sync request ``response_future`` (already sent), at most
        ``timeout_millis``; the response, or None (failed or timed out). The reader decides whether the caller
        reads meanwhile."""
        return self._reader.await_response(response_future, timeout_millis)  # type: ignore[union-attr]

    def run_inline(self, run: Callable[..., Any], *args: Any) -> None:
        """Run a request on the event loop reading this channel: meanwhile no other request of the channel runs
        inline, and a sync request it makes on this channel reads the channel itself
        (``NioByteUnsafe.await_response``)."""
        self._inline_busy = True
        try:
            run(*args)
        finally:
            self._inline_busy = False

    def is_running_inline(self) -> bool:
        return self._inline_busy

    def received(self, n: int) -> None:
        """The reader read ``n`` bytes into the decoder's view (0: end of stream): dispatch every complete
        command. Raises :class:`_EndOfStream` or :class:`MalformedFrame`."""
        if not n:
            raise _EndOfStream()
        self.last_read_time = _monotonic()
        self.decoder.received(n, self._remoting.process_message_received, self)

    def read_failed(self, e: BaseException) -> None:
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

    def reading_stopped(self, cause: Optional[BaseException], role: Optional[threading.Lock] = None) -> None:
        """The reader stopped reading for good because of ``cause`` (None: it was told to): report it, close the
        channel, and release the socket (holding ``role``, the reading role, when given)."""
        try:
            if cause is not None:
                self.read_failed(cause)
            self.close()
        finally:
            if role is None:
                self._release_socket()
            else:
                with role:
                    self._release_socket()

    def _release_socket(self) -> None:
        """Reading ended for good: close the socket and drop the buffers at once (a closed
        channel may stay referenced a while, by a pending request or until the garbage collector breaks its
        cycles)."""
        outbound = self.outbound
        with self._write_lock, outbound.lock:
            try:
                self._sock.close()
            except OSError as e:
                log.debug("closing the socket of <%s>: %r", self._remote_addr, e)
            outbound.clear()
        self.decoder.release()

    def __repr__(self) -> str:
        return "[id: 0x%08x, L:%s - R:%s%s]" % (
            self.id, RemotingHelper.parse_socket_address_addr(self._local_address), self._remote_addr,
            "" if self._active else " (closed)")
