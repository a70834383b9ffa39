"""Start/shutdown, threads and sockets, idle connections, channel events, configuration defaults."""
from __future__ import annotations

import os
import threading

import pytest

from remoting_support import (  # noqa: F401 - fixtures
    ECHO, HOLD, HoldingProcessor, RecordingCallback, address, request, server_config, start_server, wait_until)
from rocketmq_remoting.channel_event_listener import ChannelEventListener
from rocketmq_remoting.exception import RemotingConnectException
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.netty.netty_system_config import NettySystemConfig
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer


class EventRecorder(ChannelEventListener):
    def __init__(self):
        self.events = []
        self.threads = set()
        self.lock = threading.Lock()

    def _record(self, kind, remote_addr, channel):
        with self.lock:
            self.events.append((kind, remote_addr, channel))
            self.threads.add(threading.current_thread().name)

    def kinds(self):
        with self.lock:
            return [e[0] for e in self.events]

    def on_channel_connect(self, remote_addr, channel):
        self._record("CONNECT", remote_addr, channel)

    def on_channel_close(self, remote_addr, channel):
        self._record("CLOSE", remote_addr, channel)

    def on_channel_exception(self, remote_addr, channel):
        self._record("EXCEPTION", remote_addr, channel)

    def on_channel_idle(self, remote_addr, channel):
        self._record("IDLE", remote_addr, channel)

    def on_channel_active(self, remote_addr, channel):
        self._record("ACTIVE", remote_addr, channel)


