"""Java's remoting interfaces: RemotingService / RemotingClient / RemotingServer are typing.Protocols that the Netty
classes satisfy (mypy accepts an instance where the interface is typed and refuses the server as a client); the
interface methods the Netty classes gained with them (5.3.3's ``invoke``, ``isAddressReachable``, ``closeChannels``,
``clearRPCHook``, ``getDefaultProcessorPair``) and ``Pair`` in ``rocketmq_remoting.common.pair``, over real
loopback connections."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from remoting_support import ECHO, EchoProcessor, address, refused_address, request, start_server, wait_until
from rocketmq_remoting.common.pair import Pair
from rocketmq_remoting.exception import RemotingConnectException
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.remoting_client import RemotingClient
from rocketmq_remoting.remoting_server import RemotingServer
from rocketmq_remoting.remoting_service import RemotingService
from rocketmq_remoting.rpc_hook import RPCHook

ROOT = pathlib.Path(__file__).resolve().parents[2]

SNIPPET = '''
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.remoting_client import RemotingClient
from rocketmq_remoting.remoting_server import RemotingServer
from rocketmq_remoting.remoting_service import RemotingService

client: RemotingClient = NettyRemotingClient()
server: RemotingServer = NettyRemotingServer(NettyServerConfig())
services: "list[RemotingService]" = [client, server]
reveal_type(client.invoke(None, RemotingCommand.create_request_command(10, None), 1).result())
not_a_client: RemotingClient = NettyRemotingServer(NettyServerConfig())
'''


@pytest.mark.timeout(300)
def test_the_netty_classes_satisfy_the_interfaces_for_mypy(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("mypy")
    snippet = tmp_path / "interfaces_snippet.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", str(snippet), "--follow-imports=silent",
                           "--ignore-missing-imports", "--cache-dir", str(tmp_path / "mypy-cache"),
                           "--no-error-summary", "--show-error-codes"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, cwd=str(ROOT))
    lines = [line.split(":", 1)[1] for line in done.stdout.splitlines() if line.strip()]
    assert len(lines) == 2 and lines[0].startswith("13: note: Revealed type is ") and \
        "rocketmq_remoting.protocol.remoting_command.RemotingCommand" in lines[0], done.stdout + done.stderr
    # the one error: a server is no RemotingClient (the check can fail)
    assert lines[1].startswith("14: error: Incompatible types in assignment") and "[assignment]" in lines[1], \
        done.stdout


def test_the_interfaces_are_protocols_not_aliases() -> None:
    for interface in (RemotingService, RemotingClient, RemotingServer):
        assert getattr(interface, "_is_protocol", False), interface
    assert RemotingService in RemotingClient.__mro__ and RemotingService in RemotingServer.__mro__
    assert RemotingClient is not NettyRemotingClient
    for name in ("start", "shutdown", "register_rpc_hook", "clear_rpc_hook", "invoke_sync", "invoke_async",
                 "invoke_oneway", "invoke", "register_processor", "is_address_reachable", "close_channels"):
        assert callable(getattr(RemotingClient, name)), name
    for name in ("register_default_processor", "local_listen_port", "get_processor_pair",
                 "get_default_processor_pair"):
        assert callable(getattr(RemotingServer, name)), name


def test_pair_holds_two_objects() -> None:
    pair: Pair[str, int] = Pair("a", 1)
    assert (pair.get_object1(), pair.get_object2()) == ("a", 1)
    pair.set_object1("b")
    pair.set_object2(2)
    assert (pair.object1, pair.object2) == ("b", 2) and repr(pair) == "Pair('b', 2)"


class _Hook(RPCHook):
    def do_before_request(self, remote_addr, request):  # type: ignore[no-untyped-def]
        pass

    def do_after_response(self, remote_addr, request, response):  # type: ignore[no-untyped-def]
        pass


@pytest.mark.timeout(30)
def test_invoke_reachability_close_channels_and_the_processor_pairs() -> None:
    server = start_server()
    try:
        default = EchoProcessor()
        server.register_default_processor(default)
        pair = server.get_default_processor_pair()
        assert pair is not None and pair.get_object1() is default and pair.get_object2() is server.public_executor
        echo = server.get_processor_pair(ECHO)
        assert echo is not None and isinstance(echo.get_object1(), EchoProcessor)
        with NettyRemotingClient(NettyClientConfig()) as client:
            addr = address(server)
            response = client.invoke(addr, request(body=b"via invoke"), 3000).result(5)
            assert (response.code, response.body) == (0, b"via invoke")
            refused = client.invoke(refused_address(), request(), 3000)
            assert isinstance(refused.exception(5), RemotingConnectException)

            assert client.is_address_reachable(addr)
            assert not client.is_address_reachable(refused_address())
            assert not client.is_address_reachable("") and not client.is_address_reachable(None)

            channel = client.channel_tables[addr].get_channel()
            client.close_channels([addr, "127.0.0.1:1"])  # an address without a channel is skipped
            assert addr not in client.channel_tables
            wait_until(lambda: not channel.is_active(), message="closed channel")

            hook = _Hook()
            client.register_rpc_hook(hook)
            assert client.get_rpc_hooks() == [hook]
            client.clear_rpc_hook()
            assert client.get_rpc_hooks() == []
    finally:
        server.shutdown()
