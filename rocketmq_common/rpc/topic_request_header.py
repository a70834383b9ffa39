"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.TopicRequestHeader``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["TopicRequestHeader"]


class TopicRequestHeader(RpcRequestHeader):
    """Base of the request headers about a topic (abstract in Java; subclasses declare ``topic``). ``lo``
    ("logical"): None or True, the queue ids and offsets are a static topic's logical ones; False, a broker
    forwarding a request has resolved them to its physical ones already. Not sent while None."""

    lo = Prop(bool)

    def get_lo(self) -> bool: return self.lo
    def is_lo(self) -> bool: return self.lo
    def set_lo(self, lo: Optional[bool]) -> None: self.lo = lo

    if TYPE_CHECKING:  # Java's abstract getTopic / setTopic: every subclass declares the property
        topic: Optional[str]
