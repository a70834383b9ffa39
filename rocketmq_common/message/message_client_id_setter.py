"""Java ``org.apache.rocketmq.common.message.MessageClientIDSetter``: the client's unique message id (``UNIQ_KEY``).

Layout (PROTOCOL.md §5.5), upper-case hex: IP (4 or 16 bytes, ``UtilAll.get_ip``), pid (low 16 bits), a
per-process 4-byte constant (Java: the class loader's hash code), milliseconds since the start of the current
month in local time (4 bytes), a counter (low 16 bits). The fixed prefix is computed on first use.
"""
from __future__ import annotations

import itertools
import logging
import os
import struct
import threading
import time
from typing import Optional

from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.util_all import UtilAll

__all__ = ["MessageClientIDSetter"]

log = logging.getLogger(__name__)

_UNIQ_KEY = MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX
_FIX_TAIL = struct.Struct(">Hi")


def _month_start_millis(millis: int, month_delta: int = 0) -> int:
    """Local-time start of the month containing ``millis``, shifted by ``month_delta`` months."""
    lt = time.localtime(millis / 1000.0)
    return int(time.mktime((lt.tm_year, lt.tm_mon + month_delta, 1, 0, 0, 0, 0, 0, -1))) * 1000


class MessageClientIDSetter:
    """Creates and reads unique client message ids."""

    TOPIC_KEY_SPLITTER = "#"
    #: per-process constant standing in for Java's ``getClassLoader().hashCode()``
    CLASS_LOADER_HASH_CODE = int.from_bytes(os.urandom(4), "big", signed=True)

    _lock = threading.Lock()
    _fix_string: Optional[str] = None
    _start_time = 0
    _next_start_time = 0
    _counter = itertools.count()

    @staticmethod
    def create_fix_string(ip: bytes, pid: int, hash_code: int) -> str:
        """The fixed prefix: hex of IP bytes, ``(short) pid`` and the 4-byte constant."""
        return (ip + _FIX_TAIL.pack(pid & 0xFFFF, hash_code)).hex().upper()

    @classmethod
    def _init(cls) -> str:
        with cls._lock:
            if cls._fix_string is None:
                try:
                    ip = UtilAll.get_ip()
                except RuntimeError:
                    log.warning("no local IP for message ids, using a fake one", exc_info=True)
                    ip = cls.create_fake_ip()
                cls._set_start_time(int(time.time() * 1000))
                cls._fix_string = cls.create_fix_string(ip, UtilAll.get_pid(), cls.CLASS_LOADER_HASH_CODE)
            return cls._fix_string

    @classmethod
    def _set_start_time(cls, millis: int) -> None:
        cls._start_time = _month_start_millis(millis)
        cls._next_start_time = _month_start_millis(millis, 1)

    @classmethod
    def create_uniq_id(cls) -> str:
        """Java ``createUniqID``."""
        fix = cls._fix_string or cls._init()
        current = int(time.time() * 1000)
        if current >= cls._next_start_time:
            with cls._lock:
                if current >= cls._next_start_time:
                    cls._set_start_time(current)
        diff = (current - cls._start_time) & 0xFFFFFFFF
        if diff > 0x100000000 - 1000000:
            diff = 0  # clock moved back a little (NTP), Java: -1000000 < diff < 0
        return "%s%08X%04X" % (fix, diff, next(cls._counter) & 0xFFFF)

    @staticmethod
    def set_uniq_id(msg: Message) -> None:
        """Java ``setUniqID``: give the message a unique id unless it has one."""
        if MessageClientIDSetter.get_uniq_id(msg) is None:
            msg.put_property(_UNIQ_KEY, MessageClientIDSetter.create_uniq_id())

    @staticmethod
    def get_uniq_id(msg: Message) -> Optional[str]:
        """Java ``getUniqID``."""
        properties = msg.properties
        return None if properties is None else properties.get(_UNIQ_KEY)

    @staticmethod
    def get_nearly_time_from_id(msg_id: str) -> int:
        """Java ``getNearlyTimeFromID``: the creation time (epoch ms) encoded in the id, taken in the current
        month or, when that would not be in the past, in the previous one."""
        data = bytes.fromhex(msg_id)
        ip_len = 16 if len(data) == 28 else 4
        span = int.from_bytes(data[ip_len + 6:ip_len + 10], "big")
        now = int(time.time() * 1000)
        month_start = _month_start_millis(now)
        if month_start + span >= now:
            month_start = _month_start_millis(now, -1)
        return month_start + span

    @staticmethod
    def get_ip_str_from_id(msg_id: str) -> Optional[str]:
        """Java ``getIPStrFromID``: dotted IPv4 or Java's uncompressed IPv6 text."""
        ip = MessageClientIDSetter.get_ip_from_id(msg_id)
        return UtilAll.ip_to_ipv6_str(ip) if len(ip) == 16 else UtilAll.ip_to_ipv4_str(ip)

    @staticmethod
    def get_ip_from_id(msg_id: str) -> bytes:
        """Java ``getIPFromID``."""
        data = bytes.fromhex(msg_id)
        return data[:16 if len(data) == 28 else 4]

    @staticmethod
    def get_pid_from_id(msg_id: str) -> int:
        """Java ``getPidFromID``."""
        data = bytes.fromhex(msg_id)
        pos = len(data) - 2 - 4 - 4 - 2
        return int.from_bytes(data[pos:pos + 2], "big")

    @staticmethod
    def create_fake_ip() -> bytes:
        """Java ``createFakeIP``: the low 4 bytes of the current time in ms."""
        return struct.pack(">q", int(time.time() * 1000))[4:]
