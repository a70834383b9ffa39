"""Java ``org.apache.rocketmq.common.consistenthash.HashFunction``."""
from __future__ import annotations

__all__ = ["HashFunction"]


class HashFunction:
    """Hashes a string to a long value."""

    def hash(self, key: str) -> int:
        """Java ``hash``."""
        raise NotImplementedError
