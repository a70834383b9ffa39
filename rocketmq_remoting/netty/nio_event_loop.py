"""One selector thread reading many server connections (the role of Netty's ``NioEventLoop`` in Java's
``NettyRemotingServer.eventLoopGroupSelector``).

The server hands every accepted connection to one of its loops (round robin, ``server_selector_threads`` of
them, threads named like Java's ``NettyServerNIOSelector_<total>_<n>``). The loop waits on a selector for every
connection it reads; when one is readable it makes one non-blocking read and dispatches the frames it completes,
as a reader thread would. Requests registered ``inline_when_idle`` then run on the loop itself while their
executor is idle, pipelined ones included, and the responses of a batch read together are sent together
(:meth:`Channel.send_response`). One thread serving every connection is what suits Python: its threads do not
run Python code in parallel, so a thread per connection only adds GIL hand-offs and lock contention.

Writes never block the loop nor the writer: what a socket does not take at once waits in the channel's outbound
queue, and the loop waits for the socket to be writable to flush it (``Channel.flush_ready``). While more than the
high water mark is queued the loop stops reading that connection; a connection whose queue makes no progress for
``write_stall_timeout_seconds`` is closed with a warning (its peer does not read).

A new connection's first readable event goes to ``first_read(channel)`` (the server's TLS detection), which
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

__all__ = ["NioEventLoop"]

log = logging.getLogger(__name__)

#: how often the loop looks for connections whose writes made no progress
_STALL_CHECK_SECONDS = 1.0


class NioEventLoop:
    """See the module docstring. :meth:`start`, then :meth:`register` channels; :meth:`shutdown` stops the thread
    and closes every channel it still reads."""

    def __init__(self, thread_name: str, first_read: Callable[[Channel], bool],
                 write_stall_timeout_seconds: float = 30.0) -> None:
        self._first_read = first_read
        self._write_stall_timeout = write_stall_timeout_seconds
        self._selector = selectors.DefaultSelector()
        self._wakeup_r, self._wakeup_w = socket.socketpair()
        self._wakeup_r.setblocking(False)
        self._wakeup_w.setblocking(False)
        self._selector.register(self._wakeup_r, selectors.EVENT_READ)
        self._pending: Deque[Channel] = collections.deque()
        self._pending_lock = threading.Lock()  # a channel is never left in _pending after the loop ended
        self._unclassified: Set[Channel] = set()
        self._interest_changes: Deque[Channel] = collections.deque()
        self._writing: Set[Channel] = set()  # channels with queued writes (the loop waits for them to be writable)
        self._handshaking: Set[Channel] = set()  # TLS channels whose handshake has a deadline
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
        channel.attach_event_loop(self)
        with self._pending_lock:
            queued = self._running
            if queued:
                self._pending.append(channel)
        if not queued:  # the loop ended (shut down)
            channel.reading_stopped(None)
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

    def interest_changed(self, channel: Channel) -> None:
        """``channel`` queued writes or paused its reading: update what the loop waits for (at once on the loop
        thread, else on its next turn)."""
        if threading.get_ident() == self._thread.ident:
            self._apply_interest(channel)
        else:
            self._interest_changes.append(channel)
            self._wakeup()

    def _apply_interest(self, channel: Channel) -> None:
        events = channel.selector_events()
        try:
            key = self._selector.get_key(channel)
        except (KeyError, ValueError):
            return  # not registered yet (it is when the loop takes it), or dropped
        if events & selectors.EVENT_WRITE:
            self._writing.add(channel)
        else:
            self._writing.discard(channel)
        if events != key.events:
            self._selector.modify(channel, events or selectors.EVENT_READ)

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
                    channel = key.fileobj
                    if channel is wakeup_r:
                        self._drain_wakeups()
                        continue
                    if mask & selectors.EVENT_WRITE and not self._flush(channel):  # type: ignore[arg-type]
                        continue
                    if mask & selectors.EVENT_READ:
                        self._read(channel)  # type: ignore[arg-type]
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
            channel = pending.popleft()
            try:
                self._selector.register(channel, selectors.EVENT_READ)
            except (OSError, ValueError) as e:  # closed before it could be registered
                self._drop(channel, e if channel.is_active() else None)
                continue
            self._unclassified.add(channel)
            self._apply_interest(channel)  # it may have queued writes already
        changes = self._interest_changes
        while changes:
            self._apply_interest(changes.popleft())

    def _flush(self, channel: Channel) -> bool:
        """``channel`` is writable: flush its queue. False when that failed (the channel is dropped)."""
        try:
            channel.flush_ready()
            self._apply_interest(channel)
        except Exception as e:
            self._drop(channel, e)
            return False
        return True

    def _close_stalled(self, now: float) -> None:
        """Close the connections whose queued writes made no progress for the stall timeout, and those whose TLS
        handshake did not complete by its deadline."""
        for channel in list(self._handshaking):
            deadline = channel.handshake_deadline()
            if deadline is None:
                self._handshaking.discard(channel)
            elif now >= deadline:
                log.warning("closing channel <%s>: its TLS handshake did not complete in time",
                            channel.get_remote_addr())
                self._drop(channel, None)
        for channel in list(self._writing):
            stalled = now - channel.write_progress_time
            if stalled >= self._write_stall_timeout:
                log.warning("closing channel <%s>: it took none of the %d bytes queued for it for %.0f s",
                            channel.get_remote_addr(), channel.queued_bytes(), stalled)
                self._drop(channel, None)

    def _read(self, channel: Channel) -> None:
        """Read ``channel``, which is readable."""
        try:
            if channel in self._unclassified:
                self._unclassified.discard(channel)
                if not self._first_read(channel):  # closed by first_read: still ours to release
                    self._drop(channel, None)
                    return
                if channel.handshake_deadline() is not None:
                    self._handshaking.add(channel)
            channel.read_ready()
        except Exception as e:
            self._drop(channel, e)

    def _drop(self, channel: Channel, cause: Optional[BaseException]) -> None:
        """Stop reading ``channel``: out of the selector, then closed and released (``cause``: why)."""
        try:
            self._selector.unregister(channel)
        except (KeyError, ValueError):
            pass  # not registered (yet)
        self._unclassified.discard(channel)
        self._writing.discard(channel)
        self._handshaking.discard(channel)
        try:
            channel.reading_stopped(cause)
        except Exception:
            log.error("closing %s failed", channel, exc_info=True)

    def _close_all(self) -> None:
        for key in list(self._selector.get_map().values()):
            if key.fileobj is not self._wakeup_r:
                self._drop(key.fileobj, None)  # type: ignore[arg-type]
        while self._pending:
            self._drop(self._pending.popleft(), None)
        self._selector.close()
        self._wakeup_r.close()
        self._wakeup_w.close()
