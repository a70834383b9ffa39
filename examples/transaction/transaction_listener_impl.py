"""Java ``org.apache.rocketmq.example.transaction.TransactionListenerImpl``: every local transaction answers UNKNOW,
so the broker checks back; the check answers UNKNOW, COMMIT_MESSAGE or ROLLBACK_MESSAGE in turn (by message index
modulo 3). Not a script: examples/transaction/transaction_producer.py uses it."""
import itertools
import threading
from typing import Dict, Set

from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.transaction_listener import TransactionListener


class TransactionListenerImpl(TransactionListener):
    def __init__(self) -> None:
        self.transaction_index = itertools.count()
        self.local_trans: Dict[str, int] = {}
        #: transaction ids whose check answered COMMIT_MESSAGE or ROLLBACK_MESSAGE (for the example's own check)
        self.resolved: Set[str] = set()
        self.condition = threading.Condition()

    def execute_local_transaction(self, msg, arg):
        value = next(self.transaction_index)
        status = value % 3
        self.local_trans[msg.get_transaction_id()] = status
        return LocalTransactionState.UNKNOW

    def check_local_transaction(self, msg):
        status = self.local_trans.get(msg.get_transaction_id())
        if status == 0:
            return LocalTransactionState.UNKNOW
        with self.condition:
            self.resolved.add(msg.get_transaction_id())
            self.condition.notify_all()
        if status == 2:
            return LocalTransactionState.ROLLBACK_MESSAGE
        return LocalTransactionState.COMMIT_MESSAGE

    def await_resolved(self, count: int, timeout: float) -> bool:
        """True when ``count`` transactions were committed or rolled back by a check within ``timeout`` seconds."""
        with self.condition:
            return self.condition.wait_for(lambda: len(self.resolved) >= count, timeout)
