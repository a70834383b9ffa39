"""Java ``org.apache.rocketmq.acl.common.AclException``."""
from __future__ import annotations

from typing import Optional

__all__ = ["AclException"]


class AclException(RuntimeError):
    """An access-control failure. ``AclException(message)`` or ``AclException(message, status=..., code=...)``;
    the message never contains a secret key or a signature input."""

    def __init__(self, message: Optional[str] = None, status: Optional[str] = None, code: int = 0) -> None:
        super().__init__(message)
        self.status = status
        self.code = code

    def get_status(self) -> Optional[str]:
        return self.status

    def set_status(self, status: Optional[str]) -> None:
        self.status = status

    def get_code(self) -> int:
        return self.code

    def set_code(self, code: int) -> None:
        self.code = code
