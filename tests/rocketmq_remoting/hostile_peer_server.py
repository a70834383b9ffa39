"""The server process of the hostile-peer tests (``test_remoting_hostile_peers.py``), measured from outside.

``python hostile_peer_server.py [PKI_DIR]``: a NettyRemotingServer on an ephemeral loopback port (TLS permissive with
the certificates of ``PKI_DIR`` when given), code 10 echoes; prints the port, then answers each ``stats`` line on
stdin with ``<VmRSS in KiB> <threads of the process> <open connections> <connections not writable>`` (the first
two from /proc/self/status), until stdin closes.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from rocketmq_remoting.common.tls_mode import TlsMode  # noqa: E402
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor  # noqa: E402
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig  # noqa: E402
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig  # noqa: E402
from rocketmq_remoting.protocol.remoting_command import RemotingCommand  # noqa: E402
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer  # noqa: E402

ECHO = 10


class _Echo(NettyRequestProcessor):
    def process_request(self, ctx, request):
        response = RemotingCommand.create_response_command(0, "echo")
        response.body = request.body
        return response


def _stats(server: NettyRemotingServer) -> str:
    values = {}
    with open("/proc/self/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            values[key] = value.split()[0] if value.split() else ""
    channels = list(server._active_channels())
    return "%s %s %d %d" % (values["VmRSS"], values["Threads"], len(channels),
                            sum(1 for channel in channels if not channel.is_writable()))


def main() -> None:
    tls_config = None
    if len(sys.argv) > 1:
        pki = sys.argv[1]
        tls_config = TlsSystemConfig(tls_mode=TlsMode.PERMISSIVE, tls_config_file=None, tls_test_mode_enable=False,
                                     tls_server_cert_path=os.path.join(pki, "server.pem"),
                                     tls_server_key_path=os.path.join(pki, "server.key"))
    server = NettyRemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1"), tls_config=tls_config)
    server.register_processor(ECHO, _Echo())
    server.start()
    try:
        print(server.local_listen_port(), flush=True)
        for line in sys.stdin:
            if line.strip() == "stats":
                print(_stats(server), flush=True)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
