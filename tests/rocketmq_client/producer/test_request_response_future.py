"""RequestResponseFuture and RequestFutureHolder (the request/reply bookkeeping)."""
from __future__ import annotations

import threading
import time
from typing import List

from client_support import RecordingRequestCallback

from rocketmq_client.exception import RequestTimeoutException
from rocketmq_client.producer.request_future_holder import RequestFutureHolder
from rocketmq_client.producer.request_response_future import RequestResponseFuture
from rocketmq_common.message.message import Message


def _house_keeping_threads() -> List[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "RequestHouseKeepingService"]


def test_future_wait_and_put() -> None:
    future = RequestResponseFuture("c-1", 1000, None)
    assert future.get_correlation_id() == "c-1" and future.get_timeout_millis() == 1000
    assert future.is_send_request_ok() and future.get_cause() is None and future.get_request_msg() is None
    started = time.monotonic()
    assert future.wait_response_message(50) is None
    assert time.monotonic() - started >= 0.045
    reply = Message("T", b"r")
    threading.Timer(0.02, future.put_response_message, (reply,)).start()
    assert future.wait_response_message(5000) is reply
    assert not future.is_timeout()
    future.set_timeout_millis(-1)
    assert future.is_timeout()


def test_execute_request_callback_outcomes() -> None:
    callback = RecordingRequestCallback()
    future = RequestResponseFuture("c", 1000, callback)
    reply = Message("T", b"r")
    future.put_response_message(reply)
    future.execute_request_callback()
    assert callback.replies == [reply]
    failed = RequestResponseFuture("c", 1000, callback)
    failed.set_send_request_ok(False)
    cause = RuntimeError("send failed")
    failed.set_cause(cause)
    failed.execute_request_callback()
    assert callback.errors == [cause]
    RequestResponseFuture("c", 1000, None).execute_request_callback()  # no callback: nothing to do


def test_scan_expires_only_timed_out_futures() -> None:
    holder = RequestFutureHolder()
    expired_cb, live_cb = RecordingRequestCallback(), RecordingRequestCallback()
    table = holder.get_request_future_table()
    table["old"] = RequestResponseFuture("old", -1, expired_cb)
    table["new"] = RequestResponseFuture("new", 60000, live_cb)
    holder._scan_expired_request()
    assert list(table) == ["new"]
    assert len(expired_cb.errors) == 1
    error = expired_cb.errors[0]
    assert isinstance(error, RequestTimeoutException)
    assert error.get_response_code() == 10006
    assert str(error) == "CODE: 10006  DESC: request timeout, no reply message."
    assert not live_cb.errors and not live_cb.replies


def test_house_keeping_thread_follows_the_producers() -> None:
    holder = RequestFutureHolder()
    before = len(_house_keeping_threads())
    first, second = object(), object()
    holder.start_scheduled_task(first)  # type: ignore[arg-type]
    holder.start_scheduled_task(second)  # type: ignore[arg-type]
    callback = RecordingRequestCallback()
    holder.get_request_future_table()["x"] = RequestResponseFuture("x", 0, callback)
    assert len(_house_keeping_threads()) == before + 1
    assert callback.done.wait(10), "the sweep (3 s delay, then every 1 s) did not expire the request"
    assert isinstance(callback.errors[0], RequestTimeoutException)
    holder.shutdown(first)  # type: ignore[arg-type]
    assert len(_house_keeping_threads()) == before + 1
    holder.shutdown(second)  # type: ignore[arg-type]
    assert len(_house_keeping_threads()) == before


def test_singleton() -> None:
    assert RequestFutureHolder.get_instance() is RequestFutureHolder.get_instance()
