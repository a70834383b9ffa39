"""Java ``org.apache.rocketmq.common.consistenthash.Node``."""
from __future__ import annotations

__all__ = ["Node"]


class Node:
    """A node to be mapped to a hash ring."""

    def get_key(self) -> str:
        """Java ``getKey``: the key used for hash mapping."""
        raise NotImplementedError
