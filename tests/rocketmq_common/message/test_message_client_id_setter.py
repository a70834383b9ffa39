"""MessageClientIDSetter: the unique id layout of PROTOCOL.md §5.5 (vector §8.7) and Java's decoders."""
from __future__ import annotations

import itertools
import os
import time
import types

import pytest

from rocketmq_common.message import message_client_id_setter as module
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.util_all import UtilAll


def _month_start(millis: int, delta: int = 0) -> int:
    lt = time.localtime(millis / 1000)
    return int(time.mktime((lt.tm_year, lt.tm_mon + delta, 1, 0, 0, 0, 0, 0, -1))) * 1000


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch):
    """Freeze the module's clock (settable) and reset the id state so it is recomputed."""
    clock = types.SimpleNamespace(now=0)
    fake_time = types.SimpleNamespace(time=lambda: clock.now / 1000.0, localtime=time.localtime, mktime=time.mktime)
    monkeypatch.setattr(module, "time", fake_time)
    monkeypatch.setattr(MessageClientIDSetter, "_fix_string",
                        MessageClientIDSetter.create_fix_string(bytes([10, 0, 0, 1]), 12345, 0x1B6D3586))
    monkeypatch.setattr(MessageClientIDSetter, "_start_time", 0)
    monkeypatch.setattr(MessageClientIDSetter, "_next_start_time", 0)
    monkeypatch.setattr(MessageClientIDSetter, "_counter", itertools.count(1))
    return clock


def test_vector_8_7(fake_clock) -> None:
    fake_clock.now = _month_start(1795942014270) + 86400000
    assert MessageClientIDSetter.create_uniq_id() == "0A00000130391B6D358605265C000001"
    fake_clock.now += 1
    assert MessageClientIDSetter.create_uniq_id() == "0A00000130391B6D358605265C010002"


def test_clock_going_back(fake_clock) -> None:
    start = _month_start(1795942014270)
    fake_clock.now = start + 10
    MessageClientIDSetter.create_uniq_id()
    fake_clock.now = start - 500          # NTP step back by less than 1 000 000 ms: 0
    assert MessageClientIDSetter.create_uniq_id()[-12:-4] == "00000000"
    fake_clock.now = start - 2000000      # further back: Java's negative int
    assert MessageClientIDSetter.create_uniq_id()[-12:-4] == "%08X" % (-2000000 & 0xFFFFFFFF)


def test_month_rollover_restarts_the_time_field(fake_clock) -> None:
    start = _month_start(1795942014270)
    fake_clock.now = start + 5
    assert MessageClientIDSetter.create_uniq_id()[-12:-4] == "00000005"
    fake_clock.now = _month_start(start, 1) + 7
    assert MessageClientIDSetter.create_uniq_id()[-12:-4] == "00000007"


def test_nearly_time_from_id(fake_clock) -> None:
    created = _month_start(1795942014270) + 123456789
    fake_clock.now = created
    uniq = MessageClientIDSetter.create_uniq_id()
    fake_clock.now = created + 5000
    assert MessageClientIDSetter.get_nearly_time_from_id(uniq) == created
    fake_clock.now = _month_start(created, 1) + 1000   # read next month: still the right time
    assert MessageClientIDSetter.get_nearly_time_from_id(uniq) == created


def test_real_ids_carry_this_process() -> None:
    before = int(time.time() * 1000)
    first = MessageClientIDSetter.create_uniq_id()
    second = MessageClientIDSetter.create_uniq_id()
    after = int(time.time() * 1000)
    ip = UtilAll.get_ip()
    assert len(first) == (56 if len(ip) == 16 else 32) and first == first.upper()
    assert first[:-12] == second[:-12]
    assert (int(second[-4:], 16) - int(first[-4:], 16)) % 0x10000 == 1
    assert MessageClientIDSetter.get_ip_from_id(first) == ip
    assert MessageClientIDSetter.get_pid_from_id(first) == os.getpid() & 0xFFFF
    created = _month_start(after) + int(first[-12:-4], 16)
    if _month_start(before) == _month_start(after):   # not across a month boundary
        assert before - 1 <= created <= after + 1


def test_ids_of_the_golden_capture() -> None:
    v4 = "C0000202783A5FFD2B279214753D0000"
    assert MessageClientIDSetter.get_ip_str_from_id(v4) == "192.0.2.2"
    assert MessageClientIDSetter.get_pid_from_id(v4) == 0x783A
    v6 = "FD0000000000000000000000000000027A565FFD2B279215C7E00000"
    assert MessageClientIDSetter.get_ip_str_from_id(v6) == "fd00:0000:0000:0000:0000:0000:0000:0002"
    assert MessageClientIDSetter.get_ip_from_id(v6) == bytes.fromhex("fd000000000000000000000000000002")
    assert MessageClientIDSetter.get_pid_from_id(v6) == 0x7A56


def test_set_and_get_uniq_id() -> None:
    msg = Message("T", b"x")
    assert MessageClientIDSetter.get_uniq_id(msg) is None
    MessageClientIDSetter.set_uniq_id(msg)
    uniq = MessageClientIDSetter.get_uniq_id(msg)
    assert uniq and msg.get_property("UNIQ_KEY") == uniq
    MessageClientIDSetter.set_uniq_id(msg)
    assert MessageClientIDSetter.get_uniq_id(msg) == uniq
    assert len(MessageClientIDSetter.create_fake_ip()) == 4
