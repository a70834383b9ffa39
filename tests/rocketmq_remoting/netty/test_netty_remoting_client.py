"""Failure paths: timeouts, refused and dropped connections, name-server failover, malformed frames."""
from __future__ import annotations

import logging
import socket
import struct
import threading
import time

import pytest

from remoting_support import (  # noqa: F401 - fixtures
    ECHO, HOLD, SILENT, FakeServer, HoldingProcessor, RecordingCallback, SilentProcessor, address, client,
    closed_by_peer, read_frame, refused_address, request, server, server_config, start_server, wait_until)
from rocketmq_remoting.exception import (
    RemotingConnectException, RemotingSendRequestException, RemotingTimeoutException)
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, RemotingSysResponseCode
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient


def test_sync_timeout_raises_and_closes_the_channel(server, client):
    server.register_processor(SILENT, SilentProcessor())
    addr = address(server)
    client.invoke_sync(addr, request(ECHO), 3000)
    channel = client.channel_tables[addr].get_channel()
    begin = time.monotonic()
    with pytest.raises(RemotingTimeoutException):
        client.invoke_sync(addr, request(SILENT), 200)
    assert 0.15 <= time.monotonic() - begin < 5.0
    assert not channel.is_active()  # clientCloseSocketIfTimeout (default true)
    assert client.invoke_sync(addr, request(ECHO), 3000).code == 0  # a new connection is made


def test_sync_timeout_keeps_the_channel_when_configured(server):
    server.register_processor(SILENT, SilentProcessor())
    with NettyRemotingClient(NettyClientConfig(client_close_socket_if_timeout=False)) as cli:
        cli.invoke_sync(address(server), request(ECHO), 3000)
        channel = cli.channel_tables[address(server)].get_channel()
        with pytest.raises(RemotingTimeoutException):
            cli.invoke_sync(address(server), request(SILENT), 100)
        assert channel.is_active()


def test_async_timeout_fails_the_callback_from_the_response_table_scan(server, client):
    server.register_processor(SILENT, SilentProcessor())
    callback = RecordingCallback()
    begin = time.monotonic()
    client.invoke_async(address(server), request(SILENT), 100, callback)
    future = callback.wait(1, timeout=10)[0]
    elapsed = time.monotonic() - begin
    assert 1.0 <= elapsed < 6.0  # timeout + 1 s grace, scanned every second (slack for a loaded machine)
    assert future.get_response_command() is None
    assert future.is_send_request_ok()
    assert isinstance(future.get_cause(), RemotingTimeoutException)
    assert not client.response_table
    assert client.semaphore_async.available_permits() == client.netty_client_config.client_async_semaphore_value


def test_connection_refused_fails_fast(client):
    addr = refused_address()
    begin = time.monotonic()
    with pytest.raises(RemotingConnectException) as info:
        client.invoke_sync(addr, request(), 3000)
    assert time.monotonic() - begin < 2.0  # below the 3 s connect timeout (refused at once)
    assert isinstance(info.value.__cause__, ConnectionRefusedError)
    with pytest.raises(RemotingConnectException):
        client.invoke_async(addr, request(), 3000, RecordingCallback())
    with pytest.raises(RemotingConnectException):
        client.invoke_oneway(addr, request(), 3000)


def test_server_closing_mid_request_fails_pending_sync_and_async_at_once(server, client):
    holder = HoldingProcessor()
    server.register_processor(HOLD, holder)
    addr = address(server)
    callback = RecordingCallback()
    client.invoke_async(addr, request(HOLD), 20000, callback)
    client.invoke_async(addr, request(HOLD), 20000, callback)
    outcome = {}

    def sync_call():
        try:
            client.invoke_sync(addr, request(HOLD), 20000)
        except Exception as e:  # recorded for the assertion below
            outcome["error"] = e
        outcome["elapsed"] = time.monotonic() - begin

    begin = time.monotonic()
    caller = threading.Thread(target=sync_call)
    caller.start()
    wait_until(lambda: holder.count() == 3, message="three held requests")
    holder.contexts[0].channel().close()  # the server drops the connection
    futures = callback.wait(2, timeout=5)
    caller.join(5)
    assert outcome["elapsed"] < 5.0
    assert isinstance(outcome["error"], RemotingSendRequestException)
    for future in futures:
        assert not future.is_send_request_ok()
        assert future.get_response_command() is None
        assert isinstance(future.get_cause(), ConnectionError)
    assert time.monotonic() - begin < 5.0  # the requests' timeout is 20 s
    assert not client.response_table
    assert client.invoke_sync(addr, request(ECHO), 3000).code == 0  # reconnects


def test_name_server_failover_to_the_second_address(server, client):
    bad, good = refused_address(), address(server)
    client.update_name_server_address_list([bad, good])
    assert sorted(client.get_name_server_address_list()) == sorted([bad, good])
    addr_list = client.get_name_server_address_list()
    # make the next pick the refusing address so that the failover is exercised
    client._namesrv_index = addr_list.index(bad) - 1
    response = client.invoke_sync(None, request(), 3000)
    assert response.code == 0
    assert client._namesrv_addr_choosed == good
    client.invoke_sync(None, request(), 3000)  # sticks to the live one
    assert client._namesrv_addr_choosed == good


def test_name_server_all_refused(client):
    client.update_name_server_address_list([refused_address(), refused_address()])
    with pytest.raises(RemotingConnectException):
        client.invoke_sync(None, request(), 3000)


