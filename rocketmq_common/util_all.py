"""Java ``org.apache.rocketmq.common.UtilAll`` (and the ``String.hashCode`` the client uses for tag codes).

Times are epoch milliseconds (Java ``long``); Java ``Date`` results are returned as epoch milliseconds too
(what the Java callers read with ``getTime()``). Calendar arithmetic uses the local time zone, like Java's
``Calendar.getInstance()``.
"""
from __future__ import annotations

import ipaddress
import logging
import os
import re
import shutil
import sys
import threading
import time
import traceback
import unicodedata
import zlib
from datetime import datetime, timedelta
from typing import List, Optional, Union, overload

from rocketmq_remoting.common.remoting_util import RemotingUtil

__all__ = ["UtilAll"]

log = logging.getLogger(__name__)

_JAVA_ASCII_WHITESPACE = " \t\n\x0b\x0c\r\x1c\x1d\x1e\x1f"
_JAVA_NON_BREAKING = ("\u00a0", "\u2007", "\u202f")
# Java SimpleDateFormat letters used by RocketMQ patterns -> strftime directives (SSS handled separately)
_DATE_TOKENS = (("yyyy", "%Y"), ("MM", "%m"), ("dd", "%d"), ("HH", "%H"), ("mm", "%M"), ("ss", "%S"))


def _java_is_whitespace(ch: str) -> bool:
    """Java ``Character.isWhitespace``."""
    if ch in _JAVA_ASCII_WHITESPACE:
        return True
    if ch in _JAVA_NON_BREAKING:
        return False
    return unicodedata.category(ch) in ("Zs", "Zl", "Zp")


def _local(millis: int) -> datetime:
    return datetime.fromtimestamp(millis / 1000.0)


def _millis(dt: datetime) -> int:
    return int(round(dt.timestamp() * 1000))


