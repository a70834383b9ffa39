"""The reading of a client TLS connection: a thread of its own that blocks reading it (the role of Netty's
``ThreadPerChannelEventLoop``, its blocking-I/O transport)."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Optional

from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel import Channel
    from rocketmq_remoting.netty.response_future import ResponseFuture

__all__ = ["ThreadPerChannelEventLoop"]


class ThreadPerChannelEventLoop:
    """Netty ``ThreadPerChannelEventLoop``: the thread ``thread_name`` reads ``channel`` through its transport (a
    :class:`~rocketmq_remoting.netty.tls_transport.TlsTransport`, whose reads wait outside the TLS lock) and the
    channel dispatches every frame it completes; callers only wait for their responses. Used where leader/follower
    reading cannot be (TLS: the session may hold decrypted bytes a ``poll`` does not see; no ``poll``)."""

    __slots__ = ("channel", "thread")

    def __init__(self, channel: "Channel", thread_name: str) -> None:
        self.channel = channel
        self.thread = threading.Thread(target=self._run, name=thread_name, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def wake(self) -> None:
        """Nothing to do: the thread always reads."""

    def send_response(self, data: bytes) -> None:
        self.channel.send_frame(data)

    def await_response(self, response_future: "ResponseFuture", timeout_millis: float
                       ) -> Optional[RemotingCommand]:
        return response_future.wait_response(timeout_millis)

    def _run(self) -> None:
        channel = self.channel
        recv_into = channel.transport.recv_into
        decoder = channel.decoder
        try:
            while True:
                channel.received(recv_into(decoder.recv_view()))
        except Exception as e:
            channel.reading_stopped(e)
