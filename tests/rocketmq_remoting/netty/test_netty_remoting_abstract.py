"""NettyRemotingClient <-> RemotingServer over real loopback sockets: the three invocation styles, both directions."""
from __future__ import annotations

import socket
import threading

import pytest

from remoting_support import (  # noqa: F401 - fixtures
    ECHO, FAIL, RECORD, SILENT, EchoProcessor, RecordingCallback, RecordingProcessor, SilentProcessor, address,
    client, read_frame, request, server, start_server, wait_until)
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor
from rocketmq_remoting.exception import RemotingSendRequestException, RemotingTooMuchRequestException
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, RemotingSysResponseCode, SerializeType
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.rpc_hook import RPCHook


def test_sync_echo_json(server, client):
    req = request(body=b"payload")
    req.add_ext_field("k", "v")
    response = client.invoke_sync(address(server), req, 3000)
    assert response.code == RemotingSysResponseCode.SUCCESS
    assert response.is_response_type()
    assert response.opaque == req.opaque
    assert response.body == b"payload"
    assert response.ext_fields == {"k": "v"}
    assert response.serialize_type == SerializeType.JSON


def test_rocketmq_serialization_end_to_end(server, client):
    req = request(body=b"binary")
    req.serialize_type = SerializeType.ROCKETMQ
    req.add_ext_field("topic", "TopicTest")
    response = client.invoke_sync(address(server), req, 3000)
    assert response.serialize_type == SerializeType.ROCKETMQ  # the server answers in the request's type
    assert response.remark == "echo"
    assert response.ext_fields == {"topic": "TopicTest"}
    assert response.body == b"binary"


def test_large_body_round_trip(server, client):
    body = bytes(range(256)) * (4 * 4096)  # 4 MiB: bigger than the reader's buffer
    response = client.invoke_sync(address(server), request(body=body), 10000)
    assert response.body == body


def test_async_invocations_run_callbacks_on_the_callback_executor(server, client):
    callback = RecordingCallback()
    requests = [request(body=str(i).encode()) for i in range(20)]
    for req in requests:
        client.invoke_async(address(server), req, 3000, callback)
    futures = callback.wait(20)
    by_opaque = {f.get_opaque(): f for f in futures}
    for req in requests:
        future = by_opaque[req.opaque]
        assert future.is_send_request_ok()
        assert future.get_response_command().body == req.body
    assert all(name.startswith("NettyClientPublicExecutor_") for name in callback.threads)


def test_custom_callback_executor(server, client):
    executor = ThreadPoolExecutor(1, 1, 100, "MyCallbackExecutor_")
    try:
        client.set_callback_executor(executor)
        assert client.get_callback_executor() is executor
        callback = RecordingCallback()
        client.invoke_async(address(server), request(), 3000, callback)
        callback.wait(1)
        assert callback.threads == ["MyCallbackExecutor_1"]
    finally:
        executor.shutdown()
        executor.await_termination(5)


def test_two_thousand_concurrent_async_invocations_complete(server, client):
    callback = RecordingCallback()
    for i in range(2000):
        client.invoke_async(address(server), request(body=b"%d" % i), 10000, callback)
    futures = callback.wait(2000, timeout=30)
    assert all(f.get_response_command() is not None and f.get_response_command().code == 0 for f in futures)
    assert not client.response_table


def test_oneway_is_processed_and_never_answered():
    recorder = RecordingProcessor()
    srv = start_server()
    srv.register_processor(RECORD, recorder)
    try:
        with socket.create_connection(("127.0.0.1", srv.local_listen_port())) as raw:
            oneway = request(RECORD)
            oneway.mark_oneway_rpc()
            raw.sendall(oneway.encode())
            assert recorder.event.wait(5)
            sync = request(ECHO)
            raw.sendall(sync.encode())
            first = RemotingCommand.decode(read_frame(raw))
            assert first.opaque == sync.opaque  # nothing was written for the one-way request
        with NettyRemotingClient() as cli:
            recorder.event.clear()
            cli.invoke_oneway(address(srv), request(RECORD), 3000)
            assert recorder.event.wait(5)
            assert recorder.requests[-1].is_oneway_rpc()
            assert not cli.response_table
    finally:
        srv.shutdown()


