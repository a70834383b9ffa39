"""Java ``org.apache.rocketmq.common.compression.CompressorFactory``."""
from __future__ import annotations

from rocketmq_common.compression.compression_type import CompressionType
from rocketmq_common.compression.compressor import Compressor, Lz4Compressor, ZlibCompressor, ZstdCompressor

__all__ = ["CompressorFactory"]


class CompressorFactory:
    """One shared compressor per :class:`CompressionType`."""

    COMPRESSORS = {
        CompressionType.LZ4: Lz4Compressor(),
        CompressionType.ZSTD: ZstdCompressor(),
        CompressionType.ZLIB: ZlibCompressor(),
    }

    @staticmethod
    def get_compressor(type_: CompressionType) -> Compressor:
        """Java ``getCompressor``."""
        return CompressorFactory.COMPRESSORS[type_]
