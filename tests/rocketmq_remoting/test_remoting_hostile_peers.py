"""Peers that misbehave on purpose cost the server bounded memory and threads, and never stall other clients: the
server runs in a subprocess (``hostile_peer_server.py``) whose RSS and thread count come from its /proc."""
from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys
import threading
import time

import pytest

from remoting_support import closed_by_peer, read_frame, request, server_config, start_server, wait_until
from rocketmq_remoting.netty import netty_remoting_server
from rocketmq_remoting.common.tls_mode import TlsMode
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from tls_certs import OPENSSL, make_pki

PEER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hostile_peer_server.py")
MIB = 1024 * 1024

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc")


class ServerProcess:
    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, PEER, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     universal_newlines=True)
        self.addr = "127.0.0.1:%d" % int(self.proc.stdout.readline())

    def stats(self):
        """(RSS in bytes, threads, open connections, connections not writable) of the server process."""
        self.proc.stdin.write("stats\n")
        self.proc.stdin.flush()
        rss_kib, threads, connections, unwritable = self.proc.stdout.readline().split()
        return int(rss_kib) * 1024, int(threads), int(connections), int(unwritable)

    def wait_connections(self, count: int, timeout: float = 20.0) -> None:
        """Wait until the server has ``count`` open connections (accepting is asynchronous)."""
        wait_until(lambda: self.stats()[2] == count, timeout, "%d server connections" % count)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
        self.proc.wait(30)


@pytest.fixture
def server_process():
    server = ServerProcess()
    yield server
    server.close()


def connect(addr: str) -> socket.socket:
    host, port = addr.split(":")
    return socket.create_connection((host, int(port)), timeout=10)


def timed_round_trips(client: NettyRemotingClient, addr: str, count: int):
    """The duration of each of ``count`` sync echo round trips."""
    durations = []
    for _ in range(count):
        begin = time.monotonic()
        assert client.invoke_sync(addr, request(), 3000).body == b"hello"
        durations.append(time.monotonic() - begin)
    return durations


def test_frames_announced_long_but_not_sent_cost_what_arrived(server_process):
    with NettyRemotingClient(NettyClientConfig()) as client:
        timed_round_trips(client, server_process.addr, 3)  # warm: the public executor's threads exist
        rss_before = server_process.stats()[0]
        hostile = []
        try:
            for _ in range(100):
                sock = connect(server_process.addr)
                sock.sendall(struct.pack(">i", 16 * MIB - 4) + b"\0\0")  # 6 of the 16 MiB announced
                hostile.append(sock)
                if len(hostile) == 50:  # answered meanwhile
                    assert max(timed_round_trips(client, server_process.addr, 2)) < 1.0
            server_process.wait_connections(101)
            # read by the event loop after every hostile connection's bytes (registered before them)
            assert max(timed_round_trips(client, server_process.addr, 2)) < 1.0
            for sock in hostile:
                sock.sendall(b"\0\x10ab")  # 10 bytes sent now: a reader that made room for the frame has done so
            assert max(timed_round_trips(client, server_process.addr, 3)) < 1.0
            rss_during = server_process.stats()[0]
            print("RSS before %.1f MiB, with the hostile connections %.1f MiB" % (rss_before / MIB, rss_during / MIB))
            assert rss_during - rss_before <= 64 * MIB, "RSS grew by %.1f MiB" % ((rss_during - rss_before) / MIB)
        finally:
            for sock in hostile:
                sock.close()
        server_process.wait_connections(1)
        rss_after = server_process.stats()[0]
        assert rss_after - rss_before <= 8 * MIB, "RSS after close %.1f MiB above" % ((rss_after - rss_before) / MIB)


def test_peers_that_pipeline_requests_and_never_read_stall_nobody(server_process):
    body = b"x" * (16 * 1024)
    frames = []
    for opaque in range(1, 1001):  # 16 MiB of echoed responses per connection: far above the high water mark
        cmd = RemotingCommand.create_request_command(10, None, body)
        cmd.opaque = opaque
        frames.append(cmd.encode())
    pipelined = b"".join(frames)
    hostile = []
    senders = []
    try:
        for _ in range(10):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # reads nothing: little kernel buffer
            host, port = server_process.addr.split(":")
            sock.connect((host, int(port)))
            hostile.append(sock)
            sender = threading.Thread(target=_send_until_closed, args=(sock, pipelined), daemon=True)
            sender.start()
            senders.append(sender)
        server_process.wait_connections(10)
        # every hostile connection queued more than the high water mark: the server stopped reading them
        wait_until(lambda: server_process.stats()[3] == 10, 30, "10 connections over the high water mark")
        with NettyRemotingClient(NettyClientConfig()) as client:
            durations = timed_round_trips(client, server_process.addr, 60)
        assert max(durations) < 1.0, "slowest of 60 round trips: %.2f s" % max(durations)
    finally:
        for sock in hostile:
            try:
                sock.shutdown(socket.SHUT_RDWR)  # wakes its sender
            except OSError:
                pass
            sock.close()
        for sender in senders:
            sender.join(10)


