"""Remoting exceptions (Java ``org.apache.rocketmq.remoting.exception``)."""
from __future__ import annotations

from typing import Optional

__all__ = [
    "RemotingException", "RemotingConnectException", "RemotingTimeoutException",
    "RemotingSendRequestException", "RemotingTooMuchRequestException", "RemotingCommandException",
]


class RemotingException(Exception):
    """Base of every remoting failure (Java ``RemotingException``)."""


class RemotingConnectException(RemotingException):
    """A connection to ``addr`` could not be opened (Java ``RemotingConnectException``)."""

    def __init__(self, addr: Optional[str], cause: Optional[BaseException] = None) -> None:
        msg = "connect to %s failed" % addr
        if cause is not None:
            msg += ": %s" % cause
        super().__init__(msg)
        self.addr = addr
        self.__cause__ = cause


class RemotingTimeoutException(RemotingException):
    """No response within the timeout (Java ``RemotingTimeoutException``)."""

    def __init__(self, message: str, addr: Optional[str] = None, timeout_millis: Optional[int] = None) -> None:
        if addr is not None:
            message = "wait response on the channel <%s> timeout, %s(ms)" % (addr, timeout_millis)
        super().__init__(message)
        self.addr = addr
        self.timeout_millis = timeout_millis


class RemotingSendRequestException(RemotingException):
    """Writing the request failed or the channel closed before the answer (Java ``RemotingSendRequestException``)."""

    def __init__(self, addr: Optional[str], cause: Optional[BaseException] = None) -> None:
        msg = "send request to <%s> failed" % addr
        if cause is not None:
            msg += ": %s" % cause
        super().__init__(msg)
        self.addr = addr
        self.__cause__ = cause


class RemotingTooMuchRequestException(RemotingException):
    """The async or oneway permits are exhausted (Java ``RemotingTooMuchRequestException``)."""


class RemotingCommandException(RemotingException):
    """A command or custom header could not be encoded or decoded (Java ``RemotingCommandException``)."""
