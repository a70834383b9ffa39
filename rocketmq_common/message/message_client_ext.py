"""Java ``org.apache.rocketmq.common.message.MessageClientExt``: a stored message as the client sees it."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt

__all__ = ["MessageClientExt"]


class MessageClientExt(MessageExt):
    """``get_msg_id`` is the client's unique id (``UNIQ_KEY``) when present, else the offset message id."""

    def get_offset_msg_id(self) -> Optional[str]:
        """Java ``getOffsetMsgId``: the offset message id (store host + commit-log offset)."""
        return self.msg_id

    def set_offset_msg_id(self, offset_msg_id: str) -> None:
        """Java ``setOffsetMsgId``."""
        self.msg_id = offset_msg_id

    def get_msg_id(self) -> str:
        """Java ``getMsgId``: ``UNIQ_KEY``, else the offset message id."""
        props = self.properties
        uniq_id = props.get(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX) if props else None
        return self.msg_id if uniq_id is None else uniq_id

    def set_msg_id(self, msg_id: Optional[str]) -> None:
        """Java ``setMsgId``: does nothing (the id is the unique key or the offset id)."""
