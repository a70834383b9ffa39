"""What a channel was given to write and its socket did not take yet (the role of Netty's
``io.netty.channel.ChannelOutboundBuffer`` with its ``WriteBufferWaterMark``), on the client and the server side."""
from __future__ import annotations

import collections
import itertools
import threading
from typing import Any, Deque, List, Optional

__all__ = ["ChannelOutboundBuffer", "DEFAULT_HIGH_WATER_MARK", "DEFAULT_LOW_WATER_MARK"]

#: the water marks where the configuration gives none (both are needed, as in Java): a pull response or a batch
#: of sends of several MiB must not make a connection unwritable on its own
DEFAULT_HIGH_WATER_MARK = 4 * 1024 * 1024
DEFAULT_LOW_WATER_MARK = 2 * 1024 * 1024
#: buffers handed to one ``sendmsg`` (Netty ``ChannelOutboundBuffer.nioBuffers``' limit role)
_NIO_BUFFERS_MAX = 64


class ChannelOutboundBuffer:
    """Netty ``ChannelOutboundBuffer``: the queue of buffers (``bytes`` or ``memoryview``) waiting for the socket,
    their total size, and the channel's writability by water marks: not writable once more than ``high_water_mark``
    bytes wait, writable again once at most ``low_water_mark`` do (Netty ``WriteBufferWaterMark``).

    ``lock`` guards the queue; it is held only for queue operations and non-blocking socket calls, never while a
    thread waits for the network. ``buffers`` (the queue: empty when nothing waits) and ``writable`` (Netty
    ``isWritable``) are read without it. The channel decides who sends (see
    :class:`~rocketmq_remoting.netty.channel.Channel`).
    """

    __slots__ = ("lock", "buffers", "writable", "_pending_bytes", "_high_water_mark", "_low_water_mark")

    def __init__(self, high_water_mark: int, low_water_mark: int) -> None:
        self.lock = threading.Lock()
        self.buffers: Deque[Any] = collections.deque()
        self._pending_bytes = 0
        self._high_water_mark = high_water_mark
        self._low_water_mark = low_water_mark
        self.writable = True

    @classmethod
    def of(cls, high_water_mark: int, low_water_mark: int) -> "ChannelOutboundBuffer":
        """A buffer with the configured marks when both are positive (Java sets the option only then), else the
        defaults."""
        if high_water_mark > 0 and low_water_mark > 0:
            return cls(high_water_mark, low_water_mark)
        return cls(DEFAULT_HIGH_WATER_MARK, DEFAULT_LOW_WATER_MARK)

    def total_pending_size(self) -> int:
        """Netty ``totalPendingWriteBytes``: the bytes waiting."""
        return self._pending_bytes

    def add_message(self, data: Any) -> bool:
        """Holding ``lock``: queue ``data`` last. True when this made the channel unwritable."""
        self.buffers.append(data)
        pending = self._pending_bytes = self._pending_bytes + len(data)
        if pending > self._high_water_mark and self.writable:
            self.writable = False
            return True
        return False

    def take_all(self) -> Optional[bytes]:
        """Holding ``lock``: remove every buffer, joined (None when there is none); the channel is writable again."""
        buffers = self.buffers
        if not buffers:
            return None
        data = buffers.popleft()
        if buffers:
            batch = [data]
            while buffers:
                batch.append(buffers.popleft())
            data = b"".join(batch)
        self._pending_bytes = 0
        self.writable = True
        return data

    def nio_buffers(self) -> List[Any]:
        """Holding ``lock``: the first buffers, for one ``sendmsg`` (Netty ``nioBuffers``)."""
        return list(itertools.islice(self.buffers, _NIO_BUFFERS_MAX))

    def remove_bytes(self, sent: int) -> bool:
        """Holding ``lock``: drop the first ``sent`` bytes (Netty ``removeBytes``). True when this made the channel
        writable again."""
        buffers = self.buffers
        self._pending_bytes -= sent
        while sent:
            head = buffers[0]
            if sent >= len(head):
                sent -= len(head)
                buffers.popleft()
            else:
                buffers[0] = memoryview(head)[sent:]
                sent = 0
        if not self.writable and self._pending_bytes <= self._low_water_mark:
            self.writable = True
            return True
        return False

    def clear(self) -> None:
        """Holding ``lock``: drop everything (the channel closed)."""
        self.buffers.clear()
        self._pending_bytes = 0
