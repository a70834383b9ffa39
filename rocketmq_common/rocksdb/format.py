"""RocksDB ``table/format.cc``: the footer of a block-based table, block handles, and the reading of a block (its
5-byte trailer: compression type and checksum).

The footer (the file's last 53 bytes for ``format_version`` 1 to 5, 48 for the legacy version 0) holds the
checksum type, the handles of the metaindex and index blocks, the format version and the table magic number.
A block's checksum covers its stored bytes and the compression type byte; CRC-32C and XXH3 checksums (XXH3 is
the default of RocksDB 8, rocksdbjni's, and of ldb 7.8) are verified, the older xxHash ones are not.
"""
from __future__ import annotations

from typing import NamedTuple, Tuple

from rocketmq_common.rocksdb import crc32c
from rocketmq_common.rocksdb.coding import decode_fixed32, decode_fixed64, get_varint
from rocketmq_common.rocksdb.compression import NO_COMPRESSION, uncompress_block_data
from rocketmq_common.rocksdb.rocks_db_exception import CORRUPTION, NOT_SUPPORTED, RocksDBException
from rocketmq_common.rocksdb.xxhash import xxh3_64bits

__all__ = ["BlockHandle", "Footer", "read_block", "BLOCK_TRAILER_SIZE"]

BLOCK_BASED_TABLE_MAGIC_NUMBER = 0x88E241B785F4CFF7
LEGACY_BLOCK_BASED_TABLE_MAGIC_NUMBER = 0xDB4775248B80FB57
NEW_VERSIONS_ENCODED_LENGTH = 1 + 2 * 20 + 4 + 8
VERSION0_ENCODED_LENGTH = 2 * 20 + 8
BLOCK_TRAILER_SIZE = 5
NO_CHECKSUM = 0
CRC32C = 1
XXH3 = 4
#: kxxHash, kxxHash64: known, not verified here
_OTHER_CHECKSUMS = (2, 3)
#: ``ModifyChecksumForLastByte``'s ``kRandomPrime``
_LAST_BYTE_PRIME = 0x6B9083D9


class BlockHandle(NamedTuple):
    """Where a block lies: its offset and size (without the trailer)."""

    offset: int
    size: int

    @staticmethod
    def decode_from(buf: bytes, pos: int, limit: int = -1) -> Tuple["BlockHandle", int]:
        offset, pos = get_varint(buf, pos, "block handle", limit)
        size, pos = get_varint(buf, pos, "block handle", limit)
        return BlockHandle(offset, size), pos


class Footer(NamedTuple):
    """``Footer``: the table's format version, checksum type and the two handles it starts from."""

    format_version: int
    checksum_type: int
    metaindex_handle: BlockHandle
    index_handle: BlockHandle

    @staticmethod
    def decode_from(data: bytes, file_name: str) -> "Footer":
        if len(data) < VERSION0_ENCODED_LENGTH:
            raise RocksDBException(CORRUPTION, "file is too short (%d bytes) to be an sstable: %s"
                                   % (len(data), file_name))
        magic = decode_fixed64(data, len(data) - 8, "footer")
        if magic == LEGACY_BLOCK_BASED_TABLE_MAGIC_NUMBER:
            format_version, checksum_type, pos = 0, CRC32C, len(data) - VERSION0_ENCODED_LENGTH
        elif magic == BLOCK_BASED_TABLE_MAGIC_NUMBER:
            if len(data) < NEW_VERSIONS_ENCODED_LENGTH:
                raise RocksDBException(CORRUPTION, "Input is too short to be an SST file: %s" % file_name)
            format_version = decode_fixed32(data, len(data) - 12, "footer")
            pos = len(data) - NEW_VERSIONS_ENCODED_LENGTH
            checksum_type = data[pos]
            pos += 1
            if not 1 <= format_version <= 5:
                raise RocksDBException(NOT_SUPPORTED, "%s: table format_version %d is not supported (1 to 5 are)"
                                       % (file_name, format_version))
            if checksum_type not in (NO_CHECKSUM, CRC32C, XXH3) + _OTHER_CHECKSUMS:
                raise RocksDBException(CORRUPTION, "Corrupt or unsupported checksum type: %d" % checksum_type)
        else:
            raise RocksDBException(CORRUPTION, "Bad table magic number: expected %d, found %d in %s"
                                   % (BLOCK_BASED_TABLE_MAGIC_NUMBER, magic, file_name))
        metaindex_handle, pos = BlockHandle.decode_from(data, pos)
        index_handle, _ = BlockHandle.decode_from(data, pos)
        return Footer(format_version, checksum_type, metaindex_handle, index_handle)


def read_block(data: bytes, footer: Footer, handle: BlockHandle, file_name: str) -> bytes:
    """``ReadBlockContents``: the block's contents, its checksum verified (CRC-32C), uncompressed."""
    end = handle.offset + handle.size
    if end + BLOCK_TRAILER_SIZE > len(data):
        raise RocksDBException(CORRUPTION, "truncated block read from %s offset %d, expected %d bytes, got %d"
                               % (file_name, handle.offset, handle.size + BLOCK_TRAILER_SIZE,
                                  max(0, len(data) - handle.offset)))
    block = data[handle.offset:end]
    compression_type = data[end]
    if footer.checksum_type in (CRC32C, XXH3):
        stored = decode_fixed32(data, end + 1, "block trailer")
        if footer.checksum_type == CRC32C:
            stored, computed = crc32c.unmask(stored), crc32c.value(data[handle.offset:end + 1])
        else:  # ComputeBuiltinChecksumWithLastByte: the hash of the block, the type byte mixed in after
            computed = (xxh3_64bits(block) ^ compression_type * _LAST_BYTE_PRIME) & 0xFFFFFFFF
        if stored != computed:
            raise RocksDBException(CORRUPTION, "block checksum mismatch: stored = %d, computed = %d, type = %d  "
                                               "in %s offset %d size %d" % (stored, computed, footer.checksum_type,
                                                                            file_name, handle.offset, handle.size))
    if compression_type == NO_COMPRESSION:
        return block
    where = "%s offset %d" % (file_name, handle.offset)
    return uncompress_block_data(block, compression_type, footer.format_version, where)
