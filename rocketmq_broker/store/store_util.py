"""Java ``org.apache.rocketmq.store.StoreUtil``."""
from __future__ import annotations

import os

__all__ = ["StoreUtil"]


def _total_physical_memory_size() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):
        return 24 * 1024 * 1024 * 1024


class StoreUtil:
    """Store constants."""

    #: Java ``TOTAL_PHYSICAL_MEMORY_SIZE`` (24 GiB when the platform does not tell, Java's fallback)
    TOTAL_PHYSICAL_MEMORY_SIZE = _total_physical_memory_size()
