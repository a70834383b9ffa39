"""Shared helpers of the remoting client/server tests (imported by the test modules of this directory)."""
from __future__ import annotations

import socket
import struct
import threading
from typing import Callable, List, Optional

import pytest
from waiting import wait_for

from rocketmq_remoting.invoke_callback import InvokeCallback
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.netty.response_future import ResponseFuture
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, RemotingSysResponseCode
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer

ECHO = 10
SILENT = 11
FAIL = 12
HOLD = 13
RECORD = 14


def wait_until(predicate: Callable[[], bool], timeout: float = 5.0, message: str = "condition") -> None:
    """:func:`waiting.wait_for` with the 5 s deadline and 5 ms re-check of the remoting tests."""
    wait_for(predicate, timeout, message, interval=0.005)


class EchoProcessor(NettyRequestProcessor):
    """Answers SUCCESS with the request's body and extFields."""

    def process_request(self, ctx, request):
        response = RemotingCommand.create_response_command(RemotingSysResponseCode.SUCCESS, "echo")
        response.body = request.body
        response.ext_fields = dict(request.ext_fields or {})
        return response


class SilentProcessor(NettyRequestProcessor):
    """Never answers."""

    def __init__(self) -> None:
        self.seen = threading.Event()

    def process_request(self, ctx, request):
        self.seen.set()
        return None


class FailingProcessor(NettyRequestProcessor):
    def process_request(self, ctx, request):
        raise ValueError("boom from the processor")


class HoldingProcessor(NettyRequestProcessor):
    """Keeps every request's context without answering (a test closes the channel or answers later)."""

    def __init__(self) -> None:
        self.contexts: List = []
        self.lock = threading.Lock()

    def process_request(self, ctx, request):
        with self.lock:
            self.contexts.append(ctx)
        return None

    def count(self) -> int:
        with self.lock:
            return len(self.contexts)


class RecordingProcessor(NettyRequestProcessor):
    """Records requests and answers them."""

    def __init__(self) -> None:
        self.requests: List[RemotingCommand] = []
        self.event = threading.Event()

    def process_request(self, ctx, request):
        self.requests.append(request)
        self.event.set()
        return RemotingCommand.create_response_command(RemotingSysResponseCode.SUCCESS, "recorded")


class RecordingCallback(InvokeCallback):
    """Collects completed futures; ``wait(n)`` blocks until ``n`` arrived."""

    def __init__(self) -> None:
        self.futures: List[ResponseFuture] = []
        self.cond = threading.Condition()
        self.threads: List[str] = []

    def operation_complete(self, response_future):
        with self.cond:
            self.futures.append(response_future)
            self.threads.append(threading.current_thread().name)
            self.cond.notify_all()

    def wait(self, n: int = 1, timeout: float = 10.0) -> List[ResponseFuture]:
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.futures) >= n, timeout):
                raise AssertionError("only %d of %d callbacks after %s s" % (len(self.futures), n, timeout))
            return list(self.futures)


def server_config(**kwargs) -> NettyServerConfig:
    kwargs.setdefault("listen_port", 0)
    kwargs.setdefault("bind_address", "127.0.0.1")
    return NettyServerConfig(**kwargs)


def start_server(config: Optional[NettyServerConfig] = None, **kwargs) -> NettyRemotingServer:
    server = NettyRemotingServer(config or server_config(), **kwargs)
    server.register_processor(ECHO, EchoProcessor())
    server.register_processor(FAIL, FailingProcessor())
    server.start()
    return server


def address(server: NettyRemotingServer) -> str:
    return "127.0.0.1:%d" % server.local_listen_port()


def request(code: int = ECHO, body: Optional[bytes] = b"hello") -> RemotingCommand:
    return RemotingCommand.create_request_command(code, None, body)


def refused_address() -> str:
    """An address nothing listens on (connecting is refused at once)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return "127.0.0.1:%d" % port


def read_frame(sock: socket.socket) -> Optional[bytes]:
    """One whole frame without its length prefix, or None at end of stream."""
    head = recv_exact(sock, 4)
    if head is None:
        return None
    (length,) = struct.unpack(">i", head)
    return recv_exact(sock, length)


def recv_exact(sock: socket.socket, n: int) -> Optional[bytes]:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def closed_by_peer(sock: socket.socket, timeout: float = 5.0) -> bool:
    """True when the peer closed ``sock`` within ``timeout`` (end of stream or reset)."""
    sock.settimeout(timeout)
    try:
        while True:
            if not sock.recv(65536):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False


class FakeServer:
    """A raw socket server whose connection handler is a test function."""

    def __init__(self, handler):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.handler = handler
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def address(self):
        return "127.0.0.1:%d" % self.sock.getsockname()[1]

    def _run(self):
        connection = 0
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            connection += 1
            with conn:
                self.handler(conn, connection)

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)  # wakes the blocked accept()
        except OSError:
            pass
        self.sock.close()
        self.thread.join(5)


@pytest.fixture
def server():
    srv = start_server()
    yield srv
    srv.shutdown()


@pytest.fixture
def client():
    with NettyRemotingClient(NettyClientConfig()) as cli:
        yield cli
