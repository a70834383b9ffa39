"""Java ``java.util.concurrent.atomic.AtomicInteger``, as the client uses it (the async send's retry count)."""
from __future__ import annotations

from rocketmq_client.common.atomic_long import AtomicLong

__all__ = ["AtomicInteger"]


class AtomicInteger(AtomicLong):
    """:class:`AtomicLong`'s operations under Java's other name (Python has one integer type; neither class wraps
    around at Java's bounds, which no counter of the client reaches)."""

    __slots__ = ()
