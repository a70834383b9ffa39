"""Java ``org.apache.rocketmq.auth.authorization.exception.AuthorizationException`` (5.3.3)."""
from __future__ import annotations

from rocketmq_auth.authentication.exception.authentication_exception import AuthenticationException

__all__ = ["AuthorizationException"]


class AuthorizationException(AuthenticationException):
    """An ACL request the metadata manager refuses (``The subject of {} is not exist.``...): NO_PERMISSION (16)
    with this message, as :class:`AuthenticationException`, whose ``{}`` formatting it shares (Java's two
    classes are separate ``RuntimeException`` subclasses written alike)."""
