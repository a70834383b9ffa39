"""One connection and its reader thread (the roles of Netty's ``Channel``, ``ChannelHandlerContext``,
``NettyEncoder`` and ``NettyDecoder``).

A :class:`Channel` owns a connected socket (plain, or TLS through :class:`_TlsTransport`) and one reader thread.
The reader does large ``recv_into`` calls into a reusable buffer, cuts frames out of it by their length prefix
and hands each decoded :class:`RemotingCommand` to its owner (the client or server) on the reader thread; only
the body and header bytes are copied. Writers encode outside any lock; frames are sent whole under the
channel's write lock, so they never interleave, and concurrent writers combine: the thread holding the lock
sends what the others queued meanwhile in one ``sendall`` (see :meth:`Channel.send_frame`).

Any I/O error, end of stream or malformed frame (negative or oversized length, undecodable header) closes the
channel: one warning names the reason, the owner fails every request pending on the channel at once and, for
a client, forgets the connection. The reader thread is the only one that releases the socket's descriptor, and
it does so under the write lock, so a descriptor is never reused under a concurrent writer.
"""
from __future__ import annotations

import collections
import itertools
import logging
import select
import socket
import ssl
import struct
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Deque, Dict, Optional

from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.netty.remoting_response_callback import RemotingResponseCallback
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_remoting.remoting_abstract import RemotingAbstract

__all__ = ["Channel", "ChannelHandlerContext", "tls_handshake"]

log = logging.getLogger(__name__)

_INT = struct.Struct(">i")
_monotonic = time.monotonic
_channel_ids = itertools.count(1)

#: receive buffer kept per connection; bigger frames grow it temporarily
_READ_BUFFER_SIZE = 256 * 1024
#: a grown buffer above this size is dropped again once it is empty
_READ_BUFFER_KEEP = 1024 * 1024
_POLL_SLICE = 1.0
#: frames that may wait for the current writer before further writers block (see ``Channel.send_frame``)
_MAX_QUEUED_FRAMES = 256


class _MalformedFrame(Exception):
    """The peer sent bytes that are not a valid frame; the channel closes."""


