"""Process-wide remoting defaults (Java ``org.apache.rocketmq.remoting.netty.NettySystemConfig``).

Java reads these from JVM system properties. Python reads the same names from the environment: each setting is
looked up first under the Java property name (``com.rocketmq.remoting.client.connect.timeout``, usable with
``env name=value``), then under the Java constant's name (``COM_ROCKETMQ_REMOTING_CLIENT_CONNECT_TIMEOUT``, usable
with ``export``). Values are read once, at import, like Java's static initialisers.
"""
from __future__ import annotations

import logging
import os
from typing import Optional, overload

__all__ = ["NettySystemConfig", "get_system_property", "parse_bool"]

log = logging.getLogger(__name__)


@overload
def get_system_property(name: str, env_name: str, default: str) -> str: ...


@overload
def get_system_property(name: str, env_name: str, default: Optional[str]) -> Optional[str]: ...


def get_system_property(name: str, env_name: str, default: Optional[str]) -> Optional[str]:
    """The value of a Java-style property from the environment: ``name`` first, then ``env_name``."""
    value = os.environ.get(name)
    if value is None:
        value = os.environ.get(env_name)
    return default if value is None else value


def parse_bool(value: Optional[str]) -> bool:
    """Java ``Boolean.parseBoolean``: true only for ``"true"`` in any case."""
    return value is not None and value.strip().lower() == "true"


def _int_property(name: str, env_name: str, default: int) -> int:
    raw = get_system_property(name, env_name, None)
    if raw is None:
        return default
    try:
        return int(raw.strip())
    except ValueError:
        raise ValueError("%s (%s) must be an integer, got %r" % (name, env_name, raw)) from None


def _bool_property(name: str, env_name: str, default: bool) -> bool:
    raw = get_system_property(name, env_name, None)
    return default if raw is None else parse_bool(raw)


