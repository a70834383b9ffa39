"""The outbound buffer's water marks (``ChannelOutboundBuffer``), alone and on a client channel whose peer does
not read (the server side is in ``test_remoting_hostile_peers.py``)."""
from __future__ import annotations

import socket
import threading

from remoting_support import FakeServer, read_frame, request, wait_until
from rocketmq_remoting.netty.channel_outbound_buffer import (
    DEFAULT_HIGH_WATER_MARK, DEFAULT_LOW_WATER_MARK, ChannelOutboundBuffer)
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient


def test_unwritable_above_the_high_mark_until_down_to_the_low_mark():
    buffer = ChannelOutboundBuffer(100, 40)
    assert buffer.add_message(b"x" * 60) is False and buffer.writable
    assert buffer.add_message(memoryview(b"y" * 60)) is True  # 120 > 100: the change is reported once
    assert buffer.add_message(b"z" * 10) is False and not buffer.writable
    assert buffer.remove_bytes(70) is False  # 60 left: above the low mark
    assert not buffer.writable and buffer.total_pending_size() == 60
    assert bytes(buffer.nio_buffers()[0]) == b"y" * 50  # the rest of the partly sent buffer first
    assert buffer.remove_bytes(20) is True and buffer.writable
    assert buffer.take_all() == b"y" * 30 + b"z" * 10 and not buffer.buffers and buffer.take_all() is None


def test_marks_apply_when_both_are_positive_as_in_java():
    configured = ChannelOutboundBuffer.of(1000, 500)
    configured.add_message(b"x" * 1001)
    assert not configured.writable
    for high, low in ((0, 500), (1000, 0)):
        default = ChannelOutboundBuffer.of(high, low)
        default.add_message(b"x" * DEFAULT_HIGH_WATER_MARK)
        assert default.writable
        default.add_message(b"x")
        assert not default.writable
        default.remove_bytes(DEFAULT_HIGH_WATER_MARK - DEFAULT_LOW_WATER_MARK + 1)
        assert default.writable


def test_client_channel_is_not_writable_while_frames_wait_above_the_high_mark():
    """The peer reads nothing: one writer blocks in its write, the frames of the others wait behind it until more
    than the high mark wait; then the channel is not writable, and is again once the peer read everything."""
    release = threading.Event()
    frames = []

    def handler(conn, connection):
        release.wait(30)
        conn.settimeout(10)
        while len(frames) < 9:
            frame = read_frame(conn)
            if frame is None:
                return
            frames.append(frame)

    fake = FakeServer(handler)
    fake.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)
    config = NettyClientConfig(client_socket_snd_buf_size=64 * 1024, write_buffer_high_water_mark=256 * 1024,
                               write_buffer_low_water_mark=128 * 1024)
    try:
        with NettyRemotingClient(config) as cli:
            addr = fake.address()
            cli.invoke_oneway(addr, request(body=b"first"), 3000)  # connected
            senders = [threading.Thread(target=cli.invoke_oneway, args=(addr, request(body=b"x" * 100000), 30000),
                                        daemon=True) for _ in range(8)]
            for sender in senders:
                sender.start()
            wait_until(lambda: not cli.is_channel_writable(addr), 10, "the channel over its high water mark")
            release.set()
            for sender in senders:
                sender.join(10)
            wait_until(lambda: len(frames) == 9, 10, "every frame read")
            assert cli.is_channel_writable(addr)
    finally:
        release.set()
        fake.close()


def test_concurrent_writers_frames_arrive_whole_and_each_writers_in_order():
    """Writers that find the channel idle send their frame as it is, the others queue theirs for the lock's
    holder: every frame arrives whole, and the frames of one writer in the order it sent them."""
    writers, per_writer = 4, 300
    bodies = []
    done = threading.Event()

    def handler(conn, connection):
        conn.settimeout(10)
        while len(bodies) < writers * per_writer + 1:
            frame = read_frame(conn)
            if frame is None:
                return
            bodies.append(frame[-8:])
        done.set()

    fake = FakeServer(handler)
    try:
        with NettyRemotingClient(NettyClientConfig()) as cli:
            addr = fake.address()

            def write(n):
                for i in range(per_writer):
                    cli.invoke_oneway(addr, request(body=b"w%d-%05d" % (n, i)), 3000)

            cli.invoke_oneway(addr, request(body=b"w9-00000"), 3000)  # connected
            threads = [threading.Thread(target=write, args=(n,), daemon=True) for n in range(writers)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(20)
            wait_until(done.is_set, 20, "every frame read")
        assert bodies[0] == b"w9-00000"
        for n in range(writers):
            assert [b for b in bodies if b.startswith(b"w%d-" % n)] == [b"w%d-%05d" % (n, i) for i in range(per_writer)]
    finally:
        fake.close()
