"""Java ``org.apache.rocketmq.client.hook.EndTransactionContext``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["EndTransactionContext"]


class EndTransactionContext(Bean):
    """What an EndTransactionHook sees when a transaction ends."""

    producer_group = Prop(str)
    message = Prop(object)
    broker_addr = Prop(str)
    msg_id = Prop(str)
    transaction_id = Prop(str)
    transaction_state = Prop(LocalTransactionState)
    from_transaction_check = Prop(bool, False)

    def get_producer_group(self) -> str: return self.producer_group
    def set_producer_group(self, producer_group: Optional[str]) -> None: self.producer_group = producer_group
    def get_message(self) -> Any: return self.message
    def set_message(self, message: Any) -> None: self.message = message
    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
    def get_transaction_id(self) -> str: return self.transaction_id
    def set_transaction_id(self, transaction_id: Optional[str]) -> None: self.transaction_id = transaction_id
    def get_transaction_state(self) -> LocalTransactionState: return self.transaction_state
    def set_transaction_state(self, transaction_state: Optional[LocalTransactionState]) -> None:
        self.transaction_state = transaction_state
    def get_from_transaction_check(self) -> bool: return self.from_transaction_check
    def is_from_transaction_check(self) -> bool: return self.from_transaction_check
    def set_from_transaction_check(self, from_transaction_check: bool) -> None:
        self.from_transaction_check = from_transaction_check
