"""Java ``org.apache.rocketmq.client.hook.EndTransactionContext``."""
from __future__ import annotations

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