def _send_until_closed(sock: socket.socket, data: bytes) -> None:
    try:
        sock.sendall(data)
    except OSError:
        pass  # closed by the test


def test_reading_stops_above_the_high_water_mark_and_resumes_below_the_low_one():
    srv = start_server(server_config(write_buffer_high_water_mark=64 * 1024, write_buffer_low_water_mark=32 * 1024))
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    try:
        sock.connect(("127.0.0.1", srv.local_listen_port()))
        count = 400
        frames = []
        for opaque in range(1, count + 1):
            cmd = RemotingCommand.create_request_command(10, None, b"y" * 8192)
            cmd.opaque = opaque
            frames.append(cmd.encode())
        sender = threading.Thread(target=_send_until_closed, args=(sock, b"".join(frames)), daemon=True)
        sender.start()
        wait_until(lambda: len(srv._active_channels()) == 1, message="the connection accepted")
        (channel,) = srv._active_channels()
        wait_until(lambda: not channel.is_writable(), 10, "the channel over its high water mark")
        assert channel.queued_bytes() > 64 * 1024
        sock.settimeout(10)
        opaques = [RemotingCommand.decode(read_frame(sock)).opaque for _ in range(count)]  # now read them all
        assert sorted(opaques) == list(range(1, count + 1))  # executor threads may reorder them
        # the event loop marks the channel writable once its last write returned, which may be after we read it
        wait_until(lambda: channel.is_writable() and channel.queued_bytes() == 0, 10, "the channel writable again")
        sender.join(10)
    finally:
        sock.close()
        srv.shutdown()


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    if OPENSSL is None:
        pytest.skip("the openssl command is needed to make test certificates")
    return make_pki(tmp_path_factory.mktemp("pki"))


def test_stalled_tls_handshakes_cost_no_thread(pki):
    server = ServerProcess(str(pki))
    hostile = []
    try:
        _, threads_before, _, _ = server.stats()
        for _ in range(200):
            sock = connect(server.addr)
            sock.sendall(b"\x16")  # the first byte of a TLS handshake, and nothing more
            hostile.append(sock)
        server.wait_connections(200)
        with NettyRemotingClient(NettyClientConfig()) as client:  # the loop read every first byte before this one
            assert max(timed_round_trips(client, server.addr, 3)) < 1.0
            _, threads_during, connections, _ = server.stats()
        assert connections == 201
        print("server threads %d -> %d with 200 stalled TLS handshakes" % (threads_before, threads_during))
        assert threads_during - threads_before <= 20, "threads %d -> %d" % (threads_before, threads_during)
        tls_client = NettyRemotingClient(NettyClientConfig(use_tls=True), tls_config=TlsSystemConfig(
            tls_config_file=None, tls_test_mode_enable=False, tls_client_auth_server=True,
            tls_client_trust_cert_path=str(pki / "ca.pem")))
        with tls_client:  # a real TLS client is served meanwhile
            assert max(timed_round_trips(tls_client, server.addr, 3)) < 1.0
    finally:
        for sock in hostile:
            sock.close()
        server.close()


def test_a_tls_handshake_that_does_not_complete_in_time_is_closed(pki, monkeypatch, caplog):
    monkeypatch.setattr(netty_remoting_server, "_TLS_HANDSHAKE_TIMEOUT_SECONDS", 0.5)
    tls_config = TlsSystemConfig(tls_mode=TlsMode.PERMISSIVE, tls_config_file=None, tls_test_mode_enable=False,
                                 tls_server_cert_path=str(pki / "server.pem"),
                                 tls_server_key_path=str(pki / "server.key"))
    srv = start_server(server_config(), tls_config=tls_config)
    try:
        with socket.create_connection(("127.0.0.1", srv.local_listen_port()), timeout=10) as sock:
            sock.sendall(b"\x16")
            begin = time.monotonic()
            assert closed_by_peer(sock, 10)
            assert time.monotonic() - begin < 5
        wait_until(lambda: "TLS handshake did not complete" in caplog.text, message="the warning")
    finally:
        srv.shutdown()
