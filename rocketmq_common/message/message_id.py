"""Java ``org.apache.rocketmq.common.message.MessageId``: a decoded offset message id."""
from __future__ import annotations

from typing import Any, Tuple

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MessageId"]


class MessageId(Bean):
    """Store host ``(ip, port)`` and commit-log offset of a message."""

    address = Prop(object)
    offset = Prop(int, 0)

    def get_address(self) -> Any: return self.address
    def set_address(self, address: Any) -> None: self.address = address
    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: int) -> None: self.offset = offset

    def __init__(self, address: Tuple[str, int], offset: int) -> None:
        self.address = address
        self.offset = offset

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MessageId):
            return NotImplemented
        return self.address == other.address and self.offset == other.offset

    def __hash__(self) -> int:
        return hash((self.address, self.offset))
