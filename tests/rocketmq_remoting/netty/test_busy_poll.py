"""Busy polling (``client_busy_poll_micros`` / ``server_busy_poll_micros``): reads poll without blocking before
they block (off by default, an opt-in through the properties), only where that cannot starve a thread of this process,
and back off when polling finds nothing or the poller lost its CPU meanwhile."""
from __future__ import annotations

import itertools
import os
import subprocess
import sys
import time

import pytest

from remoting_support import address, request, server_config, start_server
from rocketmq_remoting.exception import RemotingTimeoutException
from rocketmq_remoting.netty import channel as channel_module
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.remoting_client import RemotingClient

PEER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "busy_poll_peer.py")
SLOW_ECHO = 15
HELD_ECHO = 16  # answered after 1 s: late for a 1 ms timeout even when this process loses its CPU meanwhile
SILENT_CODE = 99  # the peer has no processor for it: answered REQUEST_CODE_NOT_SUPPORTED


class SpinCounter:
    """Wraps ``Channel._spin_recv``: counts the polls that got bytes, found nothing, or were not made."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.hits = self.misses = 0
        original = channel_module.Channel._spin_recv

        def counting(channel, view):
            n = original(channel, view)
            if n >= 0:
                self.hits += 1
            else:
                self.misses += 1
            return n

        monkeypatch.setattr(channel_module.Channel, "_spin_recv", counting)


@pytest.fixture
def peer_server():
    proc = subprocess.Popen([sys.executable, PEER, "server", "300"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        port = int(proc.stdout.readline())
        yield "127.0.0.1:%d" % port, proc
    finally:
        if proc.poll() is None:
            proc.stdin.close()
        proc.wait(30)


def busy_client(micros: int = 300) -> RemotingClient:
    return RemotingClient(NettyClientConfig(client_busy_poll_micros=micros, client_close_socket_if_timeout=False))


def client_channel(client: RemotingClient, addr: str):
    return client.channel_tables[addr].get_channel()


def test_sync_round_trips_to_another_process_busy_poll_and_stay_correct(peer_server, monkeypatch):
    addr, _ = peer_server
    spins = SpinCounter(monkeypatch)
    with busy_client() as client:
        for i in range(300):
            body = os.urandom(1 + i * 997 % 300000)  # up to ~300 KiB: frames arrive in several reads
            assert client.invoke_sync(addr, request(body=body), 5000).body == body
        assert spins.hits > 0
        assert not client_channel(client, addr)._peer_in_process


def test_busy_poll_backs_off_when_responses_come_later_and_recovers(peer_server, monkeypatch):
    addr, _ = peer_server
    # the thread's CPU clock keeps pace with the wall clock: no poll looks descheduled (on a loaded machine a poll
    # that lost its CPU backs off too and would never recover; that back-off has its own test below)
    monkeypatch.setattr(channel_module, "_thread_time", time.perf_counter)
    spins = SpinCounter(monkeypatch)
    with busy_client(micros=2000) as client:
        client.invoke_sync(addr, request(), 5000)
        channel = client_channel(client, addr)
        for _ in range(1000):  # 20 ms each: every poll of 2 ms finds nothing
            client.invoke_sync(addr, request(SLOW_ECHO), 5000)
            if channel._busy_poll_backoff == channel_module._BUSY_POLL_BACKOFF_MAX:
                break  # (reads the reader thread makes do not poll: under load it takes more round trips)
        assert channel._busy_poll_backoff == channel_module._BUSY_POLL_BACKOFF_MAX
        assert spins.misses > spins.hits
        for _ in range(3000):  # a poll every 65th read at the longest back-off; one must wait for its response
            client.invoke_sync(addr, request(), 5000)
            if channel._busy_poll_backoff < channel_module._BUSY_POLL_BACKOFF_MAX:
                break
        assert channel._busy_poll_backoff < channel_module._BUSY_POLL_BACKOFF_MAX


def test_busy_poll_backs_off_when_the_thread_was_off_its_cpu_while_polling(peer_server, monkeypatch):
    addr, _ = peer_server
    # each reading of the thread's CPU clock is a second behind the last: every poll looks descheduled
    monkeypatch.setattr(channel_module, "_thread_time", itertools.count(0, -1).__next__)
    spins = SpinCounter(monkeypatch)
    with busy_client(micros=2000) as client:
        client.invoke_sync(addr, request(), 5000)
        channel = client_channel(client, addr)
        for i in range(5000):  # echoes answered within the 2 ms poll: a poll finds its response
            assert client.invoke_sync(addr, request(body=b"%d" % i), 5000).body == b"%d" % i
            if i >= 200 and spins.hits and channel._busy_poll_backoff == channel_module._BUSY_POLL_BACKOFF_MAX:
                break  # (reads the reader thread makes do not poll, nor find an echo late under load: more trips)
        assert spins.hits > 0
        assert channel._busy_poll_backoff == channel_module._BUSY_POLL_BACKOFF_MAX


def test_busy_polling_caller_times_out_and_the_channel_stays_usable(peer_server):
    addr, _ = peer_server
    with busy_client() as client:
        client.invoke_sync(addr, request(), 5000)
        with pytest.raises(RemotingTimeoutException):
            client.invoke_sync(addr, request(HELD_ECHO), 1)
        assert client.invoke_sync(addr, request(body=b"after"), 5000).body == b"after"


def test_server_reader_busy_polls_after_inline_requests_from_another_process(monkeypatch):
    spins = SpinCounter(monkeypatch)
    server = start_server(server_config(server_inline_when_idle=True, server_busy_poll_micros=2000))
    try:
        # a poll finds the next request only when the peer sends it within 2 ms of its response: on a loaded
        # machine that can take more runs (each a new connection, whose polling starts without back-off)
        deadline = time.monotonic() + 60
        while not spins.hits and time.monotonic() < deadline:
            done = subprocess.run([sys.executable, PEER, "client", address(server), "300"], stdout=subprocess.PIPE,
                                  timeout=60)
            assert done.stdout.strip() == b"ok"
        assert spins.hits > 0
    finally:
        server.shutdown()


def test_no_busy_polling_between_client_and_server_of_one_process(monkeypatch):
    spins = SpinCounter(monkeypatch)
    server = start_server(server_config(server_inline_when_idle=True, server_busy_poll_micros=300))
    try:
        with busy_client() as client:
            addr = address(server)
            for i in range(50):
                assert client.invoke_sync(addr, request(body=b"%d" % i), 5000).body == b"%d" % i
            assert client_channel(client, addr)._peer_in_process
            assert spins.hits == 0
    finally:
        server.shutdown()


_PRINT_BUSY_POLL = ("from rocketmq_remoting.netty.netty_client_config import NettyClientConfig as C\n"
                    "from rocketmq_remoting.netty.netty_server_config import NettyServerConfig as S\n"
                    "from rocketmq_remoting.netty.channel import Channel\n"
                    "from rocketmq_remoting.remoting_client import RemotingClient\n"
                    "from rocketmq_remoting.remoting_server import RemotingServer\n"
                    "print(C().client_busy_poll_micros, S().server_busy_poll_micros,\n"
                    "      RemotingClient().netty_client_config.client_busy_poll_micros,\n"
                    "      RemotingServer().netty_server_config.server_busy_poll_micros)")


def test_busy_polling_is_off_by_default():
    env = {k: v for k, v in os.environ.items() if "busy" not in k.lower()}  # no setting: the default
    done = subprocess.run([sys.executable, "-c", _PRINT_BUSY_POLL], env=env, stdout=subprocess.PIPE, timeout=60,
                          check=True)
    assert done.stdout.split() == [b"0", b"0", b"0", b"0"]


def test_busy_polling_is_on_when_the_properties_are_set():
    env = {k: v for k, v in os.environ.items() if "busy" not in k.lower()}
    env["com.rocketmq.remoting.client.busyPollMicros"] = "200"
    env["com.rocketmq.remoting.server.busyPollMicros"] = "150"
    done = subprocess.run([sys.executable, "-c", _PRINT_BUSY_POLL], env=env, stdout=subprocess.PIPE, timeout=60,
                          check=True)
    assert done.stdout.split() == [b"200", b"150", b"200", b"150"]


def test_a_client_with_the_default_config_never_busy_polls(monkeypatch):
    spins = SpinCounter(monkeypatch)
    server = start_server(server_config())
    try:
        with RemotingClient(NettyClientConfig()) as client:
            for _ in range(20):
                assert client.invoke_sync(address(server), request(), 3000) is not None
        assert spins.hits == spins.misses == 0
    finally:
        server.shutdown()


def test_no_busy_polling_without_inline_runs(monkeypatch):
    spins = SpinCounter(monkeypatch)
    server = start_server(server_config(server_busy_poll_micros=300))  # executor runs: nothing to poll for
    try:
        done = subprocess.run([sys.executable, PEER, "client", address(server), "50"], stdout=subprocess.PIPE,
                              timeout=60)
        assert done.stdout.strip() == b"ok"
        assert spins.hits == spins.misses == 0
    finally:
        server.shutdown()


def test_busy_poll_defaults_come_from_the_java_style_system_properties():
    env = dict(os.environ, COM_ROCKETMQ_REMOTING_SERVER_BUSY_POLL_MICROS="120")
    env["com.rocketmq.remoting.client.busyPollMicros"] = "250"
    code = ("from rocketmq_remoting.netty.netty_client_config import NettyClientConfig as C\n"
            "from rocketmq_remoting.netty.netty_server_config import NettyServerConfig as S\n"
            "print(C().client_busy_poll_micros, S().server_busy_poll_micros)")
    done = subprocess.run([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, timeout=60, check=True)
    assert done.stdout.split() == [b"250", b"120"]
