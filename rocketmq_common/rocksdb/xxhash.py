"""RocksDB ``util/xxhash.h``: ``XXH3_64bits`` (xxHash 0.8's XXH3 with the default secret and seed 0), which RocksDB
8's tables checksum their blocks with (``kXXH3``, ``BlockBasedTableOptions.checksum``'s default since 7.x)."""
from __future__ import annotations

import struct
from typing import List

__all__ = ["xxh3_64bits"]

_SECRET = bytes.fromhex(
    "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671fcb79e64eccc0e578825ad07dccff7221"
    "b8084674f743248ee03590e6813a264c3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8"
    "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364eac5ac8334d3ebc3c581a0fffa1363eb"
    "170ddd51b7f0da49d316552629d4689e2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e")
_M64 = (1 << 64) - 1
P32_1, P32_2, P32_3 = 0x9E3779B1, 0x85EBCA77, 0xC2B2AE3D
P64_1, P64_2, P64_3 = 0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9
P64_4, P64_5 = 0x85EBCA77C2B2AE63, 0x27D4EB2F165667C5
_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_LANES = struct.Struct("<8Q")
#: the secret read as a little-endian u64 at every byte offset
_S64: List[int] = [_U64.unpack_from(_SECRET, i)[0] for i in range(len(_SECRET) - 7)]
_STRIPE_LEN = 64
_STRIPES_PER_BLOCK = (len(_SECRET) - _STRIPE_LEN) // 8
_BLOCK_LEN = _STRIPE_LEN * _STRIPES_PER_BLOCK


def _xxh64_avalanche(h: int) -> int:
    h = ((h ^ (h >> 33)) * P64_2) & _M64
    h = ((h ^ (h >> 29)) * P64_3) & _M64
    return h ^ (h >> 32)


def _avalanche(h: int) -> int:
    h = ((h ^ (h >> 37)) * 0x165667919E3779F9) & _M64
    return h ^ (h >> 32)


def _fold(a: int, b: int) -> int:
    """``XXH3_mul128_fold64``: the 128-bit product's halves xor-ed."""
    product = a * b
    return (product ^ (product >> 64)) & _M64


def _mix16(data: bytes, pos: int, secret_pos: int) -> int:
    lo, hi = struct.unpack_from("<QQ", data, pos)
    return _fold(lo ^ _S64[secret_pos], hi ^ _S64[secret_pos + 8])


def _swap64(v: int) -> int:
    return int.from_bytes(v.to_bytes(8, "little"), "big")


def xxh3_64bits(data: bytes) -> int:
    """``XXH3_64bits(data, len)``."""
    n = len(data)
    if n <= 16:
        if n > 8:
            lo = _U64.unpack_from(data, 0)[0] ^ (_S64[24] ^ _S64[32])
            hi = _U64.unpack_from(data, n - 8)[0] ^ (_S64[40] ^ _S64[48])
            return _avalanche((n + _swap64(lo) + hi + _fold(lo, hi)) & _M64)
        if n >= 4:
            keyed = (_U32.unpack_from(data, n - 4)[0] + (_U32.unpack_from(data, 0)[0] << 32)) ^ (_S64[8] ^ _S64[16])
            keyed ^= ((keyed << 49 | keyed >> 15) ^ (keyed << 24 | keyed >> 40)) & _M64  # rrmxmx
            keyed = (keyed * 0x9FB21C651E98DF25) & _M64
            keyed = ((keyed ^ ((keyed >> 35) + n)) * 0x9FB21C651E98DF25) & _M64
            return keyed ^ (keyed >> 28)
        if n:
            combined = (data[0] << 16) | (data[n >> 1] << 24) | data[n - 1] | (n << 8)
            return _xxh64_avalanche(combined ^ ((_U32.unpack_from(_SECRET, 0)[0] ^ _U32.unpack_from(_SECRET, 4)[0])))
        return _xxh64_avalanche(_S64[56] ^ _S64[64])
    if n <= 128:
        acc = (n * P64_1) & _M64
        rounds = ((n - 1) >> 5) + 1  # 1 to 4 pairs, from both ends
        for i in range(rounds):
            acc += _mix16(data, 16 * i, 32 * i) + _mix16(data, n - 16 * (i + 1), 32 * i + 16)
        return _avalanche(acc & _M64)
    if n <= 240:
        acc = (n * P64_1) & _M64
        for i in range(8):
            acc += _mix16(data, 16 * i, 16 * i)
        acc = _avalanche(acc & _M64)
        acc_end = _mix16(data, n - 16, 136 - 17)
        for i in range(8, n // 16):
            acc_end += _mix16(data, 16 * i, 16 * (i - 8) + 3)
        return _avalanche((acc + acc_end) & _M64)
    return _hash_long(data)


def _accumulate(acc: List[int], data: bytes, pos: int, secret_pos: int) -> None:
    """``XXH3_accumulate_512``: one 64-byte stripe into the eight accumulators."""
    lanes = _LANES.unpack_from(data, pos)
    for i in range(8):
        value = lanes[i]
        key = value ^ _S64[secret_pos + 8 * i]
        acc[i ^ 1] += value
        acc[i] = (acc[i] + (key & 0xFFFFFFFF) * (key >> 32)) & _M64
    for i in range(8):
        acc[i] &= _M64


def _hash_long(data: bytes) -> int:
    """``XXH3_hashLong_64b``: 1 KiB blocks of 16 stripes, the accumulators scrambled after each block."""
    n = len(data)
    acc = [P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1]
    blocks = (n - 1) // _BLOCK_LEN
    scramble_pos = len(_SECRET) - _STRIPE_LEN
    for b in range(blocks):
        for s in range(_STRIPES_PER_BLOCK):
            _accumulate(acc, data, b * _BLOCK_LEN + s * _STRIPE_LEN, s * 8)
        for i in range(8):
            a = acc[i]
            acc[i] = ((a ^ (a >> 47) ^ _S64[scramble_pos + 8 * i]) * P32_1) & _M64
    for s in range(((n - 1) - _BLOCK_LEN * blocks) // _STRIPE_LEN):
        _accumulate(acc, data, blocks * _BLOCK_LEN + s * _STRIPE_LEN, s * 8)
    _accumulate(acc, data, n - _STRIPE_LEN, len(_SECRET) - _STRIPE_LEN - 7)
    result = (n * P64_1) & _M64
    for i in range(4):
        result += _fold(acc[2 * i] ^ _S64[11 + 16 * i], acc[2 * i + 1] ^ _S64[11 + 16 * i + 8])
    return _avalanche(result & _M64)
