"""The server's event loops (``NioEventLoop``): one selector thread reads many plain connections, runs inline
requests (pipelined ones included) and sends the responses of a batch together; a failing connection never
takes the loop or the other connections with it."""
from __future__ import annotations

import socket
import threading

import pytest

from remoting_support import (
    ECHO, address, closed_by_peer, read_frame, request, server_config, start_server, wait_until)
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor
from rocketmq_remoting.netty import channel as channel_module
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

NAME = 83  # answered with the name of the thread the request ran on
EXECUTOR_NAME = 84  # the same, registered to run on the executor


class ThreadNameProcessor(NettyRequestProcessor):
    def process_request(self, ctx, req):
        return RemotingCommand.create_response_command(0, threading.current_thread().name)


def name_server(**config):
    srv = start_server(server_config(server_inline_when_idle=True, **config))
    srv.register_processor(NAME, ThreadNameProcessor())
    return srv


def started_clients(n):
    clients = [NettyRemotingClient(NettyClientConfig()) for _ in range(n)]
    for cli in clients:
        cli.start()
    return clients


def loop_of(srv, cli):
    """The selector thread serving ``cli``'s connection: the thread a request ran on inline. A loop that is not idle
    hands a request to the public executor instead (under load it can be), so ask until one ran inline."""
    names = []

    def ran_inline():
        names.append(cli.invoke_sync(address(srv), request(NAME), 3000).remark)
        return names[-1].startswith("NettyServerNIOSelector_")

    wait_until(ran_inline, 30, "a request run inline")
    return names[-1]


@pytest.fixture
def inline_server():
    srv = name_server()
    yield srv
    srv.shutdown()


def test_one_loop_reads_every_plain_connection_by_default(inline_server):
    clients = started_clients(3)
    try:
        names = {loop_of(inline_server, cli) for cli in clients}
        assert names == {"NettyServerNIOSelector_1_1"}
        assert not any(t.name.startswith("NettyServerReader_") for t in threading.enumerate())
    finally:
        for cli in clients:
            cli.shutdown()


def test_connections_are_spread_over_the_selector_threads_round_robin():
    srv = name_server(server_selector_threads=2)
    clients = started_clients(4)
    try:
        names = sorted(loop_of(srv, cli) for cli in clients)
        assert names == ["NettyServerNIOSelector_2_1"] * 2 + ["NettyServerNIOSelector_2_2"] * 2
    finally:
        for cli in clients:
            cli.shutdown()
        srv.shutdown()
    assert not any(t.name.startswith("NettyServerNIOSelector_") and t.is_alive() for t in threading.enumerate())


def pipelined_frames(codes):
    frames = []
    for opaque, code in enumerate(codes, 1):
        cmd = RemotingCommand.create_request_command(code, None)
        cmd.opaque = opaque
        frames.append(cmd.encode())
    return b"".join(frames)


def test_pipelined_requests_run_inline_and_their_responses_go_out_together(inline_server, monkeypatch):
    writes = []
    original = channel_module.Channel.send_frame

    def counting(channel, data):
        if threading.current_thread().name.startswith("NettyServerNIOSelector_"):
            writes.append(len(data))
        return original(channel, data)

    monkeypatch.setattr(channel_module.Channel, "send_frame", counting)
    count = 80
    with socket.create_connection(("127.0.0.1", inline_server.local_listen_port()), timeout=10) as sock:
        sock.sendall(pipelined_frames([NAME] * count))  # one write: read by the loop as one batch (or a few)
        responses = [RemotingCommand.decode(read_frame(sock)) for _ in range(count)]
    assert sorted(r.opaque for r in responses) == list(range(1, count + 1))
    assert {r.remark for r in responses} == {"NettyServerNIOSelector_1_1"}
    assert len(writes) < count // 4, writes  # at most 32 responses per write, plus one per batch end


def test_responses_written_by_executors_are_not_held_back(inline_server):
    executor = ThreadPoolExecutor(2, 2, None, "OtherExecutor_")
    inline_server.register_processor(EXECUTOR_NAME, ThreadNameProcessor(), executor, inline_when_idle=False)
    codes = [NAME, EXECUTOR_NAME] * 20
    try:
        with socket.create_connection(("127.0.0.1", inline_server.local_listen_port()), timeout=10) as sock:
            sock.sendall(pipelined_frames(codes))
            responses = {}
            for _ in codes:
                response = RemotingCommand.decode(read_frame(sock))
                responses[response.opaque] = response.remark
    finally:
        executor.shutdown()
    assert sorted(responses) == list(range(1, len(codes) + 1))
    assert all(name.startswith("OtherExecutor_") for i, name in responses.items() if i % 2 == 0)
    assert {name for i, name in responses.items() if i % 2} == {"NettyServerNIOSelector_1_1"}


