"""The reading of a client connection on a plain socket: a reader thread, and sync callers that read their own
response when nobody else reads (leader/follower). No Netty counterpart: Netty's client reads on an event loop,
whose wake-up per response costs a Python thread more than the round trip; benchmarks/README.md has the figures."""
from __future__ import annotations

import collections
import select
import threading
import time
from typing import TYPE_CHECKING, Callable, Deque, Optional

from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel import Channel
    from rocketmq_remoting.netty.response_future import ResponseFuture

__all__ = ["LeaderFollowerReader"]

_monotonic = time.monotonic
#: how often the parked reader thread looks whether nobody reads
_READER_PARK_SECONDS = 0.01


class LeaderFollowerReader:
    """Reads ``channel`` (a connected plain socket; POSIX ``poll``) with the reading role ``_role``: whoever holds it
    reads the socket and dispatches every frame it gets.

    The reader thread (``thread_name``) holds the role while no sync caller wants it, and gives it up after a read
    when one waits; parked, it looks again every ``_READER_PARK_SECONDS`` or when woken (:meth:`wake`, after an
    async request). A sync caller whose request is the only one pending (``pending_requests()``, the owner's
    count) takes the role when it is free and reads until its response arrives, then hands it to another waiting
    caller, or to the reader thread when requests are pending; this saves the thread wake-up per round trip. With
    other requests pending the caller only waits, and the reader thread reads (see :meth:`await_response`).
    """

    __slots__ = ("channel", "_sock", "_pending_requests", "_role", "_followers", "_wake", "_poller", "thread")

    def __init__(self, channel: "Channel", thread_name: str, pending_requests: Callable[[], int]) -> None:
        self.channel = channel
        self._sock = channel.transport
        self._pending_requests = pending_requests
        self._role = threading.Lock()
        self._followers: Deque["ResponseFuture"] = collections.deque()
        self._wake = threading.Event()
        self._poller = select.poll()
        self._poller.register(self._sock, select.POLLIN)
        self.thread = threading.Thread(target=self._run, name=thread_name, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def wake(self) -> None:
        """Make sure somebody reads soon (after an async request, or the channel closed): wake the reader thread
        if the role is free."""
        if not self._role.locked():
            self._wake.set()

    def send_response(self, data: bytes) -> None:
        self.channel.send_frame(data)

    def _run(self) -> None:
        cause: Optional[BaseException] = None
        try:
            self._read_when_idle()
        except Exception as e:
            cause = e
        self.channel.reading_stopped(cause, self._role)  # a caller still reading gives up: the socket is shut down

    def _read_when_idle(self) -> None:
        """The reader thread: read while no sync caller wants to; give the role up after a read when one waits."""
        channel = self.channel
        role = self._role
        followers = self._followers
        wake = self._wake
        while channel.is_active():
            if role.acquire(False):
                try:
                    while channel.is_active():
                        self._read_once(None)
                        if followers:
                            break
                finally:
                    role.release()
                self._hand_off_role()
            wake.wait(_READER_PARK_SECONDS)
            wake.clear()

    def _read_once(self, timeout: Optional[float]) -> None:
        """Holding the role: one read (after waiting at most ``timeout`` seconds for data; None: block), then the
        channel dispatches every complete frame."""
        if timeout is not None and not self._poller.poll(int(timeout * 1000) + 1):
            return
        channel = self.channel
        channel.received(self._sock.recv_into(channel.decoder.recv_view()))

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

    def await_response(self, response_future: "ResponseFuture", timeout_millis: float
                       ) -> Optional[RemotingCommand]:
        """Wait for the response of the sync request ``response_future`` (already sent), at most
        ``timeout_millis``, reading it when nobody else reads (see the class docstring); the response, or None
        (failed or timed out). Waiting callers are woken by their response or to take the role."""
        if self._pending_requests() > 1:  # others pending: the reader thread reads
            self.wake()
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
                    if not response_future.is_done() and not self.channel.is_active():
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

    def _lead(self, response_future: "ResponseFuture", deadline: float) -> None:
        """Holding the role: read until ``response_future`` is done, ``deadline`` passes or the channel fails,
        then give the role up."""
        channel = self.channel
        pending_requests = self._pending_requests
        try:
            while channel.is_active() and not response_future.is_done():
                remaining = deadline - _monotonic()
                if remaining <= 0:
                    break
                self._read_once(remaining)
        except Exception as e:
            channel.read_failed(e)
            channel.close()
        finally:
            self._role.release()
            if not self._hand_off_role() and (pending_requests() or not channel.is_active()):
                self._wake.set()