class UtilAll:
    """Static helpers of Java ``UtilAll``."""

    YYYY_MM_DD_HH_MM_SS = "yyyy-MM-dd HH:mm:ss"
    YYYY_MM_DD_HH_MM_SS_SSS = "yyyy-MM-dd#HH:mm:ss:SSS"
    YYYYMMDDHHMMSS = "yyyyMMddHHmmss"

    # ------------------------------------------------------------------ hashing, checksums, hex

    @staticmethod
    def string_hash_code(s: str) -> int:
        """Java ``String.hashCode()``: over UTF-16 code units, 32-bit signed wrap-around."""
        h = 0
        data = s.encode("utf-16-be", "surrogatepass")
        for i in range(0, len(data), 2):
            h = (31 * h + ((data[i] << 8) | data[i + 1])) & 0xFFFFFFFF
        return h - 0x100000000 if h >= 0x80000000 else h

    @staticmethod
    def crc32(data: Union[bytes, bytearray, memoryview, None], offset: int = 0, length: Optional[int] = None) -> int:
        """Java ``UtilAll.crc32``: CRC-32 of the bytes, masked to a non-negative int (0 for ``None``)."""
        if data is None:
            return 0
        if offset or length is not None:
            end = len(data) if length is None else offset + length
            data = memoryview(data)[offset:end]
        return zlib.crc32(data) & 0x7FFFFFFF

    @staticmethod
    def bytes2string(src: bytes) -> str:
        """Java ``bytes2string``: upper-case hex."""
        return src.hex().upper()

    @staticmethod
    def string2bytes(hex_string: Optional[str]) -> Optional[bytes]:
        """Java ``string2bytes``: hex (either case) to bytes; ``None`` for null or empty input."""
        if not hex_string:
            return None
        return bytes.fromhex(hex_string[:len(hex_string) // 2 * 2])

    @staticmethod
    def write_int(value: int) -> str:
        """Java ``writeInt(char[], pos, int)``: the 8 upper-case hex digits of a 32-bit value."""
        return "%08X" % (value & 0xFFFFFFFF)

    @staticmethod
    def write_short(value: int) -> str:
        """Java ``writeShort(char[], pos, int)``: the 4 upper-case hex digits of the low 16 bits."""
        return "%04X" % (value & 0xFFFF)

    # ------------------------------------------------------------------ compression (deprecated in Java)

    @staticmethod
    def compress(src: bytes, level: int) -> bytes:
        """Java ``UtilAll.compress``: a zlib stream like ``java.util.zip.Deflater(level)``."""
        return zlib.compress(src, level)

    @staticmethod
    def uncompress(src: bytes) -> bytes:
        """Java ``UtilAll.uncompress``: inflate a zlib stream."""
        return zlib.decompress(src)

    # ------------------------------------------------------------------ process, time

    @staticmethod
    def get_pid() -> int:
        """Java ``getPid``."""
        return os.getpid()

    @staticmethod
    def compute_elapsed_time_milliseconds(begin_time: int) -> int:
        """Java ``computeElapsedTimeMilliseconds``."""
        return int(time.time() * 1000) - begin_time

    @staticmethod
    def is_it_time_to_do(when: str) -> bool:
        """Java ``isItTimeToDo``: ``when`` is a ``;``-separated list of hours (e.g. ``"04"``)."""
        hour = time.localtime().tm_hour
        return any(int(w) == hour for w in UtilAll.split(when, ";"))

    @staticmethod
    def offset2file_name(offset: int) -> str:
        """Java ``offset2FileName``: the offset zero-padded to 20 digits."""
        return "%020d" % offset

    @staticmethod
    def time_millis_to_human_string(t: Optional[int] = None) -> str:
        """Java ``timeMillisToHumanString``: ``yyyyMMddHHmmssSSS`` in local time (now when ``t`` is None)."""
        if t is None:
            t = int(time.time() * 1000)
        dt = _local(t)
        return "%04d%02d%02d%02d%02d%02d%03d" % (dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second,
                                                 t % 1000)

    @staticmethod
    def time_millis_to_human_string2(t: int) -> str:
        """Java ``timeMillisToHumanString2``: ``yyyy-MM-dd HH:mm:ss,SSS`` in local time."""
        dt = _local(t)
        return "%04d-%02d-%02d %02d:%02d:%02d,%03d" % (dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second,
                                                       t % 1000)

    @staticmethod
    def time_millis_to_human_string3(t: int) -> str:
        """Java ``timeMillisToHumanString3``: ``yyyyMMddHHmmss`` in local time."""
        dt = _local(t)
        return "%04d%02d%02d%02d%02d%02d" % (dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second)

    @staticmethod
    def compute_next_morning_time_millis() -> int:
        """Java ``computeNextMorningTimeMillis``: next local midnight."""
        now = datetime.now()
        return _millis(datetime(now.year, now.month, now.day) + timedelta(days=1))

    @staticmethod
    def compute_next_minutes_time_millis() -> int:
        """Java ``computeNextMinutesTimeMillis``: start of the next minute."""
        now = datetime.now()
        return _millis(now.replace(second=0, microsecond=0) + timedelta(minutes=1))

    @staticmethod
    def compute_next_hour_time_millis() -> int:
        """Java ``computeNextHourTimeMillis``: start of the next hour."""
        now = datetime.now()
        return _millis(now.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1))

    @staticmethod
    def compute_next_half_hour_time_millis() -> int:
        """Java ``computeNextHalfHourTimeMillis``: half past the next hour."""
        now = datetime.now()
        return _millis(now.replace(minute=30, second=0, microsecond=0) + timedelta(hours=1))

    @staticmethod
    def _strftime_pattern(pattern: str) -> str:
        out = pattern.replace("%", "%%")
        for java, py in _DATE_TOKENS:
            out = out.replace(java, py)
        return out

    @staticmethod
    def format_date(millis: int, pattern: str) -> str:
        """Java ``formatDate(Date, pattern)`` for the ``yyyy MM dd HH mm ss SSS`` letters RocketMQ uses."""
        dt = _local(millis)
        return ("%03d" % (millis % 1000)).join(
            dt.strftime(UtilAll._strftime_pattern(part)) for part in pattern.split("SSS"))

    @staticmethod
    def parse_date(date: str, pattern: str) -> Optional[int]:
        """Java ``parseDate``: local date text to epoch millis, ``None`` when it does not parse."""
        has_millis = "SSS" in pattern
        fmt = UtilAll._strftime_pattern(pattern).replace("SSS", "%f")
        try:
            dt = datetime.strptime(date, fmt)
        except (ValueError, TypeError):
            return None
        millis = dt.microsecond // 1000 if has_millis else 0
        return _millis(dt.replace(microsecond=0)) + millis

    # ------------------------------------------------------------------ strings

    @staticmethod
    def response_code2string(code: int) -> str:
        """Java ``responseCode2String``."""
        return str(code)

    @staticmethod
    def as_int(s: Optional[str], default_value: int) -> int:
        """Java ``asInt``: ``Integer.parseInt`` or the default."""
        try:
            return int(s)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return default_value

    @staticmethod
    def as_long(s: Optional[str], default_value: int) -> int:
        """Java ``asLong``."""
        return UtilAll.as_int(s, default_value)

    @staticmethod
    def front_string_at_least(s: Optional[str], size: int) -> Optional[str]:
        """Java ``frontStringAtLeast``: the first ``size`` characters."""
        if s is not None and len(s) > size:
            return s[:size]
        return s

    @staticmethod
    def is_blank(s: Optional[str]) -> bool:
        """Java ``isBlank``: None, empty or only Java whitespace."""
        if not s:
            return True
        if s.isascii():
            return not s.strip(_JAVA_ASCII_WHITESPACE)
        return all(_java_is_whitespace(ch) for ch in s)

    @staticmethod
    def join(items: Optional[List[str]], splitter: str) -> Optional[str]:
        """Java ``join``."""
        if items is None:
            return None
        return splitter.join(items)

    @overload
    @staticmethod
    def split(s: str, splitter: str) -> List[str]: ...

    @overload
    @staticmethod
    def split(s: Optional[str], splitter: str) -> Optional[List[str]]: ...

    @staticmethod
    def split(s: Optional[str], splitter: str) -> Optional[List[str]]:
        """Java ``split``: ``String.split(regex)`` semantics (trailing empty strings removed)."""
        if s is None:
            return None
        if s == "":
            return [""]
        parts = re.split(splitter, s)
        while len(parts) > 1 and parts[-1] == "":
            parts.pop()
        return parts

    # ------------------------------------------------------------------ files, diagnostics

    @staticmethod
    def is_path_exists(path: str) -> bool:
        """Java ``isPathExists``."""
        return os.path.exists(path)

    @staticmethod
    def get_disk_partition_space_used_percent(path: Optional[str]) -> float:
        """Java ``getDiskPartitionSpaceUsedPercent``: used ratio (0..1) of the partition, -1 on error."""
        if not path:
            log.error("Error when measuring disk space usage, path is null or empty, path : %s", path)
            return -1
        if not os.path.exists(path):
            log.error("Error when measuring disk space usage, file doesn't exist on this path: %s", path)
            return -1
        try:
            st = os.statvfs(path)
        except OSError:
            log.error("Error when measuring disk space usage, got exception", exc_info=True)
            return -1
        total = st.f_blocks * st.f_frsize
        if total <= 0:
            return -1
        # Java: used = total - File.getFreeSpace() (f_bfree); entire = used + File.getUsableSpace() (f_bavail)
        used = total - st.f_bfree * st.f_frsize
        entire = used + st.f_bavail * st.f_frsize
        if entire <= 0:
            return -1
        round_num = 1 if used * 100 % entire != 0 else 0
        return (used * 100 // entire + round_num) / 100.0

    @staticmethod
    def delete_file(path: str) -> None:
        """Java ``deleteFile``: a file, or a directory recursively."""
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)

    @staticmethod
    def jstack() -> str:
        """Java ``jstack()``: the stack of every live thread, one block per thread."""
        frames = sys._current_frames()
        out = []
        for thread in threading.enumerate():
            frame = frames.get(thread.ident or -1)
            if frame is None:
                continue
            name = thread.name
            out.append("%-40sTID: %s STATE: %s\n" % (name, thread.ident, "RUNNABLE" if thread.is_alive() else "DEAD"))
            for line in traceback.format_stack(frame):
                out.append("%-40s%s\n" % (name, line.strip().replace("\n", " ")))
            out.append("\n")
        return "".join(out)

    # ------------------------------------------------------------------ IP addresses

    @staticmethod
    def is_internal_ip(ip: bytes) -> bool:
        """Java ``isInternalIP``: 10/8, 172.16/12 or 192.168/16."""
        if len(ip) != 4:
            raise ValueError("illegal ipv4 bytes")
        return ip[0] == 10 or (ip[0] == 172 and 16 <= ip[1] <= 31) or (ip[0] == 192 and ip[1] == 168)

    @staticmethod
    def is_internal_v6_ip(ip: Union[bytes, ipaddress.IPv6Address]) -> bool:
        """Java ``isInternalV6IP``: wildcard, link-local, loopback or site-local (fec0::/10)."""
        addr = ip if isinstance(ip, ipaddress.IPv6Address) else ipaddress.IPv6Address(bytes(ip))
        return addr.is_unspecified or addr.is_link_local or addr.is_loopback or addr.is_site_local

    @staticmethod
    def ip_to_ipv4_str(ip: bytes) -> Optional[str]:
        """Java ``ipToIPv4Str``."""
        if len(ip) != 4:
            return None
        return "%d.%d.%d.%d" % (ip[0], ip[1], ip[2], ip[3])

    @staticmethod
    def ip_to_ipv6_str(ip: bytes) -> Optional[str]:
        """Java ``ipToIPv6Str``: eight groups of four lower-case hex digits, nothing compressed."""
        if len(ip) != 16:
            return None
        h = ip.hex()
        return ":".join(h[i:i + 4] for i in range(0, 32, 4))

    @staticmethod
    def get_ip() -> bytes:
        """Java ``getIP``: the address bytes for message ids.

        In interface enumeration order (Java's order, see ``RemotingUtil.get_java_ordered_addresses``) the first
        IPv4 outside the private ranges (loopback is not excluded) or IPv6 that is not wildcard, link-local,
        loopback or site-local; else the first private IPv4. Raises ``RuntimeError`` when there is none.
        """
        internal_ip: Optional[bytes] = None
        try:
            addresses = RemotingUtil.get_java_ordered_addresses()
        except OSError as e:
            raise RuntimeError("Can not get local ip") from e
        for _, addr in addresses:
            packed = addr.packed
            if addr.version == 4:
                if not UtilAll.is_internal_ip(packed):
                    return packed
                if internal_ip is None:
                    internal_ip = packed
            elif not UtilAll.is_internal_v6_ip(addr):  # type: ignore[arg-type]
                return packed
        if internal_ip is not None:
            return internal_ip
        raise RuntimeError("Can not get local ip")
