"""UtilAll: Java String.hashCode and crc32 (PROTOCOL.md §8.7), hex, zlib, dates, blank checks, IP helpers."""
from __future__ import annotations

import os
import time
import zlib
from datetime import datetime
from pathlib import Path

import pytest

from rocketmq_common.util_all import UtilAll


@pytest.mark.parametrize("text, code", [
    ("TagA", 2598919), ("TagB", 2598920), ("*", 42), ("", 0), ("\u65e5\u672c", 835047), ("\U0001F600", 1772899),
    ("hello", 99162322), ("polygenelubricants", -2147483648),
])
def test_string_hash_code(text: str, code: int) -> None:
    assert UtilAll.string_hash_code(text) == code


def test_crc32_and_hex() -> None:
    assert UtilAll.crc32(b"hello-probe") == 0x5CFD7C32
    assert UtilAll.crc32(b"xxhello-probeyy", 2, 11) == 0x5CFD7C32
    assert UtilAll.crc32(None) == 0
    assert UtilAll.crc32(b"\xff" * 64) == zlib.crc32(b"\xff" * 64) & 0x7FFFFFFF
    assert UtilAll.bytes2string(bytes([0, 0xAB, 0x10])) == "00AB10"
    assert UtilAll.string2bytes("00ab10") == bytes([0, 0xAB, 0x10])
    assert UtilAll.string2bytes("") is None and UtilAll.string2bytes(None) is None
    assert UtilAll.write_int(-1) == "FFFFFFFF" and UtilAll.write_int(0x5265C00) == "05265C00"
    assert UtilAll.write_short(0x12345) == "2345"


def test_compress_is_java_deflater_level_5() -> None:
    data = b"line 0000: the quick brown fox jumps over the lazy dog\n" * 90
    compressed = UtilAll.compress(data, 5)
    assert compressed[:2] == b"\x78\x5e"
    assert UtilAll.uncompress(compressed) == data


def test_human_time_strings() -> None:
    millis = int(datetime(2026, 11, 29, 8, 5, 3, 7000).timestamp() * 1000)
    assert UtilAll.time_millis_to_human_string(millis) == "20261129080503007"
    assert UtilAll.time_millis_to_human_string2(millis) == "2026-11-29 08:05:03,007"
    assert UtilAll.time_millis_to_human_string3(millis) == "20261129080503"
    assert UtilAll.format_date(millis, UtilAll.YYYY_MM_DD_HH_MM_SS_SSS) == "2026-11-29#08:05:03:007"
    assert UtilAll.format_date(millis, UtilAll.YYYY_MM_DD_HH_MM_SS) == "2026-11-29 08:05:03"
    assert UtilAll.parse_date("20261129080503", UtilAll.YYYYMMDDHHMMSS) == millis - 7
    assert UtilAll.parse_date("2026-11-29#08:05:03:007", UtilAll.YYYY_MM_DD_HH_MM_SS_SSS) == millis
    assert UtilAll.parse_date("garbage", UtilAll.YYYYMMDDHHMMSS) is None
    assert len(UtilAll.time_millis_to_human_string()) == 17
    assert UtilAll.offset2file_name(1073741824) == "00000000001073741824"


def test_next_time_points_are_aligned_and_in_the_future() -> None:
    now = time.time() * 1000
    morning = datetime.fromtimestamp(UtilAll.compute_next_morning_time_millis() / 1000)
    assert (morning.hour, morning.minute, morning.second) == (0, 0, 0)
    assert 0 < morning.timestamp() * 1000 - now <= 25 * 3600 * 1000
    minute = UtilAll.compute_next_minutes_time_millis()
    assert minute % 1000 == 0 and 0 < minute - now <= 60000
    hour = datetime.fromtimestamp(UtilAll.compute_next_hour_time_millis() / 1000)
    assert (hour.minute, hour.second) == (0, 0)
    half = datetime.fromtimestamp(UtilAll.compute_next_half_hour_time_millis() / 1000)
    assert (half.minute, half.second) == (30, 0)
    assert UtilAll.compute_elapsed_time_milliseconds(int(now) - 1000) >= 1000
    hour_now = "%02d" % time.localtime().tm_hour
    other = "%02d" % ((time.localtime().tm_hour + 1) % 24)
    assert UtilAll.is_it_time_to_do(other + ";" + hour_now)
    assert not UtilAll.is_it_time_to_do(other)


