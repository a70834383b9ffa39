"""One selector thread reading many server connections (the role of Netty's ``NioEventLoop`` in Java's
``NettyRemotingServer.eventLoopGroupSelector``).

The server hands every accepted connection to one of its loops (round robin, ``server_selector_threads`` of
them, threads named like Java's ``NettyServerNIOSelector_<total>_<n>``). The loop waits on a selector for every
connection it reads, through the connection's :class:`NioByteUnsafe` (Netty's ``channel.unsafe()``); when one is
readable it makes one non-blocking read and dispatches the frames it completes, as a reader thread would.
Requests registered ``inline_when_idle`` then run on the loop itself while their executor is idle, pipelined
ones included, and the responses of a batch read together are sent together
(:meth:`NioByteUnsafe.send_response`). One thread serving every connection is what suits Python: its threads do
not run Python code in parallel, so a thread per connection only adds GIL hand-offs and lock contention.

Writes never block the loop nor the writer: what a socket does not take at once waits in the channel's outbound
queue, and the loop waits for the socket to be writable to flush it (``NioByteUnsafe.flush``). While more than the
high water mark is queued the loop stops reading that connection; a connection whose queue makes no progress for
``write_stall_timeout_seconds`` is closed with a warning (its peer does not read).

A new connection's first readable event goes to ``first_read(unsafe)`` (the server's TLS detection), which
returns True to have the loop read it (a TLS connection runs its handshake on the loop, and is closed when it
does not complete by its deadline), or False once it closed the channel. The loop is the only one that releases
the sockets it reads: a channel closed from another thread is shut down, its socket turns readable, and the loop
sees the end of stream, unregisters the descriptor and closes it; so a descriptor is never reused while it is
still in the selector.
"""
from __future__ import annotations

import collections
import logging
import selectors
import socket
import threading
import time
from typing import Callable, Deque, Optional, Set

from rocketmq_remoting.netty.channel import Channel
from rocketmq_remoting.netty.nio_byte_unsafe import NioByteUnsafe

__all__ = ["NioEventLoop"]

log = logging.getLogger(__name__)

#: how often the loop looks for connections whose writes made no progress
_STALL_CHECK_SECONDS = 1.0


