"""Java ``org.apache.rocketmq.acl.AccessResource``."""
from __future__ import annotations

__all__ = ["AccessResource"]


class AccessResource:
    """Marker base of what an :class:`~rocketmq_acl.access_validator.AccessValidator` parses from a request."""
