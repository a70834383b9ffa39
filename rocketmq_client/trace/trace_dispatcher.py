"""Java ``org.apache.rocketmq.client.trace.TraceDispatcher``."""
from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from rocketmq_client.client_config import AccessChannel

__all__ = ["TraceDispatcher"]


class TraceDispatcher:
    """Interface of the asynchronous transfer of trace data."""

    class Type(enum.Enum):
        """Java ``TraceDispatcher.Type``: the host is a producer or a consumer."""

        PRODUCE = 0
        CONSUME = 1

    def start(self, name_srv_addr: Optional[str], access_channel: "AccessChannel") -> None:
        """Java ``start``: initialise the transfer (raises MQClientException)."""
        raise NotImplementedError

    def append(self, ctx: Any) -> bool:
        """Java ``append``: queue a TraceContext; False when it was dropped."""
        raise NotImplementedError

    def flush(self) -> None:
        """Java ``flush``: send what is buffered."""
        raise NotImplementedError

    def shutdown(self) -> None:
        """Java ``shutdown``: flush and stop."""
        raise NotImplementedError
