"""RocksDB ``table/block_based/block.cc``: the entries of a block, in key order.

A block is a run of entries, then the restart array (a fixed32 offset per restart point) and a fixed32 footer:
the number of restarts, whose top bit marks a data block hash index (``kDataBlockBinaryAndHash``) stored between
the restarts and the footer. An entry is ``shared`` (bytes of the previous key it keeps), ``non_shared`` and the
value length as varints, the key's new bytes and the value; at a restart point ``shared`` is 0. Index blocks of
``format_version`` 4 and later (``index_value_is_delta_encoded``) store no value length: the value is a block
handle, written as its size minus the previous handle's size where the key shares bytes with the previous one.
"""
from __future__ import annotations

from typing import Iterator, NoReturn, Tuple

from rocketmq_common.rocksdb.coding import decode_fixed32, get_varint, get_varsigned
from rocketmq_common.rocksdb.format import BLOCK_TRAILER_SIZE, BlockHandle
from rocketmq_common.rocksdb.rocks_db_exception import CORRUPTION, RocksDBException

__all__ = ["Block"]

#: a block this large cannot have a hash index: the footer's top bit belongs to the restart count
MAX_BLOCK_SIZE_SUPPORTED_BY_HASH_INDEX = 1 << 16
_HASH_INDEX_BIT = 1 << 31


class Block:
    """A block's contents (see the module docstring); ``where`` names it in errors."""

    def __init__(self, contents: bytes, where: str) -> None:
        self._data = contents
        self._where = where
        limit = len(contents) - 4
        num_restarts = decode_fixed32(contents, limit, where)
        if num_restarts & _HASH_INDEX_BIT and len(contents) <= MAX_BLOCK_SIZE_SUPPORTED_BY_HASH_INDEX:
            num_restarts &= ~_HASH_INDEX_BIT
            limit -= 2 + int.from_bytes(contents[max(0, limit - 2):limit], "little")  # the buckets and their count
        self._restart_offset = limit - 4 * num_restarts
        if num_restarts < 1 or self._restart_offset < 0:
            self._corrupt()

    def entries(self) -> Iterator[Tuple[bytes, bytes]]:
        """``BlockIter``: each (key, value)."""
        data, pos, end = self._data, 0, self._restart_offset
        key = b""
        while pos < end:
            shared, pos = get_varint(data, pos, self._where, end)
            non_shared, pos = get_varint(data, pos, self._where, end)
            value_length, pos = get_varint(data, pos, self._where, end)
            if shared > len(key) or non_shared + value_length > end - pos:
                self._corrupt()
            key = key[:shared] + data[pos:pos + non_shared]
            pos += non_shared
            yield key, data[pos:pos + value_length]
            pos += value_length

    def index_entries(self, value_is_delta_encoded: bool) -> Iterator[BlockHandle]:
        """``IndexBlockIter``: the handle of each data block, in order."""
        if not value_is_delta_encoded:
            for _, value in self.entries():
                yield BlockHandle.decode_from(value, 0)[0]
            return
        data, pos, end = self._data, 0, self._restart_offset
        key_length, previous = 0, None
        while pos < end:
            shared, pos = get_varint(data, pos, self._where, end)
            non_shared, pos = get_varint(data, pos, self._where, end)
            if shared > key_length or non_shared > end - pos:
                self._corrupt()
            key_length = shared + non_shared
            pos += non_shared
            if shared and previous is not None:
                delta, pos = get_varsigned(data, pos, self._where, end)
                previous = BlockHandle(previous.offset + previous.size + BLOCK_TRAILER_SIZE, previous.size + delta)
            else:
                previous, pos = BlockHandle.decode_from(data, pos, end)
            yield previous

    def _corrupt(self) -> NoReturn:
        raise RocksDBException(CORRUPTION, "bad entry in block: %s" % self._where)
