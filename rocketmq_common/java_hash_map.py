"""Iteration order of Java's hash tables: ``java.util.HashMap`` / ``HashSet`` and ``ConcurrentHashMap`` (the table
behind ``java.util.Properties``).

The Java broker writes message property strings (and some extFields maps) by iterating ``HashMap`` instances, so
their order follows the keys' hash buckets. :func:`java_hash_map_order` reproduces it, which lets the embedded
broker store and send byte-identical strings. mqadmin prints what it decoded into such tables (message properties,
topic sets, queue sets, ``Properties`` of a broker's config) in their iteration order: :func:`java_hash_set_order`
and :func:`java_concurrent_hash_map_order` give it, so that our commands print the lines in Java's order.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, TypeVar

from rocketmq_common.util_all import UtilAll

__all__ = ["java_hash_map_order", "java_hash_set_order", "java_concurrent_hash_map_order"]

K = TypeVar("K")

#: Java ``ConcurrentHashMap.TREEIFY_THRESHOLD`` and ``MIN_TREEIFY_CAPACITY``: a bin this long in a smaller table
#: doubles the table (``tryPresize``) instead of becoming a tree
_TREEIFY_THRESHOLD = 8
_MIN_TREEIFY_CAPACITY = 64

#: (capacity, property names in insertion order) -> the names in Java ``HashMap`` iteration order, or None when
#: that is the insertion order already (producers send the same names again and again: bounded cache)
_ORDER_CACHE: Dict[Tuple[int, Tuple[str, ...]], Optional[Tuple[str, ...]]] = {}


def _spread(key: str) -> int:
    """Java ``HashMap.hash``: the String hash code with its high half folded in."""
    return _spread_hash(UtilAll.string_hash_code(key))


def _spread_hash(hash_code: int) -> int:
    """Java ``HashMap.hash`` of a key whose ``hashCode()`` is ``hash_code`` (``ConcurrentHashMap.spread`` gives
    the same bucket index)."""
    h = hash_code & 0xFFFFFFFF
    return h ^ (h >> 16)


def _table_size_for(capacity: int) -> int:
    """Java ``HashMap.tableSizeFor``: the power of two at or above ``capacity``."""
    size = 1
    while size < capacity:
        size <<= 1
    return size


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


def java_hash_set_order(keys: Iterable[K], hash_code: Optional[Callable[[K], int]] = None,
                        initial_capacity: int = 16) -> List[K]:
    """The iteration order of a Java ``HashSet`` (or the key set of a ``HashMap``) made with
    ``initial_capacity`` into which ``keys`` were added in this order (repeats ignored); ``hash_code`` is the
    keys' Java ``hashCode()`` (None: ``String.hashCode``). Resizing keeps each bin's order, so the final
    order is by bucket of the final table, then by insertion (bins long enough to become trees are not
    modelled). A set decoded from JSON iterates in the order it was sent (``WireOrderSet``), which is the order
    Java added its elements in."""
    ordered = list(dict.fromkeys(keys))
    capacity = _table_size_for(max(initial_capacity, 1))
    while len(ordered) > capacity * 3 // 4:
        capacity <<= 1
    mask = capacity - 1
    code: Callable[[Any], int] = hash_code or UtilAll.string_hash_code
    return sorted(ordered, key=lambda k: _spread_hash(code(k)) & mask)


def java_concurrent_hash_map_order(keys: Iterable[str]) -> List[str]:
    """The iteration order of a ``ConcurrentHashMap()`` (16 bins, as fastjson decodes a ``ConcurrentMap`` field
    into) or of a ``java.util.Properties`` (Java 9 and later: a ``ConcurrentHashMap(8)``, also 16 bins) into which
    ``keys`` were put in this order (``Properties.load`` of a text). Unlike ``HashMap``, a
    ``ConcurrentHashMap`` resizes once its size reaches 3/4 of the table and its ``transfer`` moves the nodes of
    a bin before the bin's last run of same-side nodes in reverse order, so the order is simulated put by put."""
    capacity = 16  # ConcurrentHashMap(): 16; ConcurrentHashMap(8): tableSizeFor(1 + 8 / 0.75)
    size_ctl = capacity - (capacity >> 2)
    table: List[List[Tuple[int, str]]] = [[] for _ in range(capacity)]
    count = 0
    for key in keys:
        h = _spread(key) & 0x7FFFFFFF
        bin_ = table[h & (len(table) - 1)]
        if any(k == key for _, k in bin_):
            continue
        bin_.append((h, key))
        count += 1
        if len(bin_) > _TREEIFY_THRESHOLD and len(table) < _MIN_TREEIFY_CAPACITY:  # binCount: nodes before it
            wanted = _table_size_for(len(table) * 3 + 1)  # tryPresize(n << 1)
            while wanted > size_ctl:
                table, size_ctl = _transfer(table)
        while count >= size_ctl:
            table, size_ctl = _transfer(table)
    return [key for bin_ in table for _, key in bin_]


def _transfer(table: List[List[Tuple[int, str]]]) -> Tuple[List[List[Tuple[int, str]]], int]:
    """Java ``ConcurrentHashMap.transfer`` of list bins into a table twice as large, and the new ``sizeCtl``."""
    n = len(table)
    doubled: List[List[Tuple[int, str]]] = [[] for _ in range(2 * n)]
    for i, bin_ in enumerate(table):
        if not bin_:
            continue
        last_run = len(bin_) - 1
        while last_run > 0 and (bin_[last_run - 1][0] & n) == (bin_[-1][0] & n):
            last_run -= 1
        low = bin_[last_run:] if not bin_[-1][0] & n else []
        high = bin_[last_run:] if bin_[-1][0] & n else []
        for node in bin_[:last_run]:  # each prepended, so the head of the bin comes out reversed
            if node[0] & n:
                high.insert(0, node)
            else:
                low.insert(0, node)
        doubled[i] = low
        doubled[i + n] = high
    return doubled, (n << 1) - (n >> 1)
