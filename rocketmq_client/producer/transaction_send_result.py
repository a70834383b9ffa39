"""Java ``org.apache.rocketmq.client.producer.TransactionSendResult``."""
from __future__ import annotations

from typing import Optional

from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_result import SendResult
from rocketmq_remoting.common.bean import Prop

__all__ = ["TransactionSendResult"]


class TransactionSendResult(SendResult):
    """A :class:`SendResult` with the outcome of the local transaction."""

    local_transaction_state = Prop(LocalTransactionState)

    def get_local_transaction_state(self) -> LocalTransactionState: return self.local_transaction_state
    def set_local_transaction_state(self, local_transaction_state: Optional[LocalTransactionState]) -> None:
        self.local_transaction_state = local_transaction_state
