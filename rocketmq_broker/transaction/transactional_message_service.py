"""Java ``org.apache.rocketmq.broker.transaction.TransactionalMessageService``: the transaction service API."""
from __future__ import annotations

import concurrent.futures
from typing import TYPE_CHECKING

from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.protocol.header.end_transaction_request_header import EndTransactionRequestHeader

if TYPE_CHECKING:
    from rocketmq_broker.transaction.abstract_transactional_message_check_listener import \
        AbstractTransactionalMessageCheckListener
    from rocketmq_broker.transaction.operation_result import OperationResult

__all__ = ["TransactionalMessageService"]


class TransactionalMessageService:
    """Half messages, their commit / rollback and the check-back of undecided ones (Java interface)."""

    def prepare_message(self, message_inner: MessageExtBrokerInner) -> PutMessageResult:
        """Java ``prepareMessage``: store a half (prepared) message."""
        raise NotImplementedError

    def async_prepare_message(self, message_inner: MessageExtBrokerInner
                              ) -> "concurrent.futures.Future[PutMessageResult]":
        """Java ``asyncPrepareMessage``."""
        raise NotImplementedError

    def delete_prepare_message(self, message_ext: MessageExt) -> bool:
        """Java ``deletePrepareMessage``: mark a committed or rolled-back half message as decided."""
        raise NotImplementedError

    def commit_message(self, request_header: EndTransactionRequestHeader) -> "OperationResult":
        """Java ``commitMessage``: find the half message to commit."""
        raise NotImplementedError

    def rollback_message(self, request_header: EndTransactionRequestHeader) -> "OperationResult":
        """Java ``rollbackMessage``: find the half message to roll back."""
        raise NotImplementedError

    def check(self, transaction_timeout: int, transaction_check_max: int,
              listener: "AbstractTransactionalMessageCheckListener") -> None:
        """Java ``check``: send a check for every undecided half message older than ``transaction_timeout`` ms,
        discard those checked ``transaction_check_max`` times."""
        raise NotImplementedError

    def open(self) -> bool:
        """Java ``open``."""
        raise NotImplementedError

    def close(self) -> None:
        """Java ``close``."""
        raise NotImplementedError