def _open_fds():
    return set(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else set()


def test_shutdown_ends_every_thread_and_closes_every_socket():
    before_threads = set(threading.enumerate())
    before_fds = _open_fds()
    server_events = EventRecorder()
    srv = start_server(channel_event_listener=server_events)
    holder = HoldingProcessor()
    srv.register_processor(HOLD, holder)
    cli = NettyRemotingClient(NettyClientConfig(), channel_event_listener=EventRecorder())
    cli.start()
    cli.register_processor(40, HoldingProcessor())
    for _ in range(3):
        assert cli.invoke_sync(address(srv), request(), 3000).code == 0
    callback = RecordingCallback()
    cli.invoke_async(address(srv), request(HOLD), 30000, callback)
    wait_until(lambda: holder.count() == 1, message="held request")
    server_channel = holder.contexts[0].channel()
    client_channel = cli.channel_tables[address(srv)].get_channel()
    during = {t.name for t in threading.enumerate()}
    assert "ClientHouseKeepingService" in during and "ServerHouseKeepingService" in during
    assert "NettyNIOBoss_1" in during and "NettyEventExecutor" in during
    assert any(name.startswith("NettyClientReader_") for name in during)
    assert any(name.startswith("NettyServerNIOSelector_") for name in during)
    cli.shutdown()
    future = callback.wait(1)[0]  # the pending request failed at shutdown
    assert not future.is_send_request_ok()
    srv.shutdown()
    assert set(threading.enumerate()) - before_threads == set()
    assert not client_channel.is_active() and not server_channel.is_active()
    assert client_channel._sock.fileno() == -1 and server_channel._sock.fileno() == -1
    if before_fds:
        assert _open_fds() <= before_fds
    with pytest.raises(RemotingConnectException):
        cli.invoke_sync(address(srv), request(), 1000)
    cli.shutdown()  # idempotent
    srv.shutdown()


def test_context_managers():
    before = set(threading.enumerate())
    with NettyRemotingServer(server_config()) as srv:
        srv.register_processor(ECHO, HoldingProcessor())
        with NettyRemotingClient() as cli:
            callback = RecordingCallback()
            cli.invoke_async(address(srv), request(), 5000, callback)
            wait_until(lambda: cli.response_table, message="pending request")
    assert set(threading.enumerate()) - before == set()
    assert not callback.wait(1)[0].is_send_request_ok()


def test_invoking_before_start_is_refused():
    cli = NettyRemotingClient()
    with pytest.raises(RemotingConnectException):
        cli.invoke_sync("127.0.0.1:1", request(), 1000)
    cli.shutdown()


def test_server_channel_events_run_on_the_event_thread():
    events = EventRecorder()
    srv = start_server(channel_event_listener=events)
    try:
        with NettyRemotingClient() as cli:
            cli.invoke_sync(address(srv), request(), 3000)
            local = cli.channel_tables[address(srv)].get_channel().local_address()
        wait_until(lambda: events.kinds() == ["CONNECT", "CLOSE"], message="connect and close events")
        assert events.events[0][1] == "%s:%d" % local[:2]
        assert events.threads == {"NettyEventExecutor"}
    finally:
        srv.shutdown()


def test_client_idle_channel_is_closed():
    srv = start_server()
    events = EventRecorder()
    try:
        with NettyRemotingClient(NettyClientConfig(client_channel_max_idle_time_seconds=0.3),
                            channel_event_listener=events) as cli:
            cli.invoke_sync(address(srv), request(), 3000)
            channel = cli.channel_tables[address(srv)].get_channel()
            wait_until(lambda: not channel.is_active() and address(srv) not in cli.channel_tables,
                       message="idle close")
            wait_until(lambda: "CLOSE" in events.kinds(), message="close event")
            assert events.kinds() == ["CONNECT", "ACTIVE", "IDLE", "CLOSE"]  # 5.3.3: a client fires ACTIVE
            assert cli.invoke_sync(address(srv), request(), 3000).code == 0  # reconnects
    finally:
        srv.shutdown()


def test_server_idle_channel_is_closed():
    events = EventRecorder()
    srv = start_server(server_config(server_channel_max_idle_time_seconds=0.3), channel_event_listener=events)
    try:
        with NettyRemotingClient() as cli:
            cli.invoke_sync(address(srv), request(), 3000)
            channel = cli.channel_tables[address(srv)].get_channel()
            wait_until(lambda: not channel.is_active(), message="server closes the idle connection")
            wait_until(lambda: events.kinds() == ["CONNECT", "IDLE", "CLOSE"], message="server events")
    finally:
        srv.shutdown()


def test_one_connection_per_address_shared_by_threads():
    srv = start_server()
    try:
        with NettyRemotingClient() as cli:
            errors = []

            def call():
                try:
                    for _ in range(20):
                        cli.invoke_sync(address(srv), request(), 3000)
                except Exception as e:  # reported below
                    errors.append(e)

            threads = [threading.Thread(target=call) for _ in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert not errors
            assert list(cli.channel_tables) == [address(srv)]
            assert len(srv._active_channels()) == 1
            assert cli.is_channel_writable(address(srv))
    finally:
        srv.shutdown()


def test_close_channel_by_address():
    srv = start_server()
    try:
        with NettyRemotingClient() as cli:
            cli.invoke_sync(address(srv), request(), 3000)
            channel = cli.channel_tables[address(srv)].get_channel()
            cli.close_channel(address(srv))
            assert not channel.is_active() and address(srv) not in cli.channel_tables  # closed synchronously
            wait_until(lambda: not srv._active_channels(), message="server sees the close")
    finally:
        srv.shutdown()


def test_config_defaults_match_java():
    client_config = NettyClientConfig()
    assert client_config.get_connect_timeout_millis() == 3000
    assert client_config.get_client_async_semaphore_value() == 65535
    assert client_config.get_client_oneway_semaphore_value() == 65535
    assert client_config.get_client_channel_max_idle_time_seconds() == 120
    assert client_config.is_client_close_socket_if_timeout() is True
    assert client_config.is_use_tls() is False
    assert client_config.get_client_callback_executor_threads() == (os.cpu_count() or 1)
    server = NettyServerConfig()
    assert (server.get_listen_port(), server.get_server_worker_threads()) == (8888, 8)
    assert server.get_server_selector_threads() == 1  # Java: 3; one event loop serves Python best
    assert (server.get_server_oneway_semaphore_value(), server.get_server_async_semaphore_value()) == (256, 64)
    assert server.get_server_channel_max_idle_time_seconds() == 120
    assert server.get_server_socket_backlog() == 1024
    assert NettySystemConfig.frame_max_length == 16777216
    assert server.get_frame_max_length() == client_config.get_frame_max_length() == 16777216
    assert server.clone().get_listen_port() == 8888


def test_server_start_fails_on_a_taken_port():
    first = start_server()
    try:
        second = NettyRemotingServer(server_config(listen_port=first.local_listen_port()))
        with pytest.raises(OSError):
            import socket
            with socket.socket() as probe:  # SO_REUSEADDR does not allow two listeners
                probe.bind(("127.0.0.1", first.local_listen_port()))
        with pytest.raises(OSError):
            second.start()
        second.shutdown()
    finally:
        first.shutdown()
