"""Server TLS modes (Java ``org.apache.rocketmq.remoting.common.TlsMode``)."""
from __future__ import annotations

import enum

__all__ = ["TlsMode"]


class TlsMode(enum.Enum):
    """``DISABLED``: TLS handshakes are refused (connection closed); ``PERMISSIVE``: plain and TLS clients are
    both served (the first byte of a connection decides: ``0x16`` starts a TLS handshake); ``ENFORCING``: plain
    connections are refused."""

    DISABLED = "disabled"
    PERMISSIVE = "permissive"
    ENFORCING = "enforcing"

    @classmethod
    def parse(cls, mode: str) -> "TlsMode":
        """Java ``TlsMode.parse``: the mode named ``mode``, ``PERMISSIVE`` for anything else."""
        for tls_mode in cls:
            if tls_mode.value == mode:
                return tls_mode
        return cls.PERMISSIVE

    def get_name(self) -> str:
        return self.value
