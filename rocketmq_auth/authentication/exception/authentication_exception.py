"""Java ``org.apache.rocketmq.auth.authentication.exception.AuthenticationException`` (5.3.3)."""
from __future__ import annotations

__all__ = ["AuthenticationException"]


class AuthenticationException(RuntimeError):
    """A user request the metadata manager refuses (``The user is existed``...); the broker answers it with
    NO_PERMISSION (16) and this message as the remark. ``{}`` in the message takes ``args`` in turn (Java's
    SLF4J ``MessageFormatter``)."""

    def __init__(self, message: str, *args: object) -> None:
        for arg in args:
            message = message.replace("{}", str(arg), 1)
        super().__init__(message)
