"""Client transport settings (Java ``org.apache.rocketmq.remoting.netty.NettyClientConfig``)."""
from __future__ import annotations

import os

from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.netty.netty_system_config import NettySystemConfig

__all__ = ["NettyClientConfig"]


class NettyClientConfig(Bean):
    """Settings of a :class:`~rocketmq_remoting.netty.netty_remoting_client.NettyRemotingClient`; Java names and
    defaults.

    ``client_worker_threads`` and ``client_pooled_byte_buf_allocator_enable`` are kept for configuration
    compatibility; the socket transport has no codec thread group and no buffer pool. The write-buffer water marks
    (Java's) bound the frames queued behind the write in progress: above the high mark the channel is not writable
    (``is_channel_writable``) and writers wait for the socket; as in Java they apply when both are positive, else
    4 MiB / 2 MiB (as on the server). ``frame_max_length`` is a
    Python addition: the largest accepted frame including its length prefix (Java: the process-wide
    ``com.rocketmq.remoting.frameMaxLength``).
    """

    client_worker_threads = Prop(int, NettySystemConfig.client_worker_size)
    client_callback_executor_threads = Prop(int, os.cpu_count() or 1)
    client_oneway_semaphore_value = Prop(int, NettySystemConfig.CLIENT_ONEWAY_SEMAPHORE_VALUE)
    client_async_semaphore_value = Prop(int, NettySystemConfig.CLIENT_ASYNC_SEMAPHORE_VALUE)
    connect_timeout_millis = Prop(int, NettySystemConfig.connect_timeout_millis)
    channel_not_active_interval = Prop(int, 1000 * 60)
    #: close a channel with neither read nor write for this long; 0 disables (fractions allowed)
    client_channel_max_idle_time_seconds = Prop(int, NettySystemConfig.client_channel_max_idle_time_seconds)
    client_socket_snd_buf_size = Prop(int, NettySystemConfig.socket_sndbuf_size)
    client_socket_rcv_buf_size = Prop(int, NettySystemConfig.socket_rcvbuf_size)
    client_pooled_byte_buf_allocator_enable = Prop(bool, False)
    client_close_socket_if_timeout = Prop(bool, NettySystemConfig.client_close_socket_if_timeout)
    use_tls = Prop(bool, False, wire="useTLS")
    write_buffer_high_water_mark = Prop(int, NettySystemConfig.write_buffer_high_water_mark)
    write_buffer_low_water_mark = Prop(int, NettySystemConfig.write_buffer_low_water_mark)
    frame_max_length = Prop(int, NettySystemConfig.frame_max_length)

    def get_client_worker_threads(self) -> int: return self.client_worker_threads
    def set_client_worker_threads(self, client_worker_threads: int) -> None:
        self.client_worker_threads = client_worker_threads
    def get_client_callback_executor_threads(self) -> int: return self.client_callback_executor_threads
    def set_client_callback_executor_threads(self, client_callback_executor_threads: int) -> None:
        self.client_callback_executor_threads = client_callback_executor_threads
    def get_client_oneway_semaphore_value(self) -> int: return self.client_oneway_semaphore_value
    def set_client_oneway_semaphore_value(self, client_oneway_semaphore_value: int) -> None:
        self.client_oneway_semaphore_value = client_oneway_semaphore_value
    def get_client_async_semaphore_value(self) -> int: return self.client_async_semaphore_value
    def set_client_async_semaphore_value(self, client_async_semaphore_value: int) -> None:
        self.client_async_semaphore_value = client_async_semaphore_value
    def get_connect_timeout_millis(self) -> int: return self.connect_timeout_millis
    def set_connect_timeout_millis(self, connect_timeout_millis: int) -> None:
        self.connect_timeout_millis = connect_timeout_millis
    def get_channel_not_active_interval(self) -> int: return self.channel_not_active_interval
    def set_channel_not_active_interval(self, channel_not_active_interval: int) -> None:
        self.channel_not_active_interval = channel_not_active_interval
    def get_client_channel_max_idle_time_seconds(self) -> int: return self.client_channel_max_idle_time_seconds
    def set_client_channel_max_idle_time_seconds(self, client_channel_max_idle_time_seconds: int) -> None:
        self.client_channel_max_idle_time_seconds = client_channel_max_idle_time_seconds
    def get_client_socket_snd_buf_size(self) -> int: return self.client_socket_snd_buf_size
    def set_client_socket_snd_buf_size(self, client_socket_snd_buf_size: int) -> None:
        self.client_socket_snd_buf_size = client_socket_snd_buf_size
    def get_client_socket_rcv_buf_size(self) -> int: return self.client_socket_rcv_buf_size
    def set_client_socket_rcv_buf_size(self, client_socket_rcv_buf_size: int) -> None:
        self.client_socket_rcv_buf_size = client_socket_rcv_buf_size
    def get_client_pooled_byte_buf_allocator_enable(self) -> bool: return self.client_pooled_byte_buf_allocator_enable
    def is_client_pooled_byte_buf_allocator_enable(self) -> bool: return self.client_pooled_byte_buf_allocator_enable
    def set_client_pooled_byte_buf_allocator_enable(self, client_pooled_byte_buf_allocator_enable: bool) -> None:
        self.client_pooled_byte_buf_allocator_enable = client_pooled_byte_buf_allocator_enable
    def get_client_close_socket_if_timeout(self) -> bool: return self.client_close_socket_if_timeout
    def is_client_close_socket_if_timeout(self) -> bool: return self.client_close_socket_if_timeout
    def set_client_close_socket_if_timeout(self, client_close_socket_if_timeout: bool) -> None:
        self.client_close_socket_if_timeout = client_close_socket_if_timeout
    def get_use_tls(self) -> bool: return self.use_tls
    def is_use_tls(self) -> bool: return self.use_tls
    def set_use_tls(self, use_tls: bool) -> None: self.use_tls = use_tls
    def get_write_buffer_high_water_mark(self) -> int: return self.write_buffer_high_water_mark
    def set_write_buffer_high_water_mark(self, write_buffer_high_water_mark: int) -> None:
        self.write_buffer_high_water_mark = write_buffer_high_water_mark
    def get_write_buffer_low_water_mark(self) -> int: return self.write_buffer_low_water_mark
    def set_write_buffer_low_water_mark(self, write_buffer_low_water_mark: int) -> None:
        self.write_buffer_low_water_mark = write_buffer_low_water_mark
    def get_frame_max_length(self) -> int: return self.frame_max_length
    def set_frame_max_length(self, frame_max_length: int) -> None: self.frame_max_length = frame_max_length
