"""Java ``org.apache.rocketmq.acl.common.AclException``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.exception import MQException

__all__ = ["AclException"]


class AclException(MQException, RuntimeError):
    """An access-control failure. ``AclException(message)`` or ``AclException(message, status=..., code=...)``;
    the message never contains a secret key or a signature input. ``response_code`` is ``code``; not retriable.
    A RuntimeError too, as Java's."""

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

    @property  # type: ignore[override]
    def response_code(self) -> int:
        """:attr:`MQException.response_code`: ``code``."""
        return self.code

    @response_code.setter
    def response_code(self, code: int) -> None:
        self.code = code
