"""The other process of the busy-polling tests (``netty/test_busy_poll.py``).

``python busy_poll_peer.py server MICROS``: a RemotingServer on an ephemeral loopback port running requests inline
with ``server_busy_poll_micros=MICROS``; prints the port and serves until its stdin closes. Code 10 echoes,
code 15 echoes after 20 ms.

``python busy_poll_peer.py client ADDR COUNT``: COUNT sync echo round trips (no busy polling), then prints "ok".
"""
from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from rocketmq_remoting.netty.netty_client_config import NettyClientConfig  # noqa: E402
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor  # noqa: E402
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig  # noqa: E402
from rocketmq_remoting.protocol.remoting_command import RemotingCommand  # noqa: E402
from rocketmq_remoting.remoting_client import RemotingClient  # noqa: E402
from rocketmq_remoting.remoting_server import RemotingServer  # noqa: E402

ECHO = 10
SLOW_ECHO = 15
HELD_ECHO = 16


class _Echo(NettyRequestProcessor):
    def __init__(self, delay: float) -> None:
        self.delay = delay

    def process_request(self, ctx, request):
        if self.delay:
            time.sleep(self.delay)  # a processor that takes longer than the client's busy poll
        response = RemotingCommand.create_response_command(0, "echo")
        response.body = request.body
        return response


def serve(micros: int) -> None:
    server = RemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1", server_inline_when_idle=True,
                                              server_busy_poll_micros=micros))
    server.register_processor(ECHO, _Echo(0.0))
    server.register_processor(SLOW_ECHO, _Echo(0.02))
    server.register_processor(HELD_ECHO, _Echo(1.0))
    server.start()
    print(server.local_listen_port(), flush=True)
    sys.stdin.read()
    server.shutdown()


def call(addr: str, count: int) -> None:
    with RemotingClient(NettyClientConfig(client_busy_poll_micros=0)) as client:
        for i in range(count):
            body = b"%d" % i
            response = client.invoke_sync(addr, RemotingCommand.create_request_command(ECHO, None, body), 5000)
            if response.body != body:
                raise SystemExit("round trip %d answered %r" % (i, response.body))
    print("ok", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "server":
        serve(int(sys.argv[2]))
    else:
        call(sys.argv[2], int(sys.argv[3]))