class NioEventLoop:
    """Netty ``NioEventLoop`` (see the module docstring). :meth:`start`, then :meth:`register` channels;
    :meth:`shutdown` stops the thread and closes every channel it still reads."""

    def __init__(self, thread_name: str, first_read: Callable[[NioByteUnsafe], bool],
                 write_stall_timeout_seconds: float = 30.0) -> None:
        self._first_read = first_read
        self._write_stall_timeout = write_stall_timeout_seconds
        self._selector = selectors.DefaultSelector()
        self._wakeup_r, self._wakeup_w = socket.socketpair()
        self._wakeup_r.setblocking(False)
        self._wakeup_w.setblocking(False)
        self._selector.register(self._wakeup_r, selectors.EVENT_READ)
        self._pending: Deque[NioByteUnsafe] = collections.deque()
        self._pending_lock = threading.Lock()  # a channel is never left in _pending after the loop ended
        self._unclassified: Set[NioByteUnsafe] = set()
        self._interest_changes: Deque[NioByteUnsafe] = collections.deque()
        self._writing: Set[NioByteUnsafe] = set()  # channels with queued writes (waited for to be writable)
        self._handshaking: Set[NioByteUnsafe] = set()  # TLS channels whose handshake has a deadline
        self._running = True
        self._thread = threading.Thread(target=self._run, name=thread_name, daemon=True)

    @property
    def ident(self) -> Optional[int]:
        """The loop thread's identifier (once started)."""
        return self._thread.ident

    def start(self) -> None:
        self._thread.start()

    def register(self, channel: Channel) -> None:
        """Read ``channel`` (a new plain-socket server connection) on this loop from now on."""
        unsafe = channel.attach_event_loop(self)
        with self._pending_lock:
            queued = self._running
            if queued:
                self._pending.append(unsafe)
        if not queued:  # the loop ended (shut down)
            unsafe.channel.reading_stopped(None)
        else:
            self._wakeup()

    def shutdown(self, timeout: float) -> None:
        """Stop the thread (within ``timeout`` seconds) after closing every channel it reads."""
        self._running = False
        self._wakeup()
        if self._thread.ident is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
            if self._thread.is_alive():
                log.warning("%s did not end within %s s", self._thread.name, timeout)

    def interest_changed(self, unsafe: NioByteUnsafe) -> None:
        """The channel of ``unsafe`` queued writes or paused its reading: update what the loop waits for (at once
        on the loop thread, else on its next turn)."""
        if threading.get_ident() == self._thread.ident:
            self._apply_interest(unsafe)
        else:
            self._interest_changes.append(unsafe)
            self._wakeup()

    def _apply_interest(self, unsafe: NioByteUnsafe) -> None:
        events = unsafe.selector_events()
        try:
            key = self._selector.get_key(unsafe)
        except (KeyError, ValueError):
            return  # not registered yet (it is when the loop takes it), or dropped
        if events & selectors.EVENT_WRITE:
            self._writing.add(unsafe)
        else:
            self._writing.discard(unsafe)
        if events != key.events:
            self._selector.modify(unsafe, events or selectors.EVENT_READ)

    def _wakeup(self) -> None:
        try:
            self._wakeup_w.send(b"\0")
        except (BlockingIOError, InterruptedError):
            pass  # wake-ups are pending already
        except OSError as e:
            if self._running:
                log.warning("waking %s failed: %r", self._thread.name, e)

    def _run(self) -> None:
        selector = self._selector
        wakeup_r = self._wakeup_r
        next_stall_check = 0.0
        try:
            while self._running:
                events = selector.select(_STALL_CHECK_SECONDS if self._writing or self._handshaking else None)
                for key, mask in events:
                    unsafe = key.fileobj
                    if unsafe is wakeup_r:
                        self._drain_wakeups()
                        continue
                    if mask & selectors.EVENT_WRITE and not self._flush(unsafe):  # type: ignore[arg-type]
                        continue
                    if mask & selectors.EVENT_READ:
                        self._read(unsafe)  # type: ignore[arg-type]
                if self._writing or self._handshaking:
                    now = time.monotonic()
                    if now >= next_stall_check:
                        next_stall_check = now + _STALL_CHECK_SECONDS
                        self._close_stalled(now)
        except Exception:
            log.error("%s failed; its connections are closed", self._thread.name, exc_info=True)
        finally:
            with self._pending_lock:
                self._running = False
            self._close_all()

    def _drain_wakeups(self) -> None:
        try:
            while self._wakeup_r.recv(4096):
                pass
        except (BlockingIOError, InterruptedError):
            pass
        pending = self._pending
        while pending:
            unsafe = pending.popleft()
            try:
                self._selector.register(unsafe, selectors.EVENT_READ)
            except (OSError, ValueError) as e:  # closed before it could be registered
                self._drop(unsafe, e if unsafe.channel.is_active() else None)
                continue
            self._unclassified.add(unsafe)
            self._apply_interest(unsafe)  # it may have queued writes already
        changes = self._interest_changes
        while changes:
            self._apply_interest(changes.popleft())

    def _flush(self, unsafe: NioByteUnsafe) -> bool:
        """The channel of ``unsafe`` is writable: flush its queue. False when that failed (the unsafe is dropped)."""
        try:
            unsafe.flush()
            self._apply_interest(unsafe)
        except Exception as e:
            self._drop(unsafe, e)
            return False
        return True

    def _close_stalled(self, now: float) -> None:
        """Close the connections whose queued writes made no progress for the stall timeout, and those whose TLS
        handshake did not complete by its deadline."""
        for unsafe in list(self._handshaking):
            deadline = unsafe.handshake_deadline()
            if deadline is None:
                self._handshaking.discard(unsafe)
            elif now >= deadline:
                log.warning("closing channel <%s>: its TLS handshake did not complete in time",
                            unsafe.channel.get_remote_addr())
                self._drop(unsafe, None)
        for unsafe in list(self._writing):
            stalled = now - unsafe.write_progress_time
            if stalled >= self._write_stall_timeout:
                log.warning("closing channel <%s>: it took none of the %d bytes queued for it for %.0f s",
                            unsafe.channel.get_remote_addr(), unsafe.channel.queued_bytes(), stalled)
                self._drop(unsafe, None)

    def _read(self, unsafe: NioByteUnsafe) -> None:
        """Read the channel of ``unsafe``, which is readable."""
        try:
            if unsafe in self._unclassified:
                self._unclassified.discard(unsafe)
                if not self._first_read(unsafe):  # closed by first_read: still ours to release
                    self._drop(unsafe, None)
                    return
                if unsafe.handshake_deadline() is not None:
                    self._handshaking.add(unsafe)
            unsafe.read()
        except Exception as e:
            self._drop(unsafe, e)

    def _drop(self, unsafe: NioByteUnsafe, cause: Optional[BaseException]) -> None:
        """Stop reading the channel of ``unsafe``: out of the selector, then closed and released (``cause``: why;
        the descriptor is no longer in the selector)."""
        try:
            self._selector.unregister(unsafe)
        except (KeyError, ValueError):
            pass  # not registered (yet)
        self._unclassified.discard(unsafe)
        self._writing.discard(unsafe)
        self._handshaking.discard(unsafe)
        try:
            unsafe.channel.reading_stopped(cause)
        except Exception:
            log.error("closing %s failed", unsafe.channel, exc_info=True)

    def _close_all(self) -> None:
        for key in list(self._selector.get_map().values()):
            if key.fileobj is not self._wakeup_r:
                self._drop(key.fileobj, None)  # type: ignore[arg-type]
        while self._pending:
            self._drop(self._pending.popleft(), None)
        self._selector.close()
        self._wakeup_r.close()
        self._wakeup_w.close()
