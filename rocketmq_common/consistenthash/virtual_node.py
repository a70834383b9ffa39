"""Java ``org.apache.rocketmq.common.consistenthash.VirtualNode``."""
from __future__ import annotations

from typing import Generic, TypeVar

from rocketmq_common.consistenthash.node import Node

__all__ = ["VirtualNode"]

T = TypeVar("T", bound=Node)


class VirtualNode(Node, Generic[T]):
    """Replica ``replica_index`` of a physical node on the ring; its key is ``"<physical key>-<replica index>"``."""

    def __init__(self, physical_node: T, replica_index: int) -> None:
        self.physical_node = physical_node
        self.replica_index = replica_index

    def get_key(self) -> str:
        """Java ``getKey``."""
        return self.physical_node.get_key() + "-" + str(self.replica_index)

    def is_virtual_node_of(self, p_node: T) -> bool:
        """Java ``isVirtualNodeOf``: same physical key."""
        return self.physical_node.get_key() == p_node.get_key()

    def get_physical_node(self) -> T:
        """Java ``getPhysicalNode``."""
        return self.physical_node
