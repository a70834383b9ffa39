"""RocksDB ``util/compression.h``: decompression of a table block by the ``CompressionType`` byte of its trailer.

Snappy is decoded here (its raw format: the length as a varint, then literals and back-references); zlib (raw
deflate) and bzip2 by the standard library, zstd by :class:`ZstdCompressor` of ``rocketmq_common.compression``
(the ``zstandard`` package). Since table ``format_version`` 2 the codecs other than snappy follow a varint of the
decompressed size. The output grows only with what the input really decodes to, never to a size the file
announces: a size that is not met is Corruption.
"""
from __future__ import annotations

import bz2
import zlib

from rocketmq_common.compression.compressor import ZstdCompressor
from rocketmq_common.rocksdb.coding import get_varint
from rocketmq_common.rocksdb.rocks_db_exception import CORRUPTION, NOT_SUPPORTED, RocksDBException

__all__ = ["uncompress_block_data", "NO_COMPRESSION"]

NO_COMPRESSION = 0
SNAPPY = 1
ZLIB = 2
BZIP2 = 3
ZSTD = 7
#: the names of the other types (``CompressionTypeToString``)
_UNSUPPORTED = {4: "LZ4", 5: "LZ4HC", 6: "Xpress", 0x40: "ZSTDNotFinal"}


def uncompress_block_data(data: bytes, compression_type: int, format_version: int, where: str) -> bytes:
    """The contents of a block stored with ``compression_type`` (``UncompressBlockData``)."""
    if compression_type == SNAPPY:
        return _snappy_uncompress(data, where)
    if compression_type not in (ZLIB, BZIP2, ZSTD):
        name = _UNSUPPORTED.get(compression_type)
        if name is None:
            raise RocksDBException(CORRUPTION, "bad block type %d in %s" % (compression_type, where))
        raise RocksDBException(NOT_SUPPORTED, "%s uses %s compression, which this reader does not decompress "
                                              "(snappy, zlib, bzip2 and zstd it does)" % (where, name))
    pos, size = 0, -1
    if format_version >= 2:
        size, pos = get_varint(data, 0, "compressed block size")
    try:
        if compression_type == ZLIB:
            inflater = zlib.decompressobj(-15)
            out = inflater.decompress(data[pos:], size + 1 if size >= 0 else 0)
        elif compression_type == BZIP2:
            out = bz2.BZ2Decompressor().decompress(data[pos:], size + 1 if size >= 0 else -1)
        else:
            out = ZstdCompressor().decompress(data[pos:])
    except (IOError, zlib.error, ValueError) as e:
        raise RocksDBException(CORRUPTION, "corrupted compressed block contents in %s: %s" % (where, e)) from e
    if size >= 0 and len(out) != size:
        raise RocksDBException(CORRUPTION, "corrupted compressed block contents in %s: %d bytes, not %d"
                               % (where, len(out), size))
    return out


def _snappy_uncompress(data: bytes, where: str) -> bytes:
    """Snappy's ``RawUncompress``: tag bytes whose two low bits say literal (00) or back-reference with a 1-, 2-
    or 4-byte offset (01, 10, 11)."""
    size, pos = get_varint(data, 0, "snappy length")
    out = bytearray()
    end = len(data)
    while pos < end:
        tag = data[pos]
        pos += 1
        kind = tag & 3
        if kind == 0:
            length = tag >> 2
            if length >= 60:
                extra = length - 59
                length = int.from_bytes(data[pos:pos + extra], "little")
                pos += extra
            length += 1
            if pos + length > end:
                break
            out += data[pos:pos + length]
            pos += length
        else:
            if kind == 1:
                length = ((tag >> 2) & 7) + 4
                offset = ((tag >> 5) << 8) | (data[pos] if pos < end else 0)
                pos += 1
            else:
                width = 2 if kind == 2 else 4
                length = (tag >> 2) + 1
                offset = int.from_bytes(data[pos:pos + width], "little")
                pos += width
            if pos > end or not 0 < offset <= len(out):
                break
            start = len(out) - offset
            while length > 0:  # a back-reference may overlap the bytes it produces
                chunk = out[start:start + min(length, offset)]
                out += chunk
                start += len(chunk)
                length -= len(chunk)
        if len(out) > size:
            break
    if pos != end or len(out) != size:
        raise RocksDBException(CORRUPTION, "corrupted snappy compressed block contents in %s" % where)
    return bytes(out)
