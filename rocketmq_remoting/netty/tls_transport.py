"""TLS of client connections, read by a thread of their own: the handshake with a deadline (:func:`tls_handshake`),
and full-duplex reads and writes of one :class:`ssl.SSLSocket` shared by a reader and writers
(:class:`TlsTransport`). Server connections, read by an event loop, use an
:class:`~rocketmq_remoting.netty.ssl_handler.SslHandler` instead."""
from __future__ import annotations

import select
import socket
import ssl
import threading
import time
from typing import Optional

__all__ = ["TlsTransport", "tls_handshake", "wait_io"]

_monotonic = time.monotonic
_POLL_SLICE = 1.0


def wait_io(sock: socket.socket, writable: bool, timeout: Optional[float]) -> bool:
    """Block until ``sock`` is readable (or writable), or ``timeout`` seconds passed; False when the time passed.
    Errors and hang-ups return True too, so the next I/O call reports them."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(sock, select.POLLOUT if writable else select.POLLIN)
        return bool(poller.poll(None if timeout is None else max(0, int(timeout * 1000))))
    if writable:
        return any(select.select([], [sock], [sock], timeout))
    return any(select.select([sock], [], [sock], timeout))


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
        wait_io(ssl_sock, writable, min(remaining, _POLL_SLICE))


class TlsTransport:
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
            wait_io(sock, writable, None if not writable else _POLL_SLICE)

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
            wait_io(sock, writable, _POLL_SLICE if writable else 0.01)
