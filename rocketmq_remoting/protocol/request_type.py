"""Java ``org.apache.rocketmq.remoting.protocol.RequestType`` (4.9.4+): the ``ReqT`` extField value."""
from __future__ import annotations

import enum

__all__ = ["RequestType"]


class RequestType(enum.IntEnum):
    """How the server should treat a request; only STREAM exists in 4.9.x."""

    STREAM = 0

    @staticmethod
    def value_of(code: int) -> "RequestType":
        """Java ``valueOf(byte)``; ``None`` for an unknown code."""
        try:
            return RequestType(code)
        except ValueError:
            return None  # type: ignore[return-value]
