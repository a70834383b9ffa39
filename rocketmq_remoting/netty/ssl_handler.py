"""TLS of a server connection read by an event loop (the role of Netty's ``io.netty.handler.ssl.SslHandler``)."""
from __future__ import annotations

import ssl
import time
from typing import Any, List, Optional, cast

__all__ = ["SslHandler"]


class SslHandler:
    """Netty ``SslHandler``: one TLS session beside its engine, an :class:`ssl.SSLObject` over two memory BIOs
    (Java's ``SSLEngine``), so that the event loop feeds it what the socket delivered (:meth:`feed`), takes the
    plaintext out (:meth:`unwrap_into`) and sends what it produced (:meth:`take_output`) without ever blocking,
    and a stalled handshake costs no thread. Until the handshake completed, which must happen before
    :meth:`handshake_deadline` (Netty ``handshakeTimeoutMillis``), :meth:`wrap` holds what is written back.

    Not thread-safe: the channel calls it holding its outbound buffer's lock (OpenSSL objects must not be used by
    two threads at once)."""

    __slots__ = ("_incoming", "_outgoing", "_engine", "_handshaking", "_deadline", "_held")

    def __init__(self, context: ssl.SSLContext, server_side: bool, handshake_timeout_seconds: float) -> None:
        self._incoming = ssl.MemoryBIO()
        self._outgoing = ssl.MemoryBIO()
        self._engine = context.wrap_bio(self._incoming, self._outgoing, server_side=server_side)
        self._handshaking = True
        self._deadline = time.monotonic() + handshake_timeout_seconds
        self._held: List[Any] = []

    def is_handshaking(self) -> bool:
        return self._handshaking

    def handshake_deadline(self) -> Optional[float]:
        """When the handshake in progress must have completed (monotonic seconds); None once it did."""
        return self._deadline if self._handshaking else None

    def wrap(self, data: Any) -> Optional[bytes]:
        """Encrypt ``data`` for the socket; None while the handshake runs (``data`` is sent once it completed).
        Raises :class:`ssl.SSLError`."""
        if self._handshaking:
            self._held.append(data)
            return None
        self._engine.write(data)
        return self._outgoing.read()

    def feed(self, data: bytes) -> bool:
        """Give the engine bytes read from the socket, advancing the handshake; True when this completed it (what
        was held back is then encrypted, for :meth:`take_output`). Raises :class:`ssl.SSLError`."""
        self._incoming.write(data)
        if not self._handshaking:
            return False
        try:
            self._engine.do_handshake()
        except ssl.SSLWantReadError:
            return False
        self._handshaking = False
        for held in self._held:
            self._engine.write(held)
        self._held = []
        return True

    def unwrap_into(self, view: memoryview) -> int:
        """Decrypt into ``view`` what the engine was fed: the byte count, 0 when the peer closed the session, -1
        when it needs more bytes from the socket. Raises :class:`ssl.SSLError`."""
        if self._handshaking:
            return -1
        try:
            return cast(int, self._engine.read(len(view), view))  # into view: a byte count
        except ssl.SSLWantReadError:
            return -1
        except (ssl.SSLZeroReturnError, ssl.SSLEOFError):
            return 0

    def has_output(self) -> bool:
        return self._outgoing.pending > 0

    def take_output(self) -> bytes:
        """What the engine produced for the socket (handshake, alerts, session tickets, held writes)."""
        return self._outgoing.read()