def test_unknown_code_is_answered_request_code_not_supported(server, client):
    response = client.invoke_sync(address(server), request(999), 3000)
    assert response.code == RemotingSysResponseCode.REQUEST_CODE_NOT_SUPPORTED
    assert response.remark == " request type 999 not supported"


def test_default_processor_takes_unknown_codes(server, client):
    server.register_default_processor(EchoProcessor())
    response = client.invoke_sync(address(server), request(999, b"x"), 3000)
    assert response.code == RemotingSysResponseCode.SUCCESS and response.body == b"x"


def test_processor_exception_becomes_system_error_and_server_keeps_serving(server, client):
    response = client.invoke_sync(address(server), request(FAIL), 3000)
    assert response.code == RemotingSysResponseCode.SYSTEM_ERROR
    assert "ValueError: boom from the processor" in response.remark
    assert "process_request(remoting_support.py:" in response.remark
    assert client.invoke_sync(address(server), request(ECHO), 3000).code == RemotingSysResponseCode.SUCCESS


def test_reject_request_answers_system_busy(server, client):
    class Busy(EchoProcessor):
        def reject_request(self):
            return True

    server.register_processor(77, Busy())
    response = client.invoke_sync(address(server), request(77), 3000)
    assert response.code == RemotingSysResponseCode.SYSTEM_BUSY
    assert response.remark.startswith("[REJECTREQUEST]")


def test_saturated_executor_answers_overload(server, client):
    gate = threading.Event()

    class Blocking(NettyRequestProcessor):
        def process_request(self, ctx, req):
            gate.wait(10)
            return RemotingCommand.create_response_command(0, "late")

    executor = ThreadPoolExecutor(1, 1, 1, "Tiny_")
    server.register_processor(78, Blocking(), executor)
    try:
        callback = RecordingCallback()
        for _ in range(2):  # one runs, one waits in the queue
            client.invoke_async(address(server), request(78), 10000, callback)
        wait_until(lambda: executor.get_queue_size() == 1, message="a queued request")
        response = client.invoke_sync(address(server), request(78), 3000)
        assert response.code == RemotingSysResponseCode.SYSTEM_BUSY
        assert response.remark.startswith("[OVERLOAD]")
        gate.set()
        assert [f.get_response_command().remark for f in callback.wait(2)] == ["late", "late"]
    finally:
        gate.set()
        executor.shutdown()
        executor.await_termination(5)


def test_async_processor_answers_later_from_another_thread(server, client):
    class Deferred(AsyncNettyRequestProcessor):
        def async_process_request(self, ctx, req, response_callback):
            def later():
                response = RemotingCommand.create_response_command(0, "later")
                response.body = req.body
                response_callback.callback(response)
            threading.Thread(target=later).start()

    server.register_processor(79, Deferred())
    req = request(79, b"deferred")
    req.serialize_type = SerializeType.ROCKETMQ
    response = client.invoke_sync(address(server), req, 3000)
    assert (response.remark, response.body, response.serialize_type) == ("later", b"deferred", SerializeType.ROCKETMQ)


def test_long_polling_style_write_response_on_context(server, client):
    held = []

    class Suspend(NettyRequestProcessor):
        def process_request(self, ctx, req):
            held.append(ctx)
            return None

    server.register_processor(80, Suspend())
    callback = RecordingCallback()
    client.invoke_async(address(server), request(80), 5000, callback)
    wait_until(lambda: held, message="suspended request")
    held[0].write_response(RemotingCommand.create_response_command(0, "woken"))
    assert callback.wait(1)[0].get_response_command().remark == "woken"


def test_async_permits_exhausted_raises_too_much_request():
    srv = start_server()
    srv.register_processor(SILENT, SilentProcessor())
    try:
        with NettyRemotingClient(NettyClientConfig(client_async_semaphore_value=1)) as cli:
            cli.invoke_async(address(srv), request(SILENT), 3000, RecordingCallback())
            with pytest.raises(RemotingTooMuchRequestException):
                cli.invoke_async(address(srv), request(ECHO), 50, RecordingCallback())
    finally:
        srv.shutdown()


