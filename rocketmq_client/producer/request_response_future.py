"""Java ``org.apache.rocketmq.client.producer.RequestResponseFuture``: one pending request/reply call."""
from __future__ import annotations

import threading
import time
from typing import Optional

from rocketmq_client.producer.request_callback import RequestCallback
from rocketmq_common.message.message import Message
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["RequestResponseFuture"]


def _now_millis() -> int:
    return int(time.time() * 1000)


class RequestResponseFuture(Bean):
    """Waits for the reply with a given correlation id (a latch of one), or runs the request callback."""

    correlation_id = Prop(str)
    request_callback = Prop(RequestCallback)
    begin_timestamp = Prop(int, factory=_now_millis)
    response_msg = Prop(Message)
    send_request_ok = Prop(bool, True)
    timeout_millis = Prop(int, 0)
    cause = Prop(BaseException)

    def set_correlation_id(self, correlation_id: Optional[str]) -> None: self.correlation_id = correlation_id
    def get_request_callback(self) -> RequestCallback: return self.request_callback
    def set_request_callback(self, request_callback: Optional[RequestCallback]) -> None:
        self.request_callback = request_callback
    def get_begin_timestamp(self) -> int: return self.begin_timestamp
    def set_begin_timestamp(self, begin_timestamp: int) -> None: self.begin_timestamp = begin_timestamp
    def get_response_msg(self) -> Message: return self.response_msg
    def set_response_msg(self, response_msg: Optional[Message]) -> None: self.response_msg = response_msg
    def get_send_request_ok(self) -> bool: return self.send_request_ok
    def is_send_request_ok(self) -> bool: return self.send_request_ok
    def set_send_request_ok(self, send_request_ok: bool) -> None: self.send_request_ok = send_request_ok
    def get_timeout_millis(self) -> int: return self.timeout_millis
    def set_timeout_millis(self, timeout_millis: int) -> None: self.timeout_millis = timeout_millis
    def get_cause(self) -> BaseException: return self.cause
    def set_cause(self, cause: Optional[BaseException]) -> None: self.cause = cause

    def __init__(self, correlation_id: str, timeout_millis: int,
                 request_callback: "Optional[RequestCallback]") -> None:
        super().__init__()  # the declared defaults
        self.correlation_id = correlation_id
        self.timeout_millis = timeout_millis
        self.request_callback = request_callback
        self._latch = threading.Event()
        self.response_msg = None
        self.send_request_ok = True
        self.cause = None

    def execute_request_callback(self) -> None:
        """Java ``executeRequestCallback``: ``on_success(reply)`` when the request went out and nothing failed,
        else ``on_exception(cause)``."""
        callback = self.request_callback
        if callback is not None:
            if self.send_request_ok and self.cause is None:
                callback.on_success(self.response_msg)  # type: ignore[arg-type]
            else:
                callback.on_exception(self.cause)  # type: ignore[arg-type]

    def is_timeout(self) -> bool:
        """Java ``isTimeout``: more than ``timeout_millis`` since creation."""
        return _now_millis() - self.begin_timestamp > self.timeout_millis

    def wait_response_message(self, timeout_millis: int) -> "Optional[Message]":
        """Java ``waitResponseMessage``: wait up to ``timeout_millis`` for :meth:`put_response_message`; the reply,
        or None (timeout, or the request failed)."""
        self._latch.wait(max(timeout_millis, 0) / 1000.0)
        return self.response_msg

    def put_response_message(self, response_msg: "Optional[Message]") -> None:
        """Java ``putResponseMessage``: store the reply (None on failure) and release the waiter."""
        self.response_msg = response_msg
        self._latch.set()

    def get_request_msg(self) -> "Optional[Message]":
        """Java ``getRequestMsg``: always None in 4.9.7 (the field is never set)."""
        return None

    def get_correlation_id(self) -> str:
        """Java ``getCorrelationId`` (set by the constructor: never None)."""
        return self.correlation_id

    def __repr__(self) -> str:
        return "RequestResponseFuture[correlationId=%s, timeoutMillis=%s, sendRequestOk=%s]" % (
            self.correlation_id, self.timeout_millis, self.send_request_ok)
