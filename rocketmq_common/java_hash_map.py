"""Iteration order of a Java ``java.util.HashMap`` with String keys.

The Java broker writes message property strings (and some extFields maps) by iterating ``HashMap`` instances, so
their order follows the keys' hash buckets. :func:`java_hash_map_order` reproduces it, which lets the embedded
broker store and send byte-identical strings.
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

from rocketmq_common.util_all import UtilAll

__all__ = ["java_hash_map_order"]

#: (capacity, property names in insertion order) -> the names in Java ``HashMap`` iteration order, or None when
#: that is the insertion order already (producers send the same names again and again: bounded cache)
_ORDER_CACHE: Dict[Tuple[int, Tuple[str, ...]], Optional[Tuple[str, ...]]] = {}


def _spread(key: str) -> int:
    """Java ``HashMap.hash``: the String hash code with its high half folded in."""
    h = UtilAll.string_hash_code(key) & 0xFFFFFFFF
    return h ^ (h >> 16)


def java_hash_map_order(properties: Dict[str, str], max_size: int = 0) -> Dict[str, str]:
    """``properties`` (whose insertion order is that of the Java broker's ``put`` calls) in the iteration order
    of a Java ``HashMap`` holding the same entries: by bucket, then by insertion. ``max_size`` is the largest
    size the map had (its capacity never shrinks). The broker writes property strings from such maps, so the
    stored strings come out exactly as a Java broker stores them."""
    size = max(len(properties), max_size)
    capacity = 16
    while size > capacity * 3 // 4:
        capacity <<= 1
    cache_key = (capacity, tuple(properties))
    try:
        order = _ORDER_CACHE[cache_key]
    except KeyError:
        mask = capacity - 1
        ordered = tuple(sorted(cache_key[1], key=lambda k: _spread(k) & mask))
        order = None if ordered == cache_key[1] else ordered
        if len(_ORDER_CACHE) > 4096:
            _ORDER_CACHE.clear()
        _ORDER_CACHE[cache_key] = order
    if order is None:
        return properties
    return {k: properties[k] for k in order}