def test_rpc_hooks_run_before_and_after_and_can_add_ext_fields(server, client):
    calls = []

    class Hook(RPCHook):
        def do_before_request(self, remote_addr, req):
            calls.append(("before", remote_addr, req.code))
            req.add_ext_field("AccessKey", "ak")

        def do_after_response(self, remote_addr, req, response):
            calls.append(("after", remote_addr, response.code))

    server_calls = []

    class ServerHook(RPCHook):
        def do_before_request(self, remote_addr, req):
            server_calls.append(("before", req.ext_fields.get("AccessKey")))

        def do_after_response(self, remote_addr, req, response):
            server_calls.append(("after", response.remark))

    client.register_rpc_hook(Hook())
    server.register_rpc_hook(ServerHook())
    response = client.invoke_sync(address(server), request(), 3000)
    assert response.ext_fields == {"AccessKey": "ak"}  # the echo shows what the server received
    assert calls[0] == ("before", address(server), ECHO)
    assert calls[1][0] == "after" and calls[1][2] == 0
    wait_until(lambda: len(server_calls) == 2, message="server hooks")
    assert server_calls == [("before", "ak"), ("after", "echo")]


def test_server_invokes_the_client_sync_and_oneway(server):
    channels = []

    class Capture(EchoProcessor):
        def process_request(self, ctx, req):
            channels.append(ctx.channel())
            return super().process_request(ctx, req)

    server.register_processor(81, Capture())
    client_side = RecordingProcessor()
    with NettyRemotingClient() as cli:
        cli.register_processor(40, client_side)
        cli.invoke_sync(address(server), request(81), 3000)
        channel = channels[0]
        notify = RemotingCommand.create_request_command(40, None, b"ids changed")
        response = server.invoke_sync(channel, notify, 3000)
        assert response.remark == "recorded" and response.opaque == notify.opaque
        assert client_side.requests[0].body == b"ids changed"
        client_side.event.clear()
        server.invoke_oneway(channel, RemotingCommand.create_request_command(40, None, b"oneway"), 3000)
        assert client_side.event.wait(5)
        assert client_side.requests[-1].is_oneway_rpc()
        callback = RecordingCallback()
        server.invoke_async(channel, RemotingCommand.create_request_command(40), 3000, callback)
        assert callback.wait(1)[0].get_response_command().remark == "recorded"
        unknown = server.invoke_sync(channel, RemotingCommand.create_request_command(41), 3000)
        assert unknown.code == RemotingSysResponseCode.REQUEST_CODE_NOT_SUPPORTED
        assert unknown.remark == " request type 41 not supported"


def test_concurrent_writers_on_one_channel(server, client):
    callback = RecordingCallback()
    errors = []

    def send(thread_index):
        try:
            for i in range(250):
                client.invoke_async(address(server), request(body=b"%d-%d" % (thread_index, i)), 10000, callback)
            client.invoke_oneway(address(server), request(ECHO), 3000)
            assert client.invoke_sync(address(server), request(body=b"sync"), 10000).body == b"sync"
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=send, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    futures = callback.wait(2000, timeout=30)
    bodies = sorted(f.get_response_command().body for f in futures)
    assert bodies == sorted(b"%d-%d" % (t, i) for t in range(8) for i in range(250))


def test_invoking_over_a_closed_channel(server, client):
    channels = []

    class Capture(EchoProcessor):
        def process_request(self, ctx, req):
            channels.append(ctx.channel())
            return super().process_request(ctx, req)

    server.register_processor(82, Capture())
    client.invoke_sync(address(server), request(82), 3000)
    channel = channels[0]
    channel.close()
    assert not channel.is_active()
    with pytest.raises(RemotingSendRequestException):
        server.invoke_sync(channel, request(), 3000)
    with pytest.raises(RemotingSendRequestException):
        server.invoke_oneway(channel, request(), 3000)
    callback = RecordingCallback()
    server.invoke_async(channel, request(), 3000, callback)
    future = callback.wait(1)[0]
    assert not future.is_send_request_ok() and isinstance(future.get_cause(), ConnectionError)
    with pytest.raises(ConnectionError):
        channel.write_and_flush(request())
