"""Java ``org.apache.rocketmq.client.exception``: client and broker errors seen by users. Every one derives from
:class:`MQException` (the tree is in :mod:`rocketmq_remoting.exception`) and carries ``response_code`` and
``retriable``."""
from __future__ import annotations

from typing import FrozenSet, Optional, Union

from rocketmq_client.common.client_error_code import ClientErrorCode
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.exception import MQException

__all__ = ["MQException", "MQClientException", "MQBrokerException", "RequestTimeoutException",
           "OffsetNotFoundException", "IllegalStateException"]

#: response codes after which the same call may succeed later: the broker is busy, not available or failed
#: internally, the client could not reach or timed out on a broker
RETRIABLE_RESPONSE_CODES: FrozenSet[int] = frozenset({
    ResponseCode.SYSTEM_ERROR, ResponseCode.SYSTEM_BUSY, ResponseCode.SERVICE_NOT_AVAILABLE,
    ClientErrorCode.CONNECT_BROKER_EXCEPTION, ClientErrorCode.ACCESS_BROKER_TIMEOUT,
    ClientErrorCode.REQUEST_TIMEOUT_EXCEPTION})


class _CodedException(MQException):
    """``retriable`` also by response code (see :data:`RETRIABLE_RESPONSE_CODES`)."""

    @property
    def retriable(self) -> bool:
        return self.response_code in RETRIABLE_RESPONSE_CODES or super().retriable


def _text(value: object) -> Optional[str]:
    """A Java String argument: None stays None (Java's null), anything else is its text."""
    return None if value is None else value if isinstance(value, str) else str(value)


def _code_desc(response_code: int, error_message: Optional[str]) -> str:
    return "CODE: %s  DESC: %s" % (UtilAll.response_code2string(response_code), error_message)


class MQClientException(_CodedException):
    """Java ``MQClientException``.

    ``MQClientException(error_message, cause)`` (code -1) or ``MQClientException(response_code, error_message)``;
    the exception text gets Java's FAQ suffix (``FAQUrl.attach_default_url``).
    """

    def __init__(self, response_code_or_message: Union[int, str, None],
                 error_message_or_cause: Union[str, BaseException, None] = None) -> None:
        self.error_message: Optional[str]
        if isinstance(response_code_or_message, int) and not isinstance(response_code_or_message, bool):
            self.response_code = response_code_or_message
            self.error_message = _text(error_message_or_cause)
            super().__init__(FAQUrl.attach_default_url(_code_desc(self.response_code, self.error_message)))
        else:
            self.response_code = -1
            self.error_message = _text(response_code_or_message)
            super().__init__(FAQUrl.attach_default_url(self.error_message))
            if isinstance(error_message_or_cause, BaseException):
                self.__cause__ = error_message_or_cause

    def get_response_code(self) -> int:
        """Java ``getResponseCode``."""
        return self.response_code

    def set_response_code(self, response_code: int) -> "MQClientException":
        """Java ``setResponseCode``."""
        self.response_code = response_code
        return self

    def get_error_message(self) -> Optional[str]:
        """Java ``getErrorMessage``."""
        return self.error_message

    def set_error_message(self, error_message: str) -> None:
        """Java ``setErrorMessage``."""
        self.error_message = error_message

    def get_message(self) -> str:
        """Java ``getMessage``: the full text (with the FAQ suffix)."""
        return str(self)


class MQBrokerException(_CodedException):
    """Java ``MQBrokerException``: the broker answered with an error code."""

    def __init__(self, response_code: int = 0, error_message: Optional[str] = None,
                 broker_addr: Optional[str] = None) -> None:
        text = _code_desc(response_code, error_message)
        if broker_addr is not None:
            text += " BROKER: " + broker_addr
        super().__init__(FAQUrl.attach_default_url(text))
        self.response_code = response_code
        self.error_message = error_message
        self.broker_addr = broker_addr

    def get_response_code(self) -> int:
        """Java ``getResponseCode``."""
        return self.response_code

    def get_error_message(self) -> Optional[str]:
        """Java ``getErrorMessage``."""
        return self.error_message

    def get_broker_addr(self) -> Optional[str]:
        """Java ``getBrokerAddr``."""
        return self.broker_addr

    def get_message(self) -> str:
        """Java ``getMessage``."""
        return str(self)


class OffsetNotFoundException(MQBrokerException):
    """No offset stored for the queue (``QUERY_NOT_FOUND``); Java 5.x ``OffsetNotFoundException``, in 4.9.7 a plain
    ``MQBrokerException``."""


class RequestTimeoutException(MQException):
    """Java ``RequestTimeoutException``: a request/reply call got no reply in time (no FAQ suffix); retriable."""

    RETRIABLE = True

    def __init__(self, response_code_or_message: Union[int, str, None],
                 error_message_or_cause: Union[str, BaseException, None] = None) -> None:
        self.error_message: Optional[str]
        if isinstance(response_code_or_message, int) and not isinstance(response_code_or_message, bool):
            self.response_code = response_code_or_message
            self.error_message = _text(error_message_or_cause)
            super().__init__(_code_desc(self.response_code, self.error_message))
        else:
            self.response_code = -1
            self.error_message = _text(response_code_or_message)
            super().__init__(self.error_message)
            if isinstance(error_message_or_cause, BaseException):
                self.__cause__ = error_message_or_cause

    def get_response_code(self) -> int:
        """Java ``getResponseCode``."""
        return self.response_code

    def set_response_code(self, response_code: int) -> "RequestTimeoutException":
        """Java ``setResponseCode``."""
        self.response_code = response_code
        return self

    def get_error_message(self) -> Optional[str]:
        """Java ``getErrorMessage``."""
        return self.error_message

    def set_error_message(self, error_message: str) -> None:
        """Java ``setErrorMessage``."""
        self.error_message = error_message


class IllegalStateException(MQException, RuntimeError):
    """Java ``java.lang.IllegalStateException``: a call in the wrong state (a route refresh that failed with a
    remoting error, as when no NameServer is reachable: retriable then, through its cause; a lite-pull consumer
    used in the wrong mode). A RuntimeError too, as Java's."""
