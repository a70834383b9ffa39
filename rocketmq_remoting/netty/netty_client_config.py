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
