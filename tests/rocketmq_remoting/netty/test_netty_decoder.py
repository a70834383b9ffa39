"""Malformed frames and headers from a peer: one WARNING naming the peer and the reason (no traceback, no ERROR),
and that connection closes, as Java's ``NettyDecoder`` closes it; long valid frames still go through."""
from __future__ import annotations

import logging
import socket
import struct

import pytest

from remoting_support import address, client, closed_by_peer, request, server, wait_until  # noqa: F401 - fixtures
from rocketmq_remoting.netty.netty_decoder import INITIAL_BUFFER_SIZE, READ_BUFFER_SIZE


def _frame(serialize_type: int, header: bytes, body: bytes = b"") -> bytes:
    payload = struct.pack(">i", (serialize_type << 24) | len(header)) + header + body
    return struct.pack(">i", len(payload)) + payload


_NESTED = b"[" * 1020 + b"]" * 1020

MALFORMED = {
    "code 1e400": _frame(0, b'{"code":1e400,"flag":0,"opaque":1}'),
    "code beyond Java's int": _frame(0, b'{"code":99999999999999999999,"flag":0,"opaque":1}'),
    "header value nested 1,020 deep": _frame(0, b'{"code":10,"remark":' + _NESTED + b'}'),
    "extFields value nested 1,020 deep": _frame(0, b'{"code":10,"extFields":{"k":' + _NESTED + b'}}'),
    # arrays and objects where Java has a String, however shallow (no recursion limit decides)
    "header remark an array": _frame(0, b'{"code":10,"remark":[1]}'),
    "extFields value an object": _frame(0, b'{"code":10,"extFields":{"k":{"a":"b"}}}'),
    "ROCKETMQ header with an undecodable remark": _frame(
        1, struct.pack(">hbhiii", 10, 0, 0, 1, 0, 3) + b"\xff\xfe\xfd" + struct.pack(">i", 0)),
    "ROCKETMQ header cut short": _frame(1, struct.pack(">hbh", 10, 0, 0)),
    "negative length": struct.pack(">i", -1),
    "length above frame_max_length": struct.pack(">i", 16 * 1024 * 1024) + b"\0" * 16,
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_input_logs_one_warning_and_closes_the_connection(server, client, name, caplog):
    addr = address(server)
    assert client.invoke_sync(addr, request(), 3000).code == 0
    caplog.set_level(logging.INFO, logger="rocketmq_remoting")
    with socket.create_connection(("127.0.0.1", server.local_listen_port())) as raw:
        peer = "127.0.0.1:%d" % raw.getsockname()[1]
        raw.sendall(MALFORMED[name])
        assert closed_by_peer(raw)

    def ours():
        return [r for r in caplog.records if r.levelno >= logging.WARNING and peer in r.getMessage()]

    wait_until(lambda: ours(), message="the warning")
    assert client.invoke_sync(addr, request(), 3000).code == 0  # the other connection still works
    records = ours()
    assert len(records) == 1, [r.getMessage() for r in records]
    record = records[0]
    assert record.levelno == logging.WARNING and record.exc_info is None
    message = record.getMessage()
    assert "frame" in message or "header" in message, message
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_long_frames_round_trip_and_the_read_buffer_stays_bounded(server, client):
    body = bytes(range(256)) * (12 * 1024)  # 3 MiB: collected apart from the read buffer
    for _ in range(3):
        assert client.invoke_sync(address(server), request(body=body), 10000).body == body
    decoder = client.channel_tables[address(server)].get_channel().decoder
    assert decoder.buffer_size() == READ_BUFFER_SIZE and not decoder.collecting()
    for _ in range(70):  # a run of small reads: the grown buffer shrinks back
        assert client.invoke_sync(address(server), request(body=b"small"), 3000).body == b"small"
    assert decoder.buffer_size() == INITIAL_BUFFER_SIZE


def test_frames_of_every_size_up_to_the_read_buffer_and_beyond_round_trip(server, client):
    for size in (0, 1, 100, INITIAL_BUFFER_SIZE - 40, INITIAL_BUFFER_SIZE, INITIAL_BUFFER_SIZE * 3,
                 READ_BUFFER_SIZE - 40, READ_BUFFER_SIZE, READ_BUFFER_SIZE + 1, 5 * READ_BUFFER_SIZE):
        body = bytes(i % 251 for i in range(size))
        assert client.invoke_sync(address(server), request(body=body), 10000).body == (body or None)
