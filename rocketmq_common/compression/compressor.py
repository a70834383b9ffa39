"""Java ``org.apache.rocketmq.common.compression.Compressor`` and its three implementations (5.3.3).

ZLIB is the standard library's zlib (the stream of ``java.util.zip.Deflater`` / ``DeflaterOutputStream``). LZ4
writes the LZ4 *frame* format as lz4-java's ``LZ4FrameOutputStream`` does (4 MiB independent blocks, no content
size, no content checksum; Java ignores the level); ZSTD writes a zstd frame as zstd-jni's ``ZstdOutputStream``
does (no content size, no checksum; the level clamped to zstd's range, as libzstd does under zstd-jni). LZ4 and
ZSTD use the ``lz4`` and ``zstandard`` packages (dependencies of rocketmq-py, imported on first use): where one
is missing, its compressor raises :class:`UnsupportedCompressionException` naming the package to install.
Decompression reads concatenated frames like Java's input streams, and a truncated or corrupt body raises
``IOError`` (never returns a partial body).
"""
from __future__ import annotations

import importlib
import zlib
from typing import Any, Optional

__all__ = ["Compressor", "ZlibCompressor", "Lz4Compressor", "ZstdCompressor", "UnsupportedCompressionException"]


class UnsupportedCompressionException(IOError):
    """The package the compression algorithm needs is not installed."""


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

    #: ``java.util.zip.Deflater`` accepts -1 (default) to 9, else "invalid compression level"
    MIN_LEVEL = -1
    MAX_LEVEL = 9

    def compress(self, src: bytes, level: int) -> bytes:
        return zlib.compress(src, level)

    def decompress(self, src: bytes) -> bytes:
        try:
            return zlib.decompress(src)
        except zlib.error as e:
            raise IOError("zlib decompression failed: %s" % e) from e


class _FramedCompressor(Compressor):
    """A compressor whose codec is a third-party package, imported on first use."""

    #: the codec's name, the module imported and the distribution ``pip install`` needs
    name = ""
    module = ""
    package = ""

    def __init__(self) -> None:
        self._codec: Optional[Any] = None

    def codec(self) -> Any:
        """The codec module; :class:`UnsupportedCompressionException` names the package when it is missing."""
        if self._codec is None:
            try:
                self._codec = importlib.import_module(self.module)
            except ImportError as e:
                raise UnsupportedCompressionException(
                    "%s message bodies need the %s package, which is not installed: pip install %s (%s)"
                    % (self.name, self.package, self.package, e)) from e
        return self._codec

    def _decompressor(self) -> Any:
        raise NotImplementedError

    def decompress(self, src: bytes) -> bytes:
        out = []
        data: Optional[bytes] = bytes(src)
        try:
            while data:
                decompressor = self._decompressor()
                out.append(decompressor.decompress(data))
                if not decompressor.eof:
                    raise IOError("%s body is truncated (%d bytes)" % (self.name, len(src)))
                data = decompressor.unused_data
        except IOError:
            raise
        except Exception as e:  # the codec's own error (RuntimeError, ZstdError): the body is not such a frame
            raise IOError("%s decompression failed: %s" % (self.name, e)) from e
        return b"".join(out)


class Lz4Compressor(_FramedCompressor):
    """Java ``Lz4Compressor``: the LZ4 frame format (magic ``04 22 4D 18``) of ``LZ4FrameOutputStream``."""

    name = "LZ4"
    module = "lz4.frame"
    package = "lz4"

    def compress(self, src: bytes, level: int) -> bytes:
        # the streaming compressor keeps the 4 MiB block size (the one-shot call shrinks it to fit the input)
        frame = self.codec()
        compressor = frame.LZ4FrameCompressor(block_size=frame.BLOCKSIZE_MAX4MB, block_linked=False,
                                              content_checksum=False)
        return compressor.begin() + compressor.compress(src) + compressor.flush()

    def _decompressor(self) -> Any:
        return self.codec().LZ4FrameDecompressor()


class ZstdCompressor(_FramedCompressor):
    """Java ``ZstdCompressor``: a zstd frame (magic ``28 B5 2F FD``) of zstd-jni's ``ZstdOutputStream``."""

    name = "ZSTD"
    module = "zstandard"
    package = "zstandard"
    #: libzstd's ``ZSTD_minCLevel()`` / ``ZSTD_maxCLevel()``: zstd-jni clamps a level outside them
    MIN_LEVEL = -(1 << 17)
    MAX_LEVEL = 22

    def compress(self, src: bytes, level: int) -> bytes:
        level = min(max(level, self.MIN_LEVEL), self.MAX_LEVEL)
        return self.codec().ZstdCompressor(level=level, write_content_size=False,
                                           write_checksum=False).compress(src)

    def _decompressor(self) -> Any:
        return self.codec().ZstdDecompressor().decompressobj()
