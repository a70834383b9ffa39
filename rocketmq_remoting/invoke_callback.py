"""Completion callback of an asynchronous invocation (Java ``org.apache.rocketmq.remoting.InvokeCallback``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_remoting.netty.response_future import ResponseFuture

__all__ = ["InvokeCallback"]


class InvokeCallback:
    """``operation_complete`` runs once per async request, on the callback executor: with the response
    (``response_future.get_response_command()``), or with None after a send failure
    (``is_send_request_ok()`` false, ``get_cause()`` says why) or a timeout."""

    def operation_complete(self, response_future: "ResponseFuture") -> None:
        raise NotImplementedError
