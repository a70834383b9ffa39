"""Java ``org.apache.rocketmq.client.impl.consumer.MessageRequest`` (5.3.3): what the pull message service queues,
a :class:`PullRequest` or a :class:`PopRequest`."""
from __future__ import annotations

from rocketmq_common.message.message_request_mode import MessageRequestMode

__all__ = ["MessageRequest"]


class MessageRequest:
    """A request the :class:`PullMessageService` runs: its mode says which consumer method takes it."""

    def get_message_request_mode(self) -> MessageRequestMode:
        """Java ``getMessageRequestMode``."""
        raise NotImplementedError
