"""Java ``org.apache.rocketmq.common.compression.Compressor`` and the compressors behind it.

ZLIB is the standard library's zlib (the same stream as ``java.util.zip.Deflater``). LZ4 and ZSTD need
libraries outside the standard library, which this client does not depend on: their compressors raise
:class:`UnsupportedCompressionException`.
"""
from __future__ import annotations

import zlib

__all__ = ["Compressor", "ZlibCompressor", "Lz4Compressor", "ZstdCompressor", "UnsupportedCompressionException"]


class UnsupportedCompressionException(IOError):
    """The compression algorithm is not available in this Python client."""


class Compressor:
    """Java ``Compressor`` interface."""

    def compress(self, src: bytes, level: int) -> bytes:
        """Compress ``src`` at ``level``."""
        raise NotImplementedError

    def decompress(self, src: bytes) -> bytes:
        """Decompress ``src``."""
        raise NotImplementedError


class ZlibCompressor(Compressor):
    """Java ``ZlibCompressor``: a zlib (RFC 1950) stream; level 5 starts with ``78 5E``."""

    def compress(self, src: bytes, level: int) -> bytes:
        return zlib.compress(src, level)

    def decompress(self, src: bytes) -> bytes:
        try:
            return zlib.decompress(src)
        except zlib.error as e:
            raise IOError("zlib decompression failed: %s" % e) from e


class _UnavailableCompressor(Compressor):
    name = ""

    def _fail(self) -> bytes:
        raise UnsupportedCompressionException(
            "%s compression is not supported by this client (only ZLIB is available)" % self.name)

    def compress(self, src: bytes, level: int) -> bytes:
        return self._fail()

    def decompress(self, src: bytes) -> bytes:
        return self._fail()


class Lz4Compressor(_UnavailableCompressor):
    """Java ``Lz4Compressor`` (LZ4 frame format): not available, every call raises."""

    name = "LZ4"


class ZstdCompressor(_UnavailableCompressor):
    """Java ``ZstdCompressor``: not available, every call raises."""

    name = "ZSTD"
