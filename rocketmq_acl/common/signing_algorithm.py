"""Java ``org.apache.rocketmq.acl.common.SigningAlgorithm``."""
from __future__ import annotations

import enum
import hashlib
from typing import Any, Callable

__all__ = ["SigningAlgorithm"]


class SigningAlgorithm(enum.Enum):
    """The HMAC algorithms (Java's ``Mac`` names); ``digest`` is the :mod:`hashlib` constructor."""

    HmacSHA1 = "HmacSHA1"
    HmacSHA256 = "HmacSHA256"
    HmacMD5 = "HmacMD5"

    @property
    def digest(self) -> Callable[..., Any]:
        return _DIGESTS[self]


_DIGESTS = {SigningAlgorithm.HmacSHA1: hashlib.sha1, SigningAlgorithm.HmacSHA256: hashlib.sha256,
            SigningAlgorithm.HmacMD5: hashlib.md5}