def test_name_server_list_update_resets_the_choice(server, client):
    client.update_name_server_address_list([address(server)])
    client.invoke_sync(None, request(), 3000)
    other = refused_address()
    client.update_name_server_address_list([other])
    assert client._namesrv_addr_choosed is None
    with pytest.raises(RemotingConnectException):
        client.invoke_sync(None, request(), 3000)


def _header_info(serialize_type: int, header_len: int) -> bytes:
    return struct.pack(">i", (serialize_type << 24) | header_len)


def _frame(payload: bytes) -> bytes:
    return struct.pack(">i", len(payload)) + payload


MALFORMED = {
    "negative length": struct.pack(">i", -5),
    "length above 16 MiB - 4": struct.pack(">i", 16777216 - 3),
    "header longer than the frame": _frame(_header_info(0, 100) + b"{}"),
    "unknown serialize type": _frame(_header_info(7, 2) + b"{}"),
    "broken JSON header": _frame(_header_info(0, 9) + b'{"code":,'),
    "JSON header not an object": _frame(_header_info(0, 2) + b"[]"),
    "broken ROCKETMQ header": _frame(_header_info(1, 5) + b"\x00\x01\x00\x00\x01"),
    "frame without header-info word": _frame(b"\x00\x00"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_frame_closes_that_connection_only(server, client, name, caplog):
    addr = address(server)
    client.invoke_sync(addr, request(), 3000)
    with caplog.at_level(logging.WARNING, logger="rocketmq_remoting.netty.channel"):
        with socket.create_connection(("127.0.0.1", server.local_listen_port())) as raw:
            raw.sendall(MALFORMED[name])
            assert closed_by_peer(raw)
        wait_until(lambda: len([r for r in caplog.records if "closing channel" in r.getMessage()]) == 1,
                   message="the warning")
    assert client.invoke_sync(addr, request(), 3000).code == 0  # the other connection still works


def test_frame_limit_is_configurable():
    srv = start_server(server_config(frame_max_length=1024))
    try:
        with NettyRemotingClient() as cli:
            assert cli.invoke_sync(address(srv), request(body=b"x" * 900), 3000).code == 0
            begin = time.monotonic()
            with pytest.raises(RemotingSendRequestException):
                cli.invoke_sync(address(srv), request(body=b"x" * 2000), 20000)
            assert time.monotonic() - begin < 5.0
    finally:
        srv.shutdown()


@pytest.mark.parametrize("name", ["negative length", "unknown serialize type", "broken JSON header"])
def test_malformed_frame_from_the_server_fails_the_pending_request_at_once(name):
    def handler(conn, connection):
        while True:
            frame = read_frame(conn)
            if frame is None:
                return
            req = RemotingCommand.decode(frame)
            if connection == 1:
                conn.sendall(MALFORMED[name])
                closed_by_peer(conn)
                return
            response = RemotingCommand.create_response_command(0, "fine")
            response.opaque = req.opaque
            conn.sendall(response.encode())

    fake = FakeServer(handler)
    try:
        with NettyRemotingClient() as cli:
            callback = RecordingCallback()
            begin = time.monotonic()
            cli.invoke_async(fake.address(), request(), 20000, callback)
            future = callback.wait(1, timeout=5)[0]
            assert time.monotonic() - begin < 5.0
            assert not future.is_send_request_ok()
            response = cli.invoke_sync(fake.address(), request(), 3000)  # usable afterwards
            assert response.remark == "fine"
    finally:
        fake.close()


def test_sync_request_fails_at_once_when_the_server_sends_garbage():
    def handler(conn, connection):
        if read_frame(conn) is not None:
            conn.sendall(b"\xff\xff\xff\xff garbage")
            closed_by_peer(conn)

    fake = FakeServer(handler)
    try:
        with NettyRemotingClient() as cli:
            begin = time.monotonic()
            with pytest.raises(RemotingSendRequestException):
                cli.invoke_sync(fake.address(), request(), 20000)
            assert time.monotonic() - begin < 5.0
    finally:
        fake.close()


def test_response_without_request_is_dropped(server, client):
    def handler(conn, connection):
        frame = read_frame(conn)
        if frame is None:
            return
        req = RemotingCommand.decode(frame)
        stray = RemotingCommand.create_response_command(0, "stray")
        stray.opaque = req.opaque + 100000
        good = RemotingCommand.create_response_command(0, "good")
        good.opaque = req.opaque
        conn.sendall(stray.encode() + good.encode())
        closed_by_peer(conn)

    fake = FakeServer(handler)
    try:
        assert client.invoke_sync(fake.address(), request(), 3000).remark == "good"
    finally:
        client.close_channel(fake.address())
        fake.close()


def test_flow_control_response_to_a_oneway_request_is_ignored(client):
    def handler(conn, connection):
        frame = read_frame(conn)
        if frame is None:
            return
        req = RemotingCommand.decode(frame)
        busy = RemotingCommand.create_response_command(RemotingSysResponseCode.SYSTEM_BUSY, "[REJECTREQUEST]")
        busy.opaque = req.opaque
        conn.sendall(busy.encode())
        sync = RemotingCommand.decode(read_frame(conn))
        ok = RemotingCommand.create_response_command(0, "ok")
        ok.opaque = sync.opaque
        conn.sendall(ok.encode())
        closed_by_peer(conn)

    fake = FakeServer(handler)
    try:
        client.invoke_oneway(fake.address(), request(), 3000)
        assert client.invoke_sync(fake.address(), request(), 3000).remark == "ok"
    finally:
        client.close_channel(fake.address())
        fake.close()
