"""Fewer thread hand-offs: leader/follower reading on client channels (a sync caller reads its own responses when
nobody else reads and no other request is pending, hands the role over, gives it up on timeout or close, and
still dispatches everything else it reads), and the server's optional inline run of a request on its event loop
(``server_inline_when_idle``)."""
from __future__ import annotations

import threading
import time

import pytest

from remoting_support import (  # noqa: F401 - fixtures
    HOLD, SILENT, EchoProcessor, HoldingProcessor, RecordingCallback, RecordingProcessor, SilentProcessor, address,
    client, request, server, server_config, start_server, wait_until)
from rocketmq_remoting.exception import RemotingSendRequestException, RemotingTimeoutException
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

NOTIFY = 40
NOTIFY_THEN_ECHO = 82


class ThreadRecordingClient(NettyRemotingClient):
    """Records which thread dispatched each response."""

    def __init__(self, config: NettyClientConfig) -> None:
        super().__init__(config)
        self.dispatchers = []

    def process_response_command(self, channel, cmd):
        self.dispatchers.append(threading.current_thread().name)
        super().process_response_command(channel, cmd)


@pytest.fixture
def recording_client():
    with ThreadRecordingClient(NettyClientConfig(client_close_socket_if_timeout=False)) as cli:
        yield cli


def test_sequential_sync_caller_reads_its_own_responses(server, recording_client):
    addr = address(server)
    recording_client.invoke_sync(addr, request(), 3000)
    del recording_client.dispatchers[:]
    for i in range(50):
        assert recording_client.invoke_sync(addr, request(body=b"%d" % i), 3000).body == b"%d" % i
    me = threading.current_thread().name
    assert len(recording_client.dispatchers) == 50
    assert recording_client.dispatchers.count(me) >= 25, recording_client.dispatchers


def test_many_sync_callers_on_one_channel_get_their_own_responses(server, recording_client):
    addr = address(server)
    errors = []

    def call(thread_index: int) -> None:
        try:
            for i in range(100):
                body = b"%d-%d" % (thread_index, i)
                assert recording_client.invoke_sync(addr, request(body=body), 10000).body == body
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=call, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    assert len(recording_client.dispatchers) == 800


def test_sync_caller_leaves_the_reading_to_the_reader_while_other_requests_are_pending(server, recording_client):
    holder = HoldingProcessor()
    server.register_processor(HOLD, holder)
    addr = address(server)
    recording_client.invoke_sync(addr, request(), 3000)
    callback = RecordingCallback()
    recording_client.invoke_async(addr, request(HOLD, b"held"), 10000, callback)
    wait_until(lambda: holder.count() == 1)
    del recording_client.dispatchers[:]
    for i in range(20):
        assert recording_client.invoke_sync(addr, request(body=b"%d" % i), 3000).body == b"%d" % i
    assert len(recording_client.dispatchers) == 20
    assert threading.current_thread().name not in recording_client.dispatchers
    ctx = holder.contexts[0]
    response = RemotingCommand.create_response_command(0, "released")
    response.body = ctx.get_request().body
    ctx.write_response(response)
    assert callback.wait(1)[0].get_response_command().body == b"held"
    del recording_client.dispatchers[:]
    for i in range(20):  # alone again: the caller reads its own responses
        recording_client.invoke_sync(addr, request(), 3000)
    assert recording_client.dispatchers.count(threading.current_thread().name) >= 10, recording_client.dispatchers


def test_leading_caller_that_times_out_gives_the_role_back(server, recording_client):
    server.register_processor(SILENT, SilentProcessor())
    addr = address(server)
    recording_client.invoke_sync(addr, request(), 3000)
    begin = time.monotonic()
    with pytest.raises(RemotingTimeoutException):
        recording_client.invoke_sync(addr, request(SILENT), 200)
    assert 0.15 <= time.monotonic() - begin < 3.0
    assert recording_client.channel_tables[addr].is_ok()
    assert recording_client.invoke_sync(addr, request(body=b"after"), 3000).body == b"after"
    callback = RecordingCallback()
    recording_client.invoke_async(addr, request(body=b"async"), 3000, callback)
    assert callback.wait(1)[0].get_response_command().body == b"async"


def test_timed_out_follower_leaves_while_another_caller_leads(server, recording_client):
    holder = HoldingProcessor()
    server.register_processor(HOLD, holder)
    server.register_processor(SILENT, SilentProcessor())
    addr = address(server)
    recording_client.invoke_sync(addr, request(), 3000)
    outcome = []

    def lead() -> None:
        outcome.append(recording_client.invoke_sync(addr, request(HOLD, b"held"), 10000))

    leader = threading.Thread(target=lead)
    leader.start()
    wait_until(lambda: holder.count() == 1)
    with pytest.raises(RemotingTimeoutException):
        recording_client.invoke_sync(addr, request(SILENT), 200)
    ctx = holder.contexts[0]
    response = RemotingCommand.create_response_command(0, "released")
    response.body = ctx.get_request().body
    ctx.write_response(response)
    leader.join(10)
    assert outcome and outcome[0].body == b"held"
    assert recording_client.invoke_sync(addr, request(body=b"next"), 3000).body == b"next"


def test_leading_caller_dispatches_server_requests_it_reads(server, recording_client):
    class NotifyThenEcho(EchoProcessor):
        def process_request(self, ctx, req):
            server.invoke_oneway(ctx.channel(), RemotingCommand.create_request_command(NOTIFY, None, b"n"), 3000)
            return super().process_request(ctx, req)

    server.register_processor(NOTIFY_THEN_ECHO, NotifyThenEcho())
    client_side = RecordingProcessor()
    recording_client.register_processor(NOTIFY, client_side)
    addr = address(server)
    recording_client.invoke_sync(addr, request(), 3000)
    for i in range(20):
        assert recording_client.invoke_sync(addr, request(NOTIFY_THEN_ECHO, b"%d" % i), 3000).body == b"%d" % i
    wait_until(lambda: len(client_side.requests) == 20)
    assert all(r.is_oneway_rpc() and r.body == b"n" for r in client_side.requests)


