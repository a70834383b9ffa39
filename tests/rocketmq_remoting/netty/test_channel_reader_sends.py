"""Async requests left to the busy reader thread of a client channel (``Channel.send_frame(defer=True)``, read by a
``LeaderFollowerReader``): they all go out, in order, and the reader never blocks writing them (it must go on
reading)."""
from __future__ import annotations

import socket
import threading

from remoting_support import FakeServer, RecordingCallback, read_frame, request, wait_until
from rocketmq_remoting.netty.channel import Channel
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

FLOOD = 30
SMALL_BUFFER = 64 * 1024


class CountingProcessor(NettyRequestProcessor):
    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()

    def process_request(self, ctx, request):
        with self.lock:
            self.count += 1
        return None


def test_reader_goes_on_reading_while_the_socket_takes_none_of_the_requests_left_to_it(monkeypatch):
    """Both directions full at once: the peer writes a flood of one-way requests and reads nothing before it is
    done, while async requests are sent. A reader thread blocked writing the requests left to it would never read
    the rest of the flood, and both sides would wait for each other for ever."""
    flood_frames, requests = 150, 120
    flood = RemotingCommand.create_request_command(FLOOD, None, b"f" * 65536)
    flood.mark_oneway_rpc()
    flood_data = flood.encode()
    received = []

    def handler(conn, connection):
        for _ in range(flood_frames):
            conn.sendall(flood_data)
        while True:
            frame = read_frame(conn)
            if frame is None:
                return
            req = RemotingCommand.decode(frame)
            received.append(req.body)
            response = RemotingCommand.create_response_command(0, "done")
            response.opaque = req.opaque
            conn.sendall(response.encode())

    partial = []
    send_queued_now = Channel.send_queued_now

    def recording_send_queued_now(channel):
        left = send_queued_now(channel)
        partial.append(left)
        return left

    monkeypatch.setattr(Channel, "send_queued_now", recording_send_queued_now)
    fake = FakeServer(handler)
    fake.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_BUFFER)
    config = NettyClientConfig(client_socket_snd_buf_size=SMALL_BUFFER, client_socket_rcv_buf_size=SMALL_BUFFER)
    counter = CountingProcessor()
    callback = RecordingCallback()
    try:
        with NettyRemotingClient(config) as cli:
            cli.register_processor(FLOOD, counter)
            bodies = [b"%04d" % i + b"r" * 32 * 1024 for i in range(requests)]
            for body in bodies:
                cli.invoke_async(fake.address(), request(body=body), 30000, callback)
            futures = callback.wait(requests, timeout=30)
            assert all(f.get_response_command() is not None for f in futures)
            assert received == bodies  # whole and in order
            wait_until(lambda: counter.count == flood_frames, 10, "the whole flood")
    finally:
        fake.close()
    assert True in partial, "the reader never found the socket full"


def test_frames_the_socket_did_not_take_stay_first_and_whole():
    """The reader's non-blocking send: what a full socket did not take stays at the head of the queue, before
    frames queued meanwhile, and goes out once the peer reads."""
    connected = threading.Event()
    peer = []

    def handler(conn, connection):
        peer.append(conn)
        connected.set()
        wait_until(lambda: not peer, 30, "the test to finish")

    fake = FakeServer(handler)
    fake.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_BUFFER)
    config = NettyClientConfig(client_socket_snd_buf_size=SMALL_BUFFER)
    try:
        with NettyRemotingClient(config) as cli:
            cli.invoke_oneway(fake.address(), request(body=b"first"), 3000)
            assert connected.wait(5)
            conn = peer[0]
            assert read_frame(conn) is not None
            channel = cli.channel_tables[fake.address()].get_channel()
            frames = [request(body=b"%03d" % i + b"x" * 20000).encode() for i in range(40)]  # 800 KB
            outbound = channel.outbound
            with outbound.lock:
                for frame in frames[:30]:
                    outbound.add_message(frame)
            assert channel.send_queued_now() is True  # the socket is full: some left
            left = outbound.total_pending_size()
            assert 20000 <= left <= 30 * len(frames[0])
            with outbound.lock:
                for frame in frames[30:]:
                    outbound.add_message(frame)
            expected = b"".join(frames)
            data = b""
            conn.settimeout(10)
            while len(data) < len(expected):
                chunk = conn.recv(1 << 20)
                assert chunk
                data += chunk
                if outbound.buffers:
                    channel.send_queued_now()
            assert data == expected
            assert not outbound.buffers
            peer.clear()
    finally:
        fake.close()
