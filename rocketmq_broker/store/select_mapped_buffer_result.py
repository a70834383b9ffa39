"""Java ``org.apache.rocketmq.store.SelectMappedBufferResult``: bytes read from a store file."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["SelectMappedBufferResult"]


class SelectMappedBufferResult(Bean):
    """A copy of ``size`` bytes read at ``start_offset`` (``byte_buffer`` is ``bytes``; ``release`` is a
    no-op kept for the Java call sites, nothing is mapped)."""

    start_offset = Prop(int, 0)
    byte_buffer = Prop(bytes)
    size = Prop(int, 0)

    def get_start_offset(self) -> int: return self.start_offset
    def set_start_offset(self, start_offset: int) -> None: self.start_offset = start_offset
    def get_byte_buffer(self) -> bytes: return self.byte_buffer
    def set_byte_buffer(self, byte_buffer: Optional[bytes]) -> None: self.byte_buffer = byte_buffer
    def get_size(self) -> int: return self.size

    def __init__(self, start_offset: int, byte_buffer: bytes, size: int) -> None:
        self.start_offset = start_offset
        self.byte_buffer = byte_buffer
        self.size = size

    def set_size(self, size: int) -> None:
        """Java ``setSize``: also limits the buffer."""
        self.size = size
        self.byte_buffer = self.byte_buffer[:size]

    def release(self) -> None:
        """Java ``release``: nothing to release."""
