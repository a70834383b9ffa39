"""Java ``org.apache.rocketmq.broker.longpolling.PopRequest`` (5.3.3): a POP_MESSAGE held until a message
arrives or its poll time is over."""
from __future__ import annotations

import itertools
import threading
import time
from typing import TYPE_CHECKING, Any, Optional, Tuple

if TYPE_CHECKING:
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
    from rocketmq_remoting.netty.channel import Channel
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["PopRequest"]

_COUNTER = itertools.count()


class PopRequest:
    """The held request, its connection, its expiry (born time + poll time, ms) and the filter of its
    subscription; ordered by expiry then arrival (Java ``COMPARATOR``). :meth:`complete` succeeds once, so a
    request woken by a message and by its expiry at the same time is answered once."""

    def __init__(self, remoting_command: "RemotingCommand", ctx: "ChannelHandlerContext", expired: int,
                 subscription_data: Optional["SubscriptionData"], message_filter: Any) -> None:
        self.remoting_command = remoting_command
        self.ctx = ctx
        self.expired = expired
        self.subscription_data = subscription_data
        self.message_filter = message_filter
        self.op = next(_COUNTER)
        self._completed = False
        self._lock = threading.Lock()

    def get_channel(self) -> "Channel":
        return self.ctx.channel()

    def get_ctx(self) -> "ChannelHandlerContext":
        return self.ctx

    def get_remoting_command(self) -> "RemotingCommand":
        return self.remoting_command

    def get_expired(self) -> int:
        return self.expired

    def get_subscription_data(self) -> Optional["SubscriptionData"]:
        return self.subscription_data

    def get_message_filter(self) -> Any:
        return self.message_filter

    def is_timeout(self) -> bool:
        """Java ``isTimeout``: less than 50 ms of poll time left."""
        return int(time.time() * 1000) > self.expired - 50

    def complete(self) -> bool:
        """Java ``complete``: True for the first caller only."""
        with self._lock:
            if self._completed:
                return False
            self._completed = True
            return True

    def sort_key(self) -> Tuple[int, int]:
        """Java ``COMPARATOR``: expiry, then arrival."""
        return self.expired, self.op

    def __repr__(self) -> str:
        return "PopRequest{cmd=%s, ctx=%s, expired=%d, messageFilter=%s}" % (
            self.remoting_command, self.ctx, self.expired, self.message_filter)