class NettySystemConfig:
    """Property names and their process-wide values (Java ``NettySystemConfig``; same names and defaults)."""

    COM_ROCKETMQ_REMOTING_NETTY_POOLED_BYTE_BUF_ALLOCATOR_ENABLE = \
        "com.rocketmq.remoting.nettyPooledByteBufAllocatorEnable"
    COM_ROCKETMQ_REMOTING_SOCKET_SNDBUF_SIZE = "com.rocketmq.remoting.socket.sndbuf.size"
    COM_ROCKETMQ_REMOTING_SOCKET_RCVBUF_SIZE = "com.rocketmq.remoting.socket.rcvbuf.size"
    COM_ROCKETMQ_REMOTING_SOCKET_BACKLOG = "com.rocketmq.remoting.socket.backlog"
    COM_ROCKETMQ_REMOTING_CLIENT_ASYNC_SEMAPHORE_VALUE = "com.rocketmq.remoting.clientAsyncSemaphoreValue"
    COM_ROCKETMQ_REMOTING_CLIENT_ONEWAY_SEMAPHORE_VALUE = "com.rocketmq.remoting.clientOnewaySemaphoreValue"
    COM_ROCKETMQ_REMOTING_CLIENT_WORKER_SIZE = "com.rocketmq.remoting.client.worker.size"
    COM_ROCKETMQ_REMOTING_CLIENT_CONNECT_TIMEOUT = "com.rocketmq.remoting.client.connect.timeout"
    COM_ROCKETMQ_REMOTING_CLIENT_CHANNEL_MAX_IDLE_SECONDS = "com.rocketmq.remoting.client.channel.maxIdleTimeSeconds"
    COM_ROCKETMQ_REMOTING_CLIENT_CLOSE_SOCKET_IF_TIMEOUT = "com.rocketmq.remoting.client.closeSocketIfTimeout"
    COM_ROCKETMQ_REMOTING_WRITE_BUFFER_HIGH_WATER_MARK_VALUE = "com.rocketmq.remoting.write.buffer.high.water.mark"
    COM_ROCKETMQ_REMOTING_WRITE_BUFFER_LOW_WATER_MARK = "com.rocketmq.remoting.write.buffer.low.water.mark"
    #: Java ``NettyDecoder``'s ``com.rocketmq.remoting.frameMaxLength`` (no constant in Java)
    COM_ROCKETMQ_REMOTING_FRAME_MAX_LENGTH = "com.rocketmq.remoting.frameMaxLength"

    NETTY_POOLED_BYTE_BUF_ALLOCATOR_ENABLE: bool = _bool_property(
        COM_ROCKETMQ_REMOTING_NETTY_POOLED_BYTE_BUF_ALLOCATOR_ENABLE,
        "COM_ROCKETMQ_REMOTING_NETTY_POOLED_BYTE_BUF_ALLOCATOR_ENABLE", False)
    CLIENT_ASYNC_SEMAPHORE_VALUE: int = _int_property(
        COM_ROCKETMQ_REMOTING_CLIENT_ASYNC_SEMAPHORE_VALUE, "COM_ROCKETMQ_REMOTING_CLIENT_ASYNC_SEMAPHORE_VALUE", 65535)
    CLIENT_ONEWAY_SEMAPHORE_VALUE: int = _int_property(
        COM_ROCKETMQ_REMOTING_CLIENT_ONEWAY_SEMAPHORE_VALUE, "COM_ROCKETMQ_REMOTING_CLIENT_ONEWAY_SEMAPHORE_VALUE",
        65535)
    socket_sndbuf_size: int = _int_property(
        COM_ROCKETMQ_REMOTING_SOCKET_SNDBUF_SIZE, "COM_ROCKETMQ_REMOTING_SOCKET_SNDBUF_SIZE", 0)
    socket_rcvbuf_size: int = _int_property(
        COM_ROCKETMQ_REMOTING_SOCKET_RCVBUF_SIZE, "COM_ROCKETMQ_REMOTING_SOCKET_RCVBUF_SIZE", 0)
    socket_backlog: int = _int_property(
        COM_ROCKETMQ_REMOTING_SOCKET_BACKLOG, "COM_ROCKETMQ_REMOTING_SOCKET_BACKLOG", 1024)
    client_worker_size: int = _int_property(
        COM_ROCKETMQ_REMOTING_CLIENT_WORKER_SIZE, "COM_ROCKETMQ_REMOTING_CLIENT_WORKER_SIZE", 4)
    connect_timeout_millis: int = _int_property(
        COM_ROCKETMQ_REMOTING_CLIENT_CONNECT_TIMEOUT, "COM_ROCKETMQ_REMOTING_CLIENT_CONNECT_TIMEOUT", 3000)
    client_channel_max_idle_time_seconds: int = _int_property(
        COM_ROCKETMQ_REMOTING_CLIENT_CHANNEL_MAX_IDLE_SECONDS,
        "COM_ROCKETMQ_REMOTING_CLIENT_CHANNEL_MAX_IDLE_SECONDS", 120)
    client_close_socket_if_timeout: bool = _bool_property(
        COM_ROCKETMQ_REMOTING_CLIENT_CLOSE_SOCKET_IF_TIMEOUT, "COM_ROCKETMQ_REMOTING_CLIENT_CLOSE_SOCKET_IF_TIMEOUT",
        True)
    write_buffer_high_water_mark: int = _int_property(
        COM_ROCKETMQ_REMOTING_WRITE_BUFFER_HIGH_WATER_MARK_VALUE,
        "COM_ROCKETMQ_REMOTING_WRITE_BUFFER_HIGH_WATER_MARK_VALUE", 0)
    write_buffer_low_water_mark: int = _int_property(
        COM_ROCKETMQ_REMOTING_WRITE_BUFFER_LOW_WATER_MARK, "COM_ROCKETMQ_REMOTING_WRITE_BUFFER_LOW_WATER_MARK", 0)
    #: largest accepted frame **including** its 4-byte length prefix (Java ``NettyDecoder.FRAME_MAX_LENGTH``)
    frame_max_length: int = _int_property(
        COM_ROCKETMQ_REMOTING_FRAME_MAX_LENGTH, "COM_ROCKETMQ_REMOTING_FRAME_MAX_LENGTH", 16777216)