def test_a_malformed_frame_closes_its_connection_only_and_the_loop_goes_on(inline_server):
    addr = address(inline_server)
    with NettyRemotingClient(NettyClientConfig()) as good:
        assert good.invoke_sync(addr, request(), 3000).body == b"hello"
        with socket.create_connection(("127.0.0.1", inline_server.local_listen_port()), timeout=10) as bad:
            bad.sendall(b"\xff\xff\xff\xfb")  # negative frame length
            assert closed_by_peer(bad)
        for i in range(5):
            assert good.invoke_sync(addr, request(body=b"%d" % i), 3000).body == b"%d" % i
        assert good.invoke_sync(addr, request(NAME), 3000).remark == "NettyServerNIOSelector_1_1"


def test_a_connection_closed_by_the_server_is_released_by_its_loop(inline_server):
    with socket.create_connection(("127.0.0.1", inline_server.local_listen_port()), timeout=10) as sock:
        sock.sendall(pipelined_frames([ECHO]))
        assert RemotingCommand.decode(read_frame(sock)).code == 0
        (channel,) = inline_server._active_channels()
        channel.close()
        assert closed_by_peer(sock)
        wait_until(lambda: channel.fileno() == -1, message="the loop released the socket")
    with NettyRemotingClient(NettyClientConfig()) as cli:
        assert cli.invoke_sync(address(inline_server), request(NAME), 3000).remark == "NettyServerNIOSelector_1_1"


def test_a_connection_that_closes_before_sending_anything_is_released(inline_server):
    socket.create_connection(("127.0.0.1", inline_server.local_listen_port()), timeout=10).close()
    wait_until(lambda: not inline_server._active_channels(), message="the silent connection closed")
    with NettyRemotingClient(NettyClientConfig()) as cli:
        assert cli.invoke_sync(address(inline_server), request(), 3000).code == 0


def test_shutdown_closes_connections_still_on_the_loop():
    srv = name_server()
    sock = socket.create_connection(("127.0.0.1", srv.local_listen_port()), timeout=10)
    try:
        sock.sendall(pipelined_frames([ECHO]))
        assert RemotingCommand.decode(read_frame(sock)).code == 0
        (channel,) = srv._active_channels()
        srv.shutdown()
        assert closed_by_peer(sock)
        assert channel.fileno() == -1
        assert not any(t.name.startswith("NettyServerNIOSelector_") and t.is_alive() for t in threading.enumerate())
    finally:
        sock.close()


@pytest.fixture
def stall_server():
    srv = name_server(server_write_stall_timeout_seconds=0.3)
    yield srv
    srv.shutdown()


def test_a_peer_that_stops_reading_is_closed_instead_of_stalling_the_loop(stall_server, caplog):
    inline_server = stall_server
    body = b"x" * (256 * 1024)
    frames = []
    for opaque in range(1, 61):  # 15 MiB of echoed responses: more than the socket buffers hold
        cmd = RemotingCommand.create_request_command(ECHO, None, body)
        cmd.opaque = opaque
        frames.append(cmd.encode())
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.connect(("127.0.0.1", inline_server.local_listen_port()))

    def send_all() -> None:
        try:
            for frame in frames:
                stalled.sendall(frame)
        except OSError:
            pass  # closed by the server

    sender = threading.Thread(target=send_all, daemon=True)
    sender.start()
    try:
        wait_until(lambda: len(inline_server._active_channels()) == 1, message="the connection accepted")
        (channel,) = inline_server._active_channels()
        wait_until(lambda: not channel.is_active(), timeout=10, message="the stalled peer closed")
        assert "took none of the" in caplog.text
        with NettyRemotingClient(NettyClientConfig()) as cli:
            assert cli.invoke_sync(address(inline_server), request(NAME), 3000).remark == "NettyServerNIOSelector_1_1"
    finally:
        stalled.close()
        sender.join(10)


def test_a_failure_while_closing_one_connection_does_not_end_the_loop(inline_server, monkeypatch, caplog):
    original = type(inline_server)._on_channel_closed
    failures = []

    def failing_once(server, channel):
        original(server, channel)
        if not failures:
            failures.append(channel)
            raise RuntimeError("bookkeeping bug")

    monkeypatch.setattr(type(inline_server), "_on_channel_closed", failing_once)
    with socket.create_connection(("127.0.0.1", inline_server.local_listen_port()), timeout=10) as sock:
        sock.sendall(pipelined_frames([ECHO]))
        assert RemotingCommand.decode(read_frame(sock)).code == 0
    wait_until(lambda: "bookkeeping bug" in caplog.text, message="the failing close logged")
    assert failures[0].fileno() == -1
    with NettyRemotingClient(NettyClientConfig()) as cli:
        assert cli.invoke_sync(address(inline_server), request(NAME), 3000).remark == "NettyServerNIOSelector_1_1"
