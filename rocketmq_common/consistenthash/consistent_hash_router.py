"""Java ``org.apache.rocketmq.common.consistenthash.ConsistentHashRouter``."""
from __future__ import annotations

import bisect
import hashlib
from typing import Dict, Generic, Iterable, List, Optional, TypeVar

from rocketmq_common.consistenthash.hash_function import HashFunction
from rocketmq_common.consistenthash.node import Node
from rocketmq_common.consistenthash.virtual_node import VirtualNode

__all__ = ["ConsistentHashRouter", "MD5Hash"]

T = TypeVar("T", bound=Node)


class MD5Hash(HashFunction):
    """Java's default ``MD5Hash``: the first 4 bytes of the MD5 digest of the key's bytes (UTF-8, Java's usual
    default charset) as an unsigned big-endian number."""

    def hash(self, key: str) -> int:
        return int.from_bytes(hashlib.md5(key.encode("utf-8")).digest()[:4], "big")


class ConsistentHashRouter(Generic[T]):
    """Hashes nodes, each with ``v_node_count`` virtual nodes, to a ring; ``route_node(key)`` returns the node
    owning the first ring position >= the key's hash (wrapping around). A later virtual node with the same hash
    replaces the earlier one, like Java's ``TreeMap.put``."""

    def __init__(self, p_nodes: Optional[Iterable[T]], v_node_count: int,
                 hash_function: Optional[HashFunction] = None) -> None:
        self.hash_function: HashFunction = hash_function if hash_function is not None else MD5Hash()
        self._ring: Dict[int, VirtualNode[T]] = {}
        self._ring_keys: List[int] = []
        if p_nodes is not None:
            for p_node in p_nodes:
                self.add_node(p_node, v_node_count)

    def add_node(self, p_node: T, v_node_count: int) -> None:
        """Java ``addNode``: put ``v_node_count`` more virtual nodes of ``p_node`` on the ring."""
        if v_node_count < 0:
            raise ValueError("illegal virtual node counts :" + str(v_node_count))
        existing_replicas = self.get_existing_replicas(p_node)
        for i in range(v_node_count):
            v_node: VirtualNode[T] = VirtualNode(p_node, i + existing_replicas)
            h = self.hash_function.hash(v_node.get_key())
            if h not in self._ring:
                bisect.insort(self._ring_keys, h)
            self._ring[h] = v_node

    def remove_node(self, p_node: T) -> None:
        """Java ``removeNode``: remove every virtual node of ``p_node``."""
        for h in [h for h, v in self._ring.items() if v.is_virtual_node_of(p_node)]:
            del self._ring[h]
            del self._ring_keys[bisect.bisect_left(self._ring_keys, h)]

    def route_node(self, object_key: str) -> Optional[T]:
        """Java ``routeNode``: the physical node for ``object_key`` (None on an empty ring)."""
        if not self._ring_keys:
            return None
        hash_val = self.hash_function.hash(object_key)
        i = bisect.bisect_left(self._ring_keys, hash_val)
        node_hash_val = self._ring_keys[i] if i < len(self._ring_keys) else self._ring_keys[0]
        return self._ring[node_hash_val].get_physical_node()

    def get_existing_replicas(self, p_node: T) -> int:
        """Java ``getExistingReplicas``: how many virtual nodes of ``p_node`` are on the ring."""
        return sum(1 for v in self._ring.values() if v.is_virtual_node_of(p_node))
