"""Remoting exceptions (Java ``org.apache.rocketmq.remoting.exception``), and :class:`MQException`, the root of
every exception the client raises (not in Java, whose exceptions share no base but ``Exception``).

The tree (Java's class names; the modules they live in)::

    MQException                          rocketmq_remoting.exception
    +-- RemotingException                rocketmq_remoting.exception
    |   +-- RemotingConnectException         retriable
    |   +-- RemotingTimeoutException         retriable
    |   +-- RemotingSendRequestException     retriable
    |   +-- RemotingTooMuchRequestException  retriable
    |   +-- RemotingCommandException
    +-- MQClientException                rocketmq_client.exception
    +-- MQBrokerException                rocketmq_client.exception
    |   +-- OffsetNotFoundException
    +-- RequestTimeoutException          rocketmq_client.exception    retriable
    +-- IllegalStateException            rocketmq_client.exception    (also a RuntimeError)
    +-- AclException                     rocketmq_acl.common.acl_exception  (also a RuntimeError)

``response_code`` is the RocketMQ response code the error carries (-1: none, as Java's ``MQClientException``).
``retriable`` (after kafka-python's ``KafkaError.retriable``) tells whether the same call may succeed if tried
again later: a connection, timeout or back-pressure failure, a broker busy or not available, or an error caused by
a retriable one; a wrong argument, a missing permission or an unknown topic is not.
"""
from __future__ import annotations

from typing import Optional

__all__ = [
    "MQException", "RemotingException", "RemotingConnectException", "RemotingTimeoutException",
    "RemotingSendRequestException", "RemotingTooMuchRequestException", "RemotingCommandException",
]


class MQException(Exception):
    """The root of the client's exceptions (see the module docstring)."""

    #: the response code carried (-1: none)
    response_code: int = -1
    #: whether every error of this class may go away on a later attempt (see :attr:`retriable`)
    RETRIABLE = False

    @property
    def retriable(self) -> bool:
        """True when the same call may succeed if tried again: the class is retriable, or the error was caused by
        a retriable one (an IllegalStateException over a refused connection)."""
        if self.RETRIABLE:
            return True
        cause = self.__cause__
        return isinstance(cause, MQException) and cause is not self and cause.retriable


class RemotingException(MQException):
    """Base of every remoting failure (Java ``RemotingException``)."""


class RemotingConnectException(RemotingException):
    """A connection to ``addr`` could not be opened (Java ``RemotingConnectException``)."""

    RETRIABLE = True

    def __init__(self, addr: Optional[str], cause: Optional[BaseException] = None) -> None:
        msg = "connect to %s failed" % addr
        if cause is not None:
            msg += ": %s" % cause
        super().__init__(msg)
        self.addr = addr
        self.__cause__ = cause


class RemotingTimeoutException(RemotingException):
    """No response within the timeout (Java ``RemotingTimeoutException``)."""

    RETRIABLE = True

    def __init__(self, message: str, addr: Optional[str] = None, timeout_millis: Optional[int] = None) -> None:
        if addr is not None:
            message = "wait response on the channel <%s> timeout, %s(ms)" % (addr, timeout_millis)
        super().__init__(message)
        self.addr = addr
        self.timeout_millis = timeout_millis


class RemotingSendRequestException(RemotingException):
    """Writing the request failed or the channel closed before the answer (Java ``RemotingSendRequestException``)."""

    RETRIABLE = True

    def __init__(self, addr: Optional[str], cause: Optional[BaseException] = None) -> None:
        msg = "send request to <%s> failed" % addr
        if cause is not None:
            msg += ": %s" % cause
        super().__init__(msg)
        self.addr = addr
        self.__cause__ = cause


class RemotingTooMuchRequestException(RemotingException):
    """The async or oneway permits are exhausted (Java ``RemotingTooMuchRequestException``)."""

    RETRIABLE = True


class RemotingCommandException(RemotingException):
    """A command or custom header could not be encoded or decoded (Java ``RemotingCommandException``)."""
