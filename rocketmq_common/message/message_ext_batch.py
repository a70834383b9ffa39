"""Java ``org.apache.rocketmq.common.message.MessageExtBatch``: a batch as the broker receives it."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import Prop

__all__ = ["MessageExtBatch"]


class MessageExtBatch(MessageExt):
    """The body holds the encoded batch records (``MessageDecoder.encode_messages``)."""

    encoded_buff = Prop(bytes)

    def get_encoded_buff(self) -> bytes: return self.encoded_buff
    def set_encoded_buff(self, encoded_buff: Optional[bytes]) -> None: self.encoded_buff = encoded_buff

    def wrap(self) -> memoryview:
        """Java ``wrap``: a view of the body."""
        if self.body is None:
            raise ValueError("MessageExtBatch has no body")
        return memoryview(self.body)
