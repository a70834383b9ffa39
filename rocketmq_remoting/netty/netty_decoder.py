"""Cutting received bytes into commands (Java ``org.apache.rocketmq.remoting.netty.NettyDecoder``, a
``LengthFieldBasedFrameDecoder`` with a 4-byte length prefix and a ``frame_max_length`` limit).

A :class:`NettyDecoder` owns one connection's read buffer: the reader reads into :meth:`NettyDecoder.recv_view`,
then :meth:`NettyDecoder.received` decodes every complete frame (only the header and body bytes are copied) and
hands each :class:`RemotingCommand` on. Memory follows what arrived, never what the peer announces: the buffer
starts small (``INITIAL_BUFFER_SIZE``, what an idle connection costs), grows to ``READ_BUFFER_SIZE`` when a read
fills it or a frame up to that size needs it, and shrinks back after a run of small reads; a frame longer than
``READ_BUFFER_SIZE`` is collected in a ``bytearray`` of its own that grows as its bytes come and is dropped once
decoded. A length outside ``[0, frame_max_length - 4]`` or an undecodable header raises
:class:`MalformedFrame` (the channel then closes, as Java's decoder closes it).
"""
from __future__ import annotations

import struct
from typing import Any, Callable, Optional

from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["INITIAL_BUFFER_SIZE", "MalformedFrame", "NettyDecoder", "READ_BUFFER_SIZE"]

_INT = struct.Struct(">i")

#: the read buffer of a busy connection (a longer frame is collected apart)
READ_BUFFER_SIZE = 256 * 1024
#: the read buffer of a quiet connection
INITIAL_BUFFER_SIZE = 16 * 1024
#: reads shorter than INITIAL_BUFFER_SIZE in a row after which an empty grown buffer shrinks back
_SHRINK_AFTER_SMALL_READS = 64


class MalformedFrame(Exception):
    """The peer sent bytes that are not a valid frame; the channel closes."""


def decode_frame(frame: memoryview) -> RemotingCommand:
    """Decode one frame without its length prefix; raises :class:`MalformedFrame` whatever is wrong with it."""
    try:
        return RemotingCommand.decode(frame)
    except RemotingCommandException as e:
        raise MalformedFrame("undecodable frame: %s" % e) from None
    except Exception as e:  # decoding only reads the peer's bytes: any failure means they are malformed
        raise MalformedFrame("undecodable frame: %r" % e) from None


class NettyDecoder:
    """One connection's read buffer and frame state (see the module docstring). ``more_buffered`` is true while
    a command is handed on with bytes of further frames behind it (its response may wait for theirs). The
    command handler may itself read more through the same decoder (a request run on the reading thread that
    waits for a response on its own connection): the decoder continues from the state that read left."""

    __slots__ = ("_frame_max_length", "_buf", "_view", "_start", "_end", "_need", "_large", "_grow", "_small_reads",
                 "_reads", "more_buffered")

    def __init__(self, frame_max_length: int) -> None:
        self._frame_max_length = frame_max_length
        self._buf = bytearray(INITIAL_BUFFER_SIZE)
        self._view = memoryview(self._buf)
        self._grow = False  # the last read filled the buffer: the next one gets the big buffer
        self._small_reads = 0
        self._start = self._end = 0
        self._need = 4  # bytes from ``_start`` that must be buffered before the next frame can be cut
        #: a frame longer than the buffer, collected as its bytes arrive (length prefix included); None: none
        self._large: Optional[bytearray] = None
        self.more_buffered = False
        self._reads = 0  # reads begun (recv_view) and releases: what tells a handler's own read has happened

    def buffer_size(self) -> int:
        return len(self._buf)

    def collecting(self) -> bool:
        """A frame longer than the buffer is being collected."""
        return self._large is not None

    def recv_view(self) -> memoryview:
        """Where the next read goes: the free end of the buffer, after moving the pending frame to the front (of
        a grown buffer when the last read filled it or the frame needs it) when it would not fit behind it; while
        a long frame is collected, the start of the buffer, never more than that frame still lacks (so the read
        ends with it)."""
        self._reads += 1
        large = self._large
        if large is not None:
            if len(large) >= READ_BUFFER_SIZE > len(self._buf):  # bigger reads once that much has arrived
                self._resize(READ_BUFFER_SIZE, 0, 0)
            return self._view[:min(len(self._buf), self._need - len(large))]
        start = self._start
        need = self._need
        size = len(self._buf)
        if start + need > size or self._grow:
            end = self._end
            pending = end - start
            if (need > size or self._grow) and size < READ_BUFFER_SIZE:
                self._resize(READ_BUFFER_SIZE, start, end)
            else:
                self._buf[:pending] = bytes(self._view[start:end])
            self._start, self._end = 0, pending
            self._grow = False
        return self._view[self._end:]

    def _resize(self, size: int, start: int, end: int) -> None:
        buf = bytearray(size)
        buf[:end - start] = self._view[start:end]
        self._buf, self._view = buf, memoryview(buf)

    def received(self, n: int, handle: Callable[[Any, RemotingCommand], None], channel: Any) -> None:
        """``n`` (> 0) bytes were read into :meth:`recv_view`: pass every complete command to ``handle(channel,
        command)`` (as Netty's decoder hands each message to the next handler of the channel's pipeline)."""
        large = self._large
        if large is not None:
            large += self._view[:n]
            if len(large) < self._need:
                return
            self._large = None
            self._need = 4
            self.more_buffered = False
            handle(channel, decode_frame(memoryview(large)[4:]))
            return
        buf = self._buf
        view = self._view
        start = self._start
        end = self._end + n
        self._end = end
        need = self._need
        max_length = self._frame_max_length - 4
        unpack_from = _INT.unpack_from
        reads = self._reads
        try:
            while True:
                if end - start < 4:
                    need = 4
                    break
                (length,) = unpack_from(buf, start)
                if length < 0 or length > max_length:
                    raise MalformedFrame("frame length %d is outside [0, %d]" % (length, max_length))
                frame_end = start + 4 + length
                if frame_end > end:
                    need = 4 + length
                    if need > READ_BUFFER_SIZE:  # longer than any buffer: collect it apart from now on
                        self._large = bytearray(view[start:end])
                        start = end = 0
                    break
                cmd = decode_frame(view[start + 4:frame_end])
                start = frame_end
                self._start = start
                self.more_buffered = start != end
                handle(channel, cmd)
                if self._reads != reads:  # the handler read more itself (into a resized buffer): go on from there
                    reads = self._reads
                    buf, view, start, end, need = self._buf, self._view, self._start, self._end, self._need
                    if self._large is not None:
                        break  # that read began collecting a long frame: its state stands
        finally:
            self._start, self._end, self._need = start, end, need
            self.more_buffered = False
        if start == end:
            self._start = self._end = 0
        size = len(self._buf)
        if end == size:
            self._grow = size < READ_BUFFER_SIZE
        if n < INITIAL_BUFFER_SIZE:
            self._small_reads += 1
            if self._small_reads >= _SHRINK_AFTER_SMALL_READS and start == end and size > INITIAL_BUFFER_SIZE:
                self._resize(INITIAL_BUFFER_SIZE, 0, 0)
                self._small_reads = 0
        else:
            self._small_reads = 0

    def release(self) -> None:
        """Drop the buffers at once (the connection is closed; the channel object may live on a while)."""
        self._reads += 1
        self._buf = bytearray()
        self._view = memoryview(self._buf)
        self._start = self._end = 0
        self._need = 4
        self._large = None
