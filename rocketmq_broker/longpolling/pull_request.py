"""Java ``org.apache.rocketmq.broker.longpolling.PullRequest``: a suspended PULL_MESSAGE request."""
from __future__ import annotations

from typing import Optional

from rocketmq_broker.store.message_filter import MessageFilter
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.netty.channel import Channel
from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["PullRequest"]


class PullRequest(Bean):
    """The held request with its channel, hold time (ms), suspend time (ms since the epoch), the offset it
    waits beyond, its subscription and filter. ``ctx`` (not in Java) is the request's response writer: the
    re-evaluated answer goes out through it, in the request's serialize type."""

    request_command = Prop(RemotingCommand)
    client_channel = Prop(Channel)
    timeout_millis = Prop(int, 0)
    suspend_timestamp = Prop(int, 0)
    pull_from_this_offset = Prop(int, 0)
    subscription_data = Prop(SubscriptionData)
    message_filter = Prop(MessageFilter)
    ctx = Prop(ChannelHandlerContext)

    def get_request_command(self) -> RemotingCommand: return self.request_command
    def set_request_command(self, request_command: Optional[RemotingCommand]) -> None:
        self.request_command = request_command
    def get_client_channel(self) -> Channel: return self.client_channel
    def set_client_channel(self, client_channel: Optional[Channel]) -> None: self.client_channel = client_channel
    def get_timeout_millis(self) -> int: return self.timeout_millis
    def set_timeout_millis(self, timeout_millis: int) -> None: self.timeout_millis = timeout_millis
    def get_suspend_timestamp(self) -> int: return self.suspend_timestamp
    def set_suspend_timestamp(self, suspend_timestamp: int) -> None: self.suspend_timestamp = suspend_timestamp
    def get_pull_from_this_offset(self) -> int: return self.pull_from_this_offset
    def set_pull_from_this_offset(self, pull_from_this_offset: int) -> None:
        self.pull_from_this_offset = pull_from_this_offset
    def get_subscription_data(self) -> SubscriptionData: return self.subscription_data
    def set_subscription_data(self, subscription_data: Optional[SubscriptionData]) -> None:
        self.subscription_data = subscription_data
    def get_message_filter(self) -> MessageFilter: return self.message_filter
    def set_message_filter(self, message_filter: Optional[MessageFilter]) -> None: self.message_filter = message_filter
    def get_ctx(self) -> ChannelHandlerContext: return self.ctx
    def set_ctx(self, ctx: Optional[ChannelHandlerContext]) -> None: self.ctx = ctx

    def __init__(self, request_command: RemotingCommand, client_channel: Channel, timeout_millis: int,
                 suspend_timestamp: int, pull_from_this_offset: int,
                 subscription_data: Optional[SubscriptionData], message_filter: MessageFilter,
                 ctx: ChannelHandlerContext) -> None:
        self.request_command = request_command
        self.client_channel = client_channel
        self.timeout_millis = timeout_millis
        self.suspend_timestamp = suspend_timestamp
        self.pull_from_this_offset = pull_from_this_offset
        self.subscription_data = subscription_data
        self.message_filter = message_filter
        self.ctx = ctx

    def __repr__(self) -> str:
        return "PullRequest [channel=%s, offset=%d, timeoutMillis=%d, suspendTimestamp=%d]" % (
            self.client_channel, self.pull_from_this_offset, self.timeout_millis, self.suspend_timestamp)
