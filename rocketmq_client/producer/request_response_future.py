"""Java ``org.apache.rocketmq.client.producer.RequestResponseFuture``: one pending request/reply call."""
from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from rocketmq_client.producer.request_callback import RequestCallback
    from rocketmq_common.message.message import Message

__all__ = ["RequestResponseFuture"]


class RequestResponseFuture:
    """Waits for the reply with a given correlation id (a latch of one), or runs the request callback."""

    def __init__(self, correlation_id: str, timeout_millis: int,
                 request_callback: "Optional[RequestCallback]") -> None:
        self._correlation_id = correlation_id
        self._timeout_millis = timeout_millis
        self._request_callback = request_callback
        self._begin_timestamp = int(time.time() * 1000)
        self._latch = threading.Event()
        self._response_msg: "Optional[Message]" = None
        self._send_request_ok = True
        self._cause: Optional[BaseException] = None

    def execute_request_callback(self) -> None:
        """Java ``executeRequestCallback``: ``on_success(reply)`` when the request went out and nothing failed,
        else ``on_exception(cause)``."""
        callback = self._request_callback
        if callback is not None:
            if self._send_request_ok and self._cause is None:
                callback.on_success(self._response_msg)  # type: ignore[arg-type]
            else:
                callback.on_exception(self._cause)  # type: ignore[arg-type]

    def is_timeout(self) -> bool:
        """Java ``isTimeout``: more than ``timeout_millis`` since creation."""
        return int(time.time() * 1000) - self._begin_timestamp > self._timeout_millis

    def wait_response_message(self, timeout_millis: int) -> "Optional[Message]":
        """Java ``waitResponseMessage``: wait up to ``timeout_millis`` for :meth:`put_response_message`; the reply,
        or None (timeout, or the request failed)."""
        self._latch.wait(max(timeout_millis, 0) / 1000.0)
        return self._response_msg

    def put_response_message(self, response_msg: "Optional[Message]") -> None:
        """Java ``putResponseMessage``: store the reply (None on failure) and release the waiter."""
        self._response_msg = response_msg
        self._latch.set()

    def get_correlation_id(self) -> str:
        return self._correlation_id

    def get_timeout_millis(self) -> int:
        return self._timeout_millis

    def set_timeout_millis(self, timeout_millis: int) -> None:
        self._timeout_millis = timeout_millis

    def get_request_callback(self) -> "Optional[RequestCallback]":
        return self._request_callback

    def get_begin_timestamp(self) -> int:
        return self._begin_timestamp

    def get_response_msg(self) -> "Optional[Message]":
        return self._response_msg

    def set_response_msg(self, response_msg: "Optional[Message]") -> None:
        self._response_msg = response_msg

    def is_send_request_ok(self) -> bool:
        return self._send_request_ok

    def set_send_request_ok(self, send_request_ok: bool) -> None:
        self._send_request_ok = send_request_ok

    def get_request_msg(self) -> "Optional[Message]":
        """Java ``getRequestMsg``: always None in 4.9.7 (the field is never set)."""
        return None

    def get_cause(self) -> Optional[BaseException]:
        return self._cause

    def set_cause(self, cause: Optional[BaseException]) -> None:
        self._cause = cause

    def __repr__(self) -> str:
        return "RequestResponseFuture[correlationId=%s, timeoutMillis=%s, sendRequestOk=%s]" % (
            self._correlation_id, self._timeout_millis, self._send_request_ok)
