"""Java ``org.apache.rocketmq.client.producer.TransactionListener``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rocketmq_client.producer.local_transaction_state import LocalTransactionState
    from rocketmq_common.message.message import Message
    from rocketmq_common.message.message_ext import MessageExt

__all__ = ["TransactionListener"]


class TransactionListener:
    """The application side of a transactional send (``TransactionMQProducer``)."""

    def execute_local_transaction(self, msg: "Message", arg: Any) -> "LocalTransactionState":
        """Run the local transaction once the half message is stored; an exception or None counts as
        ``UNKNOW``."""
        raise NotImplementedError

    def check_local_transaction(self, msg: "MessageExt") -> "LocalTransactionState":
        """Answer the broker's check of a half message whose outcome it does not know."""
        raise NotImplementedError
