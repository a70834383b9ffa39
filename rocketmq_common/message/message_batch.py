"""Java ``org.apache.rocketmq.common.message.MessageBatch``: several messages sent as one SEND_BATCH_MESSAGE."""
from __future__ import annotations

from typing import Iterable, Iterator, List

from rocketmq_common.message.message import Message
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.mix_all import MixAll

__all__ = ["MessageBatch"]


class MessageBatch(Message):
    """A batch: the topic and ``WAIT`` of its messages; its body is :meth:`encode` of them."""

    def __init__(self, messages: List[Message]) -> None:
        """Use :meth:`generate_from_list` (the Java constructor is private)."""
        super().__init__()
        self.messages = messages

    def encode(self) -> bytes:
        """Java ``encode``: the batch records of the messages."""
        return MessageDecoder.encode_messages(self.messages)

    def __iter__(self) -> Iterator[Message]:
        return iter(self.messages)

    def iterator(self) -> Iterator[Message]:
        """Java ``iterator``."""
        return iter(self.messages)

    @staticmethod
    def generate_from_list(messages: Iterable[Message]) -> "MessageBatch":
        """Java ``generateFromList``: all messages must share topic and ``WAIT``; delayed messages and retry
        topics are refused (``NotImplementedError``, Java's ``UnsupportedOperationException``); an item that is
        not a :class:`Message` raises ``TypeError``."""
        message_list: List[Message] = []
        first = None
        for message in messages:
            if not isinstance(message, Message):
                raise TypeError("messages must hold only Message objects, not %s" % type(message).__name__)
            if message.get_delay_time_level() > 0:
                raise NotImplementedError("TimeDelayLevel is not supported for batching")
            if message.get_topic().startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                raise NotImplementedError("Retry Group is not supported for batching")
            if first is None:
                first = message
            else:
                if first.get_topic() != message.get_topic():
                    raise NotImplementedError("The topic of the messages in one batch should be the same")
                if first.is_wait_store_msg_ok() != message.is_wait_store_msg_ok():
                    raise NotImplementedError("The waitStoreMsgOK of the messages in one batch should the same")
            message_list.append(message)
        if first is None:
            raise ValueError("a batch needs at least one message")
        batch = MessageBatch(message_list)
        batch.set_topic(first.get_topic())
        batch.set_wait_store_msg_ok(first.is_wait_store_msg_ok())
        return batch
