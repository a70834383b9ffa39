"""Java ``org.apache.rocketmq.client.producer.TransactionSendResult``."""
from __future__ import annotations

from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_result import SendResult
from rocketmq_remoting.common.bean import Prop

__all__ = ["TransactionSendResult"]


class TransactionSendResult(SendResult):
    """A :class:`SendResult` with the outcome of the local transaction."""

    local_transaction_state = Prop(LocalTransactionState)