def _wait_io(sock: socket.socket, writable: bool, timeout: Optional[float]) -> None:
    """Block until ``sock`` is readable (or writable), or ``timeout`` seconds passed; errors and hang-ups return
    too, so the next I/O call reports them."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(sock, select.POLLOUT if writable else select.POLLIN)
        poller.poll(None if timeout is None else max(0, int(timeout * 1000)))
    elif writable:
        select.select([], [sock], [sock], timeout)
    else:
        select.select([sock], [], [sock], timeout)


def tls_handshake(ssl_sock: ssl.SSLSocket, timeout_seconds: float) -> None:
    """Complete the TLS handshake of a non-blocking ``ssl_sock`` within ``timeout_seconds`` (raises
    :class:`socket.timeout`, :class:`ssl.SSLError` or :class:`OSError`). Closing the socket from another thread
    makes it fail promptly."""
    deadline = _monotonic() + timeout_seconds
    ssl_sock.setblocking(False)
    while True:
        try:
            ssl_sock.do_handshake()
            return
        except ssl.SSLWantReadError:
            writable = False
        except ssl.SSLWantWriteError:
            writable = True
        remaining = deadline - _monotonic()
        if remaining <= 0:
            raise socket.timeout("TLS handshake timed out after %.1f s" % timeout_seconds)
        _wait_io(ssl_sock, writable, min(remaining, _POLL_SLICE))


class _TlsTransport:
    """Full-duplex I/O over one non-blocking :class:`ssl.SSLSocket`.

    OpenSSL objects must not be used by two threads at once, so every ``SSL_read``/``SSL_write`` runs under
    ``_ssl_lock``; since the socket is non-blocking the lock is only held for the call itself, and waiting for
    the network happens outside it (the reader never blocks a writer, nor the other way round).
    """

    __slots__ = ("_sock", "_ssl_lock")

    def __init__(self, ssl_sock: ssl.SSLSocket) -> None:
        ssl_sock.setblocking(False)
        self._sock = ssl_sock
        self._ssl_lock = threading.Lock()

    def recv_into(self, view: memoryview) -> int:
        sock = self._sock
        while True:
            with self._ssl_lock:
                try:
                    return sock.recv_into(view)
                except ssl.SSLWantReadError:
                    writable = False
                except ssl.SSLWantWriteError:
                    writable = True
                except ssl.SSLZeroReturnError:
                    return 0
            _wait_io(sock, writable, None if not writable else _POLL_SLICE)

    def sendall(self, data: bytes) -> None:
        sock = self._sock
        view = memoryview(data)
        pos = 0
        total = len(view)
        while pos < total:
            with self._ssl_lock:
                try:
                    pos += sock.send(view[pos:])
                    continue
                except ssl.SSLWantWriteError:
                    writable = True
                except ssl.SSLWantReadError:
                    writable = False
            # a write waiting for readable data (renegotiation) must not wait for the reader's bytes: poll briefly
            _wait_io(sock, writable, _POLL_SLICE if writable else 0.01)


class Channel:
    """A connection to ``get_remote_addr()`` (``"ip:port"``), shared by the client and server sides.

    ``write_and_flush(cmd)`` sends a command (encode errors are raised before anything is written; I/O errors
    close the channel and are raised), ``close()`` closes it (idempotent), ``is_active()`` tells whether it is
    open, and ``attributes`` is a free dictionary for the owner (Netty's channel attributes). Channels compare
    by identity, so they can be kept in sets and as dictionary keys.
    """

    def __init__(self, sock: socket.socket, remoting: "RemotingAbstract", frame_max_length: int,
                 remote_addr: Optional[str] = None) -> None:
        self.id = next(_channel_ids)
        self._sock = sock
        self._remoting = remoting
        self._frame_max_length = frame_max_length
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
        self._queued: Deque[bytes] = collections.deque()
        self._state_lock = threading.Lock()
        self._active = True
        self._reader: Optional[threading.Thread] = None
        self._tls = False
        self._set_io(sock)
        now = _monotonic()
        self.last_read_time = now
        self.last_write_time = now
        self.attributes: Dict[str, Any] = {}

    def _set_io(self, sock: socket.socket) -> None:
        if isinstance(sock, ssl.SSLSocket):
            transport = _TlsTransport(sock)
            self._recv_into = transport.recv_into
            self._sendall = transport.sendall
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

    def is_writable(self) -> bool:
        """Writes are synchronous, so an open channel is always writable."""
        return self._active

    def is_tls(self) -> bool:
        return self._tls

    def write_and_flush(self, cmd: RemotingCommand) -> None:
        """Encode and send ``cmd`` (Netty ``writeAndFlush``)."""
        self.send_frame(cmd.encode())

    write = write_and_flush

    def send_frame(self, data: bytes) -> None:
        """Send one encoded frame whole.

        Writers combine: a frame is queued, and whichever thread holds the write lock sends everything queued in
        one ``sendall``; a thread that finds the lock taken returns at once (its frame goes out with the current
        writer's next batch) unless ``_MAX_QUEUED_FRAMES`` wait already, then it waits for the lock (back
        pressure). Raises :class:`ConnectionError` when the channel is closed, or the :class:`OSError` of the
        failed write it made itself (the channel is then closed: a partial frame cannot be taken back, and every
        request pending on it fails).
        """
        if not self._active:
            raise ConnectionError("channel <%s> is closed" % self._remote_addr)
        queued = self._queued
        queued.append(data)
        lock = self._write_lock
        while True:
            if not lock.acquire(False):
                if len(queued) <= _MAX_QUEUED_FRAMES:
                    return  # the thread holding the lock sends it (it re-checks the queue after releasing)
                lock.acquire()
            failure = None
            try:
                if not self._active:
                    queued.clear()
                    raise ConnectionError("channel <%s> is closed" % self._remote_addr)
                while queued:
                    if len(queued) == 1:
                        self._sendall(queued.popleft())
                    else:
                        batch = []
                        while queued:
                            batch.append(queued.popleft())
                        self._sendall(b"".join(batch))
                self.last_write_time = _monotonic()
            except OSError as e:
                failure = e
            finally:
                lock.release()
            if failure is not None:
                break
            if not queued:
                return
        queued.clear()
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
        if self._reader is None:
            self._release_socket()
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

    def start_reader(self, thread_name: str, before_read: Optional[Callable[["Channel"], bool]] = None) -> None:
        """Start the reader thread; ``before_read(channel)`` runs on it first (the server's TLS detection) and
        may return False to close the channel."""
        self._reader = threading.Thread(target=self._run_reader, args=(before_read,), name=thread_name,
                                        daemon=True)
        self._reader.start()

    def peek_first_byte(self) -> Optional[int]:
        """Server side, on the reader thread: wait for the first byte without consuming it; None at end of
        stream."""
        data = self._sock.recv(1, socket.MSG_PEEK)
        return data[0] if data else None

    def upgrade_to_tls(self, ssl_context: ssl.SSLContext, timeout_seconds: float) -> None:
        """Server side: wrap the socket in TLS and complete the handshake (on the reader thread, before reading)."""
        with self._state_lock:
            ssl_sock = ssl_context.wrap_socket(self._sock, server_side=True, do_handshake_on_connect=False)
            self._sock = ssl_sock
        tls_handshake(ssl_sock, timeout_seconds)
        with self._write_lock:
            self._set_io(ssl_sock)

    def _run_reader(self, before_read: Optional[Callable[["Channel"], bool]]) -> None:
        try:
            if before_read is None or before_read(self):
                self._read_frames()
        except _MalformedFrame as e:
            if self._active:
                log.warning("closing channel <%s>: %s", self._remote_addr, e)
        except (OSError, ValueError) as e:
            if self._active:
                log.warning("channel <%s> failed: %r", self._remote_addr, e)
                self._remoting.channel_exception(self, e)
        except Exception as e:  # a bug in dispatching: report it loudly, the channel cannot be trusted any more
            log.exception("channel <%s> reader failed", self._remote_addr)
            self._remoting.channel_exception(self, e)
        finally:
            self.close()
            self._release_socket()

    def _release_socket(self) -> None:
        with self._write_lock:
            try:
                self._sock.close()
            except OSError as e:
                log.debug("closing the socket of <%s>: %r", self._remote_addr, e)

    def _read_frames(self) -> None:
        max_length = self._frame_max_length - 4
        dispatch = self._remoting.process_message_received
        decode = RemotingCommand.decode
        unpack_from = _INT.unpack_from
        recv_into = self._recv_into
        buf = bytearray(_READ_BUFFER_SIZE)
        view = memoryview(buf)
        size = len(buf)
        start = end = 0
        need = 4  # bytes from ``start`` that must be buffered before the next frame can be cut
        while True:
            if start + need > size:
                # the pending frame does not fit behind ``start``: move it to the front, growing the buffer
                pending = end - start
                if need > size:
                    new_size = max(need, size * 2)
                    new_buf = bytearray(new_size)
                    new_buf[:pending] = view[start:end]
                    buf, view, size = new_buf, memoryview(new_buf), new_size
                else:
                    buf[:pending] = bytes(view[start:end])
                start, end = 0, pending
            n = recv_into(view[end:])
            if not n:
                return
            end += n
            self.last_read_time = _monotonic()
            while True:
                avail = end - start
                if avail < 4:
                    need = 4
                    break
                (length,) = unpack_from(buf, start)
                if length < 0 or length > max_length:
                    raise _MalformedFrame("frame length %d is outside [0, %d]" % (length, max_length))
                frame_end = start + 4 + length
                if frame_end > end:
                    need = 4 + length
                    break
                try:
                    cmd = decode(view[start + 4:frame_end])
                except RemotingCommandException as e:
                    raise _MalformedFrame("undecodable frame: %s" % e) from None
                start = frame_end
                dispatch(self, cmd)
            if start == end:
                start = end = 0
                if size > _READ_BUFFER_KEEP:
                    buf = bytearray(_READ_BUFFER_SIZE)
                    view = memoryview(buf)
                    size = len(buf)

    def __repr__(self) -> str:
        return "[id: 0x%08x, L:%s - R:%s%s]" % (
            self.id, RemotingHelper.parse_socket_address_addr(self._local_address), self._remote_addr,
            "" if self._active else " (closed)")


class ChannelHandlerContext(RemotingResponseCallback):
    """What a processor gets for one request (Netty ``ChannelHandlerContext`` role): ``channel()``, and the
    request's response writer, which is also the :class:`RemotingResponseCallback` handed to
    :class:`AsyncNettyRequestProcessor` processors.

    :meth:`write_response` may be called later and from any thread (long polling): it runs the after-RPC hooks,
    then - unless the request was one-way or ``response`` is None - gives the response the request's opaque,
    the response flag and the request's serialize type, and sends it. A failed write is logged.
    """

    __slots__ = ("_channel", "_request", "_remoting")

    def __init__(self, channel: Channel, request: RemotingCommand, remoting: "RemotingAbstract") -> None:
        self._channel = channel
        self._request = request
        self._remoting = remoting

    def channel(self) -> Channel:
        return self._channel

    def get_request(self) -> RemotingCommand:
        return self._request

    def write_and_flush(self, cmd: RemotingCommand) -> None:
        """Send ``cmd`` as it is (no opaque or flag handling), like Netty's ``ctx.writeAndFlush``."""
        self._channel.write_and_flush(cmd)

    def write_response(self, response: Optional[RemotingCommand]) -> None:
        request = self._request
        remoting = self._remoting
        if remoting.rpc_hooks:
            remoting.do_after_rpc_hooks(self._channel.get_remote_addr(), request, response)
        if response is None or request.flag & 2:  # nothing to send, or a one-way request
            return
        response.opaque = request.opaque
        response.flag |= 1
        response.serialize_type = request.serialize_type
        try:
            self._channel.write_and_flush(response)
        except Exception as e:
            log.error("process request over, but response failed: %r; request %s; response %s", e, request,
                      response)

    callback = write_response

    def __repr__(self) -> str:
        return "ChannelHandlerContext [channel=%s, request code=%s, opaque=%s]" % (
            self._channel, self._request.code, self._request.opaque)