@pytest.mark.parametrize("text, blank", [
    (None, True), ("", True), (" \t\r\n\x0b\x0c\x1c", True), ("\u3000\u2028", True), ("\u00a0", False),
    (" a ", False), ("\u200b", False),
])
def test_is_blank_uses_java_whitespace(text, blank: bool) -> None:
    assert UtilAll.is_blank(text) is blank


def test_string_helpers() -> None:
    assert UtilAll.split("a;b;;", ";") == ["a", "b"]
    assert UtilAll.split("", ";") == [""]
    assert UtilAll.split(None, ";") is None
    assert UtilAll.split("1.2.3", r"\.") == ["1", "2", "3"]
    assert UtilAll.join(["a", "b"], ",") == "a,b" and UtilAll.join(None, ",") is None
    assert UtilAll.as_int("12", 0) == 12 and UtilAll.as_int("x", 7) == 7 and UtilAll.as_long(None, 3) == 3
    assert UtilAll.front_string_at_least("abcdef", 3) == "abc" and UtilAll.front_string_at_least(None, 3) is None
    assert UtilAll.response_code2string(17) == "17"


def test_files_and_disk(tmp_path: Path) -> None:
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    (nested / "f").write_text("x")
    assert UtilAll.is_path_exists(str(nested))
    ratio = UtilAll.get_disk_partition_space_used_percent(str(tmp_path))
    assert 0 <= ratio <= 1
    assert UtilAll.get_disk_partition_space_used_percent(str(tmp_path / "missing")) == -1
    assert UtilAll.get_disk_partition_space_used_percent("") == -1
    UtilAll.delete_file(str(tmp_path / "a"))
    assert not (tmp_path / "a").exists()
    UtilAll.delete_file(str(tmp_path / "a"))


def test_ip_helpers() -> None:
    assert UtilAll.is_internal_ip(bytes([10, 1, 2, 3])) and UtilAll.is_internal_ip(bytes([172, 31, 0, 1]))
    assert UtilAll.is_internal_ip(bytes([192, 168, 0, 1])) and not UtilAll.is_internal_ip(bytes([172, 32, 0, 1]))
    assert not UtilAll.is_internal_ip(bytes([127, 0, 0, 1])) and not UtilAll.is_internal_ip(bytes([192, 0, 2, 2]))
    with pytest.raises(ValueError):
        UtilAll.is_internal_ip(bytes(16))
    assert UtilAll.is_internal_v6_ip(bytes(16))
    assert UtilAll.is_internal_v6_ip(bytes.fromhex("fe800000000000000000000000000001"))
    assert UtilAll.is_internal_v6_ip(bytes.fromhex("fec00000000000000000000000000001"))
    assert UtilAll.is_internal_v6_ip(bytes(15) + b"\x01")
    assert not UtilAll.is_internal_v6_ip(bytes.fromhex("fd000000000000000000000000000002"))
    assert UtilAll.ip_to_ipv4_str(bytes([192, 0, 2, 255])) == "192.0.2.255"
    assert UtilAll.ip_to_ipv4_str(bytes(3)) is None
    assert UtilAll.ip_to_ipv6_str(bytes(15) + b"\x01") == "0000:0000:0000:0000:0000:0000:0000:0001"
    assert UtilAll.ip_to_ipv6_str(bytes(4)) is None
    assert UtilAll.get_pid() == os.getpid()


def test_jstack_lists_the_current_thread() -> None:
    dump = UtilAll.jstack()
    assert "MainThread" in dump and "test_jstack_lists_the_current_thread" in dump
