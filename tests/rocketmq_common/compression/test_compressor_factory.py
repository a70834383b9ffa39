"""Compression types and compressors (CompressionType, Zlib/Lz4/ZstdCompressor, CompressorFactory, 5.3.3): round
trips, the frame format Java's streams write and read, corrupt or truncated bodies refused, and a missing codec
package named."""
from __future__ import annotations

import struct
import sys
import zlib

import pytest

from rocketmq_common.compression.compression_type import CompressionType
from rocketmq_common.compression.compressor import (Lz4Compressor, UnsupportedCompressionException, ZlibCompressor,
                                                     ZstdCompressor)
from rocketmq_common.compression.compressor_factory import CompressorFactory

BODY = bytes(range(256)) * 20 + b"tail"


def test_compression_types() -> None:
    assert [(t.name, t.get_value(), t.get_compression_flag()) for t in CompressionType] == [
        ("LZ4", 1, 0x100), ("ZSTD", 2, 0x200), ("ZLIB", 3, 0x300)]
    assert CompressionType.of(" zlib ") is CompressionType.ZLIB
    assert CompressionType.of("lz4") is CompressionType.LZ4
    assert CompressionType.find_by_value(0) is CompressionType.ZLIB
    with pytest.raises(ValueError, match="Unsupported compress type name: GZIP"):
        CompressionType.of("GZIP")
    with pytest.raises(ValueError, match="Unknown compress type value: 4"):
        CompressionType.find_by_value(4)
    assert [type(CompressorFactory.get_compressor(t)) for t in CompressionType] == [
        Lz4Compressor, ZstdCompressor, ZlibCompressor]


@pytest.mark.parametrize("type_, magic", [(CompressionType.ZLIB, b"\x78\x5e"),
                                          (CompressionType.LZ4, b"\x04\x22\x4d\x18"),
                                          (CompressionType.ZSTD, b"\x28\xb5\x2f\xfd")])
def test_round_trip_and_concatenated_frames(type_: CompressionType, magic: bytes) -> None:
    compressor = CompressorFactory.get_compressor(type_)
    data = compressor.compress(BODY, 5)
    assert data.startswith(magic) and len(data) < len(BODY)
    assert compressor.decompress(data) == BODY
    assert compressor.compress(b"", 5) and compressor.decompress(compressor.compress(b"", 5)) == b""
    if type_ is not CompressionType.ZLIB:  # lz4-java's and zstd-jni's input streams read on across frames
        assert compressor.decompress(data + compressor.compress(b"second", 5)) == BODY + b"second"


def test_lz4_frame_is_what_lz4_java_writes_and_reads() -> None:
    """LZ4FrameOutputStream's header: FLG version 01 with independent blocks and no content size or checksum
    (0x60), BD 4 MiB blocks (0x70); LZ4FrameInputStream refuses dependent blocks, so none are written."""
    data = Lz4Compressor().compress(BODY, 9)
    assert data[4] == 0x60 and data[5] == 0x70
    block_size = struct.unpack_from("<I", data, 7)[0] & 0x7FFFFFFF
    assert data[11 + block_size:] == b"\x00\x00\x00\x00"  # one block, then the end mark (no content checksum)


def test_zstd_frame_has_no_content_size_and_levels_are_clamped_like_zstd_jni() -> None:
    compressor = ZstdCompressor()
    data = compressor.compress(BODY, 3)
    assert data[4] & 0xC4 == 0  # frame header: no content size field, no checksum (ZstdOutputStream's defaults)
    assert compressor.decompress(compressor.compress(BODY, 99)) == BODY  # libzstd clamps to 22
    assert compressor.decompress(compressor.compress(BODY, -(1 << 20))) == BODY


@pytest.mark.parametrize("type_", list(CompressionType))
def test_corrupt_and_truncated_bodies_raise_ioerror(type_: CompressionType) -> None:
    compressor = CompressorFactory.get_compressor(type_)
    data = compressor.compress(BODY, 5)
    for bad in (b"garbage!", data[:-3], data[:len(data) // 2]):
        with pytest.raises(IOError, match="%s" % ("zlib" if type_ is CompressionType.ZLIB else type_.name)):
            compressor.decompress(bad)
    assert zlib.decompress(CompressorFactory.get_compressor(CompressionType.ZLIB).compress(BODY, 5)) == BODY


@pytest.mark.parametrize("compressor, package", [(Lz4Compressor(), "lz4"), (ZstdCompressor(), "zstandard")])
def test_a_missing_codec_package_is_named(monkeypatch: pytest.MonkeyPatch, compressor, package: str) -> None:
    monkeypatch.setitem(sys.modules, compressor.module, None)  # import of it raises ImportError
    for call in (lambda: compressor.decompress(b"x"), lambda: compressor.compress(b"x", 5)):
        with pytest.raises(UnsupportedCompressionException, match="need the %s package.*pip install %s"
                                                                   % (package, package)):
            call()
