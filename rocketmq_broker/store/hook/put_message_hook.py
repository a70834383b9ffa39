"""Java 5.3.3 ``org.apache.rocketmq.store.hook.PutMessageHook``: runs before the store appends a message."""
from __future__ import annotations

from typing import Optional

from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner

__all__ = ["PutMessageHook"]


class PutMessageHook:
    """A hook of ``DefaultMessageStore.put_message``: it may change the message (the timer and delay-level
    conversions) or refuse it by returning a result; ``None`` lets the put go on."""

    def get_hook_name(self) -> str:
        """Java ``getHookName``."""
        raise NotImplementedError

    def execute_before_put_message(self, msg: MessageExtBrokerInner) -> Optional[PutMessageResult]:
        """Java ``executeBeforePutMessage``."""
        raise NotImplementedError
