"""Helpers of the producer tests (imported by module name; the test directory is on sys.path): waiting, recording
callbacks, reading what a broker stored, intercepting broker requests and pushing broker->client requests."""
from __future__ import annotations

import threading
from typing import Any, Callable, List, Optional

from rocketmq_broker.broker_controller import BrokerController
from rocketmq_client.producer.request_callback import RequestCallback
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_result import SendResult
from rocketmq_common.message.message import Message
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.remoting_abstract import Pair
from store_reading import stored_messages
from waiting import wait_for

__all__ = ["wait_for", "RecordingSendCallback", "RecordingRequestCallback", "stored_messages",
           "BrokerInterceptor", "push_to_client"]


class RecordingSendCallback(SendCallback):
    """Records the outcome of asynchronous sends; :meth:`wait` blocks until ``count`` outcomes arrived."""

    def __init__(self) -> None:
        self.results: List[SendResult] = []
        self.errors: List[BaseException] = []
        self.threads: List[str] = []
        self._cond = threading.Condition()

    def on_success(self, send_result: SendResult) -> None:
        with self._cond:
            self.results.append(send_result)
            self.threads.append(threading.current_thread().name)
            self._cond.notify_all()

    def on_exception(self, e: BaseException) -> None:
        with self._cond:
            self.errors.append(e)
            self.threads.append(threading.current_thread().name)
            self._cond.notify_all()

    def wait(self, count: int = 1, timeout: float = 10.0) -> None:
        with self._cond:
            if not self._cond.wait_for(lambda: len(self.results) + len(self.errors) >= count, timeout):
                raise AssertionError("%d callback outcomes after %.1f s, expected %d"
                                     % (len(self.results) + len(self.errors), timeout, count))


class RecordingRequestCallback(RequestCallback):
    """Records replies and errors of asynchronous requests."""

    def __init__(self) -> None:
        self.replies: List[Optional[Message]] = []
        self.errors: List[BaseException] = []
        self.done = threading.Event()

    def on_success(self, message: Message) -> None:
        self.replies.append(message)
        self.done.set()

    def on_exception(self, e: BaseException) -> None:
        self.errors.append(e)
        self.done.set()


class _InterceptingProcessor(NettyRequestProcessor):
    def __init__(self, interceptor: "BrokerInterceptor", original: Optional[Pair]) -> None:
        self._interceptor = interceptor
        self._original = original

    def reject_request(self) -> bool:
        return False

    def process_request(self, ctx: Any, request: RemotingCommand) -> Optional[RemotingCommand]:
        interceptor = self._interceptor
        with interceptor.cond:
            interceptor.requests.append(request)
            interceptor.cond.notify_all()
        interceptor.release.wait(30)
        if self._original is None:
            return None if request.flag & 2 else RemotingCommand.create_response_command(0, None)
        response = self._original.object1.process_request(ctx, request)
        if interceptor.rewrite is not None and response is not None:
            interceptor.rewrite(response)
        return response


class BrokerInterceptor:
    """Records the requests of ``code`` a broker receives (then lets its own processor handle them, if any).
    ``hold=True`` makes them wait until :meth:`release_all` (to make a broker slow); ``rewrite`` may change the
    broker's response (e.g. its code) before it is written. Used as a context manager it restores the broker's
    processor on exit."""

    def __init__(self, controller: BrokerController, code: int, hold: bool = False,
                 rewrite: Optional[Callable[[RemotingCommand], None]] = None) -> None:
        self.server = controller.get_remoting_server()
        self.rewrite = rewrite
        self.code = code
        self.requests: List[RemotingCommand] = []
        self.cond = threading.Condition()
        self.release = threading.Event()
        if not hold:
            self.release.set()
        self._original = self.server.processor_table.get(code)
        executor = self._original.object2 if self._original is not None else None
        self.server.register_processor(code, _InterceptingProcessor(self, self._original), executor)

    def release_all(self) -> None:
        self.release.set()

    def wait_requests(self, count: int = 1, timeout: float = 10.0) -> List[RemotingCommand]:
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.requests) >= count, timeout):
                raise AssertionError("the broker got %d request(s) of code %d, expected %d"
                                     % (len(self.requests), self.code, count))
            return list(self.requests)

    def restore(self) -> None:
        self.release.set()
        if self._original is not None:
            self.server.processor_table[self.code] = self._original
        else:
            self.server.processor_table.pop(self.code, None)

    def __enter__(self) -> "BrokerInterceptor":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.restore()


def push_to_client(controller: BrokerController, client_id: str, code: int, header: CommandCustomHeader,
                   body: Optional[bytes], oneway: bool = False) -> Optional[RemotingCommand]:
    """Send a broker->client request to the producer connection of ``client_id`` (as the broker's
    ReplyMessageProcessor / transaction check service do)."""
    channel = wait_for(lambda: controller.get_producer_manager().find_channel(client_id), 10,
                       "the producer connection of %s on the broker" % client_id)
    request = RemotingCommand.create_request_command(code, header, body)
    server = controller.get_remoting_server()
    if oneway:
        server.invoke_oneway(channel, request, 3000)
        return None
    return server.invoke_sync(channel, request, 3000)
