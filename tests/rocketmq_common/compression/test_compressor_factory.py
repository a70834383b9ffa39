"""Compression types and compressors (CompressionType, ZlibCompressor, CompressorFactory)."""
from __future__ import annotations

import pytest

from rocketmq_common.compression.compression_type import CompressionType
from rocketmq_common.compression.compressor import UnsupportedCompressionException, ZlibCompressor
from rocketmq_common.compression.compressor_factory import CompressorFactory


def test_compression_types_and_compressors() -> None:
    assert [(t.name, t.get_value(), t.get_compression_flag()) for t in CompressionType] == [
        ("LZ4", 1, 0x100), ("ZSTD", 2, 0x200), ("ZLIB", 3, 0x300)]
    assert CompressionType.of(" zlib ") is CompressionType.ZLIB
    with pytest.raises(ValueError, match="Unsupported compress type name: GZIP"):
        CompressionType.of("GZIP")
    zlib_compressor = CompressorFactory.get_compressor(CompressionType.ZLIB)
    assert isinstance(zlib_compressor, ZlibCompressor)
    assert zlib_compressor.decompress(zlib_compressor.compress(b"abc" * 100, 5)) == b"abc" * 100
    with pytest.raises(IOError):
        zlib_compressor.decompress(b"not zlib")
    for unsupported in (CompressionType.LZ4, CompressionType.ZSTD):
        with pytest.raises(UnsupportedCompressionException, match="%s compression is not supported" % unsupported.name):
            CompressorFactory.get_compressor(unsupported).decompress(b"x")
        with pytest.raises(UnsupportedCompressionException):
            CompressorFactory.get_compressor(unsupported).compress(b"x", 5)