def test_closing_the_channel_fails_the_leading_caller_at_once(server, recording_client):
    holder = HoldingProcessor()
    server.register_processor(HOLD, holder)
    addr = address(server)
    recording_client.invoke_sync(addr, request(), 3000)
    errors = []

    def lead() -> None:
        try:
            recording_client.invoke_sync(addr, request(HOLD), 20000)
        except Exception as e:  # checked below
            errors.append(e)

    leader = threading.Thread(target=lead)
    leader.start()
    wait_until(lambda: holder.count() == 1)
    begin = time.monotonic()
    recording_client.close_channel(addr)
    leader.join(10)
    assert time.monotonic() - begin < 5.0
    assert len(errors) == 1 and isinstance(errors[0], RemotingSendRequestException)
    assert recording_client.invoke_sync(addr, request(body=b"reconnected"), 3000).body == b"reconnected"


def test_shutdown_ends_the_reader_after_callers_read(server):
    addr = address(server)
    cli = NettyRemotingClient(NettyClientConfig())
    cli.start()
    for _ in range(5):
        cli.invoke_sync(addr, request(), 3000)
    channel = cli.channel_tables[addr].get_channel()
    cli.shutdown()
    assert not channel.is_active()
    assert not any(t.name.startswith("NettyClientReader_") and t.is_alive() for t in threading.enumerate())


# ---------------------------------------------------------------------------------------------- server inline


@pytest.fixture
def inline_server():
    srv = start_server(server_config(server_inline_when_idle=True))
    yield srv
    srv.shutdown()


class ThreadNameProcessor(NettyRequestProcessor):
    """Answers with the name of the thread it ran on."""

    def process_request(self, ctx, req):
        return RemotingCommand.create_response_command(0, threading.current_thread().name)


def test_idle_server_runs_a_lone_request_on_the_event_loop(inline_server, client):
    inline_server.register_processor(83, ThreadNameProcessor())
    remark = client.invoke_sync(address(inline_server), request(83), 3000).remark
    assert remark.startswith("NettyServerNIOSelector_"), remark


def test_server_runs_requests_on_the_executor_by_default(server, client):
    server.register_processor(83, ThreadNameProcessor())
    remark = client.invoke_sync(address(server), request(83), 3000).remark
    assert remark.startswith("NettyServerPublicExecutor_"), remark


def test_inline_runs_chosen_per_request_code(server, inline_server, client):
    server.register_processor(83, ThreadNameProcessor(), inline_when_idle=True)
    server.register_processor(86, ThreadNameProcessor())
    inline_server.register_processor(83, ThreadNameProcessor(), inline_when_idle=False)
    for srv, code, thread in ((server, 83, "NettyServerNIOSelector_"), (server, 86, "NettyServerPublicExecutor_"),
                              (inline_server, 83, "NettyServerPublicExecutor_")):
        remark = client.invoke_sync(address(srv), request(code), 3000).remark
        assert remark.startswith(thread), (code, remark)


@pytest.fixture(params=[(True, "NettyServerNIOSelector_2_"), (False, "NettyServerPublicExecutor_")],
                ids=["every-code-inline", "one-code-inline"])
def server_and_first_thread(request):
    """A server whose codes all run inline when idle, or one where only code 83 does (registered so below), and
    the thread the first (blocking) request of the test below runs on. Two event loops, so that the second
    connection is not read by the loop the blocked request may run on."""
    every_code, thread = request.param
    srv = start_server(server_config(server_inline_when_idle=every_code, server_selector_threads=2))
    yield srv, thread
    srv.shutdown()


def test_busy_executor_gets_the_next_request_instead_of_the_event_loop(server_and_first_thread):
    srv, first_runs_on = server_and_first_thread
    gate = threading.Event()
    started = threading.Event()

    class Blocking(ThreadNameProcessor):
        def process_request(self, ctx, req):
            started.set()
            gate.wait(10)
            return super().process_request(ctx, req)

    srv.register_processor(84, Blocking())
    srv.register_processor(83, ThreadNameProcessor(), inline_when_idle=True)
    addr = address(srv)
    with NettyRemotingClient(NettyClientConfig()) as first, NettyRemotingClient(NettyClientConfig()) as second:
        callback = RecordingCallback()
        first.invoke_async(addr, request(84), 10000, callback)
        assert started.wait(5)
        # same (public) executor, busy with the blocked request: this one goes to the executor
        remark = second.invoke_sync(addr, request(83), 3000).remark
        assert remark.startswith("NettyServerPublicExecutor_"), remark
        gate.set()
        assert callback.wait(1)[0].get_response_command().remark.startswith(first_runs_on)


def test_inline_processor_may_invoke_its_own_channel_synchronously(inline_server):
    class AskTheClient(NettyRequestProcessor):
        def process_request(self, ctx, req):
            answer = inline_server.invoke_sync(ctx.channel(), RemotingCommand.create_request_command(NOTIFY), 3000)
            return RemotingCommand.create_response_command(0, "client said " + answer.remark)

    inline_server.register_processor(85, AskTheClient())
    with NettyRemotingClient(NettyClientConfig()) as cli:
        cli.register_processor(NOTIFY, RecordingProcessor())
        for _ in range(3):
            begin = time.monotonic()
            assert cli.invoke_sync(address(inline_server), request(85), 5000).remark == "client said recorded"
            assert time.monotonic() - begin < 2.5
