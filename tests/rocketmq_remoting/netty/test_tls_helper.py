"""TLS end to end, with a CA and certificates made at test time by the ``openssl`` command."""
from __future__ import annotations

import socket
import ssl

import pytest

from remoting_support import RecordingCallback, address, closed_by_peer, request, server_config, start_server
from rocketmq_remoting.common.tls_mode import TlsMode
from rocketmq_remoting.exception import RemotingConnectException, RemotingSendRequestException
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.tls_helper import TlsHelper
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from rocketmq_remoting.protocol.remoting_command import SerializeType
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from tls_certs import make_pki, requires_openssl

pytestmark = requires_openssl


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    return make_pki(tmp_path_factory.mktemp("pki"))


def _server_tls(pki, mode, **extra):
    return TlsSystemConfig(tls_mode=mode, tls_config_file=None, tls_test_mode_enable=False,
                           tls_server_cert_path=str(pki / "server.pem"), tls_server_key_path=str(pki / "server.key"),
                           **extra)


def _client_tls(pki, trust="ca.pem", **extra):
    return TlsSystemConfig(tls_config_file=None, tls_test_mode_enable=False, tls_client_auth_server=True,
                           tls_client_trust_cert_path=str(pki / trust), **extra)


def _tls_client(tls_config):
    return NettyRemotingClient(NettyClientConfig(use_tls=True), tls_config=tls_config)


@pytest.mark.parametrize("serialize_type", [SerializeType.JSON, SerializeType.ROCKETMQ], ids=["JSON", "ROCKETMQ"])
def test_tls_round_trips_with_a_verified_server(pki, serialize_type):
    srv = start_server(server_config(), tls_config=_server_tls(pki, TlsMode.ENFORCING))
    try:
        with _tls_client(_client_tls(pki)) as cli:
            body = bytes(range(256)) * 1024  # 256 KiB: many TLS records
            req = request(body=body)
            req.serialize_type = serialize_type
            response = cli.invoke_sync(address(srv), req, 5000)
            assert response.body == body and response.serialize_type == serialize_type
            channel = cli.channel_tables[address(srv)].get_channel()
            assert channel.is_tls()
            callback = RecordingCallback()
            for i in range(200):
                cli.invoke_async(address(srv), request(body=b"%d" % i), 5000, callback)
            futures = callback.wait(200)
            assert sorted(int(f.get_response_command().body) for f in futures) == list(range(200))
    finally:
        srv.shutdown()


def test_permissive_server_serves_plain_and_tls_clients(pki):
    srv = start_server(server_config(), tls_config=_server_tls(pki, TlsMode.PERMISSIVE))
    try:
        with _tls_client(_client_tls(pki)) as tls_cli, NettyRemotingClient() as plain_cli:
            assert tls_cli.invoke_sync(address(srv), request(body=b"tls"), 5000).body == b"tls"
            assert plain_cli.invoke_sync(address(srv), request(body=b"plain"), 5000).body == b"plain"
            assert tls_cli.channel_tables[address(srv)].get_channel().is_tls()
            assert not plain_cli.channel_tables[address(srv)].get_channel().is_tls()
    finally:
        srv.shutdown()


def test_enforcing_server_rejects_plain_clients(pki):
    srv = start_server(server_config(), tls_config=_server_tls(pki, TlsMode.ENFORCING))
    try:
        with NettyRemotingClient() as plain_cli:
            with pytest.raises(RemotingSendRequestException):
                plain_cli.invoke_sync(address(srv), request(), 5000)
        with _tls_client(_client_tls(pki)) as tls_cli:
            assert tls_cli.invoke_sync(address(srv), request(), 5000).code == 0
    finally:
        srv.shutdown()


def test_disabled_server_refuses_tls_handshakes(pki):
    srv = start_server(server_config(), tls_config=_server_tls(pki, TlsMode.DISABLED))
    try:
        with _tls_client(_client_tls(pki)) as tls_cli:
            with pytest.raises(RemotingConnectException):
                tls_cli.invoke_sync(address(srv), request(), 5000)
        with NettyRemotingClient() as plain_cli:
            assert plain_cli.invoke_sync(address(srv), request(), 5000).code == 0
    finally:
        srv.shutdown()


def test_client_rejects_a_server_signed_by_another_ca(pki):
    srv = start_server(server_config(), tls_config=_server_tls(pki, TlsMode.ENFORCING))
    try:
        with _tls_client(_client_tls(pki, trust="other.pem")) as cli:
            with pytest.raises(RemotingConnectException) as info:
                cli.invoke_sync(address(srv), request(), 5000)
            assert isinstance(info.value.__cause__, ssl.SSLError)
        # test mode (Java's default) trusts any server
        with _tls_client(TlsSystemConfig(tls_config_file=None, tls_test_mode_enable=True)) as cli:
            assert cli.invoke_sync(address(srv), request(), 5000).code == 0
    finally:
        srv.shutdown()


def test_mutual_tls(pki):
    server_tls = _server_tls(pki, TlsMode.ENFORCING, tls_server_auth_client=True, tls_server_need_client_auth="require",
                             tls_server_trust_cert_path=str(pki / "ca.pem"))
    srv = start_server(server_config(), tls_config=server_tls)
    try:
        with _tls_client(_client_tls(pki, tls_client_cert_path=str(pki / "client.pem"),
                                     tls_client_key_path=str(pki / "client.key"))) as cli:
            assert cli.invoke_sync(address(srv), request(), 5000).code == 0
        with _tls_client(_client_tls(pki)) as anonymous:  # no client certificate
            with pytest.raises((RemotingConnectException, RemotingSendRequestException)):
                anonymous.invoke_sync(address(srv), request(), 5000)
    finally:
        srv.shutdown()


def test_server_without_certificate_refuses_tls_but_serves_plain():
    srv = start_server(server_config(), tls_config=TlsSystemConfig(tls_mode=TlsMode.PERMISSIVE, tls_config_file=None,
                                                                   tls_server_cert_path=None))
    try:
        with socket.create_connection(("127.0.0.1", srv.local_listen_port())) as raw:
            raw.sendall(b"\x16\x03\x01\x00\x05hello")
            assert closed_by_peer(raw)
        with NettyRemotingClient() as cli:
            assert cli.invoke_sync(address(srv), request(), 5000).code == 0
    finally:
        srv.shutdown()


def test_tls_config_file_overrides(tmp_path, pki):
    config_file = tmp_path / "tls.properties"
    config_file.write_text("# comment\ntls.test.mode.enable=false\ntls.client.authServer = true\n"
                           "tls.client.trustCertPath=%s\n" % (pki / "ca.pem"))
    config = TlsSystemConfig(tls_config_file=str(config_file))
    context = TlsHelper.build_ssl_context(True, config)
    assert config.tls_test_mode_enable is False and config.tls_client_auth_server is True
    assert context.verify_mode == ssl.CERT_REQUIRED
    assert TlsMode.parse("enforcing") is TlsMode.ENFORCING and TlsMode.parse("bogus") is TlsMode.PERMISSIVE
