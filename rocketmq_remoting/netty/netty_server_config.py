"""Server transport settings (Java ``org.apache.rocketmq.remoting.netty.NettyServerConfig``)."""
from __future__ import annotations

import copy

from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.netty.netty_system_config import NettySystemConfig

__all__ = ["NettyServerConfig"]


class NettyServerConfig(Bean):
    """Settings of a :class:`~rocketmq_remoting.netty.netty_remoting_server.NettyRemotingServer`; Java names and
    defaults.

    ``listen_port=0`` binds an ephemeral port (read it back with ``local_listen_port()``). ``bind_address``
    (Java 5's ``bindAddress``) and ``frame_max_length`` (largest accepted frame including its length prefix) are
    additions. ``server_selector_threads`` is the number of event loops reading the connections
    (:class:`~rocketmq_remoting.netty.nio_event_loop.NioEventLoop`); its default is 1, not Java's 3: Python
    threads do not run Python code in parallel, so more loops only add GIL hand-offs (see benchmarks/README.md).
    ``write_buffer_high_water_mark`` / ``write_buffer_low_water_mark`` (Java's; properties
    ``com.rocketmq.remoting.write.buffer.high.water.mark`` / ``...low.water.mark``) bound each connection's queue
    of unsent responses: above the high mark the connection is not writable and is not read until the queue is
    down to the low mark; as in Java they apply when both are positive, else 4 MiB / 2 MiB (Java: Netty's own
    defaults). ``server_worker_threads``, ``use_epoll_native_selector`` and the pooled allocator flag are kept for
    configuration compatibility only. ``server_inline_when_idle`` and
    ``server_write_stall_timeout_seconds`` are additions too.
    """

    listen_port = Prop(int, 8888)
    bind_address = Prop(str, "0.0.0.0")
    server_worker_threads = Prop(int, 8)
    server_callback_executor_threads = Prop(int, 0)
    server_selector_threads = Prop(int, 1)
    server_oneway_semaphore_value = Prop(int, 256)
    server_async_semaphore_value = Prop(int, 64)
    #: close a channel with neither read nor write for this long; 0 disables (fractions allowed)
    server_channel_max_idle_time_seconds = Prop(int, 120)
    server_socket_snd_buf_size = Prop(int, NettySystemConfig.socket_sndbuf_size)
    server_socket_rcv_buf_size = Prop(int, NettySystemConfig.socket_rcvbuf_size)
    write_buffer_high_water_mark = Prop(int, NettySystemConfig.write_buffer_high_water_mark)
    write_buffer_low_water_mark = Prop(int, NettySystemConfig.write_buffer_low_water_mark)
    server_socket_backlog = Prop(int, NettySystemConfig.socket_backlog)
    server_pooled_byte_buf_allocator_enable = Prop(bool, True)
    #: addition: a connection whose queued responses make no progress for this long (its peer does not read) is
    #: closed with a warning; fractions allowed
    server_write_stall_timeout_seconds = Prop(float, 30.0)
    use_epoll_native_selector = Prop(bool, False)
    frame_max_length = Prop(int, NettySystemConfig.frame_max_length)
    #: addition: run a request on its connection's event loop instead of its processor's executor when that
    #: executor has none of this server's requests queued or running (pipelined requests included: their
    #: responses go out together). Saves a thread hand-off per request (see benchmarks/README.md), but a slow
    #: processor then delays every connection of its loop, and the executor's thread limit may be exceeded by one;
    #: off by default (Java always uses the executor)
    server_inline_when_idle = Prop(bool, False)

    def get_listen_port(self) -> int: return self.listen_port
    def set_listen_port(self, listen_port: int) -> None: self.listen_port = listen_port
    def get_bind_address(self) -> str: return self.bind_address
    def set_bind_address(self, bind_address: str) -> None: self.bind_address = bind_address
    def get_server_worker_threads(self) -> int: return self.server_worker_threads
    def set_server_worker_threads(self, server_worker_threads: int) -> None:
        self.server_worker_threads = server_worker_threads
    def get_server_callback_executor_threads(self) -> int: return self.server_callback_executor_threads
    def set_server_callback_executor_threads(self, server_callback_executor_threads: int) -> None:
        self.server_callback_executor_threads = server_callback_executor_threads
    def get_server_selector_threads(self) -> int: return self.server_selector_threads
    def set_server_selector_threads(self, server_selector_threads: int) -> None:
        self.server_selector_threads = server_selector_threads
    def get_server_oneway_semaphore_value(self) -> int: return self.server_oneway_semaphore_value
    def set_server_oneway_semaphore_value(self, server_oneway_semaphore_value: int) -> None:
        self.server_oneway_semaphore_value = server_oneway_semaphore_value
    def get_server_async_semaphore_value(self) -> int: return self.server_async_semaphore_value
    def set_server_async_semaphore_value(self, server_async_semaphore_value: int) -> None:
        self.server_async_semaphore_value = server_async_semaphore_value
    def get_server_channel_max_idle_time_seconds(self) -> int: return self.server_channel_max_idle_time_seconds
    def set_server_channel_max_idle_time_seconds(self, server_channel_max_idle_time_seconds: int) -> None:
        self.server_channel_max_idle_time_seconds = server_channel_max_idle_time_seconds
    def get_server_socket_snd_buf_size(self) -> int: return self.server_socket_snd_buf_size
    def set_server_socket_snd_buf_size(self, server_socket_snd_buf_size: int) -> None:
        self.server_socket_snd_buf_size = server_socket_snd_buf_size
    def get_server_socket_rcv_buf_size(self) -> int: return self.server_socket_rcv_buf_size
    def set_server_socket_rcv_buf_size(self, server_socket_rcv_buf_size: int) -> None:
        self.server_socket_rcv_buf_size = server_socket_rcv_buf_size
    def get_write_buffer_high_water_mark(self) -> int: return self.write_buffer_high_water_mark
    def set_write_buffer_high_water_mark(self, write_buffer_high_water_mark: int) -> None:
        self.write_buffer_high_water_mark = write_buffer_high_water_mark
    def get_write_buffer_low_water_mark(self) -> int: return self.write_buffer_low_water_mark
    def set_write_buffer_low_water_mark(self, write_buffer_low_water_mark: int) -> None:
        self.write_buffer_low_water_mark = write_buffer_low_water_mark
    def get_server_socket_backlog(self) -> int: return self.server_socket_backlog
    def set_server_socket_backlog(self, server_socket_backlog: int) -> None:
        self.server_socket_backlog = server_socket_backlog
    def get_server_pooled_byte_buf_allocator_enable(self) -> bool: return self.server_pooled_byte_buf_allocator_enable
    def is_server_pooled_byte_buf_allocator_enable(self) -> bool: return self.server_pooled_byte_buf_allocator_enable
    def set_server_pooled_byte_buf_allocator_enable(self, server_pooled_byte_buf_allocator_enable: bool) -> None:
        self.server_pooled_byte_buf_allocator_enable = server_pooled_byte_buf_allocator_enable
    def get_server_write_stall_timeout_seconds(self) -> float: return self.server_write_stall_timeout_seconds
    def set_server_write_stall_timeout_seconds(self, server_write_stall_timeout_seconds: float) -> None:
        self.server_write_stall_timeout_seconds = server_write_stall_timeout_seconds
    def get_use_epoll_native_selector(self) -> bool: return self.use_epoll_native_selector
    def is_use_epoll_native_selector(self) -> bool: return self.use_epoll_native_selector
    def set_use_epoll_native_selector(self, use_epoll_native_selector: bool) -> None:
        self.use_epoll_native_selector = use_epoll_native_selector
    def get_frame_max_length(self) -> int: return self.frame_max_length
    def set_frame_max_length(self, frame_max_length: int) -> None: self.frame_max_length = frame_max_length
    def get_server_inline_when_idle(self) -> bool: return self.server_inline_when_idle
    def is_server_inline_when_idle(self) -> bool: return self.server_inline_when_idle
    def set_server_inline_when_idle(self, server_inline_when_idle: bool) -> None:
        self.server_inline_when_idle = server_inline_when_idle

    def clone(self) -> "NettyServerConfig":
        """Java ``clone``: a shallow copy."""
        return copy.copy(self)
