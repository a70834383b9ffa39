"""Java ``org.apache.rocketmq.store.CommitLogDispatcher`` and the store's two built-in dispatchers."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rocketmq_broker.store.dispatch_request import DispatchRequest
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag

if TYPE_CHECKING:
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["CommitLogDispatcher", "CommitLogDispatcherBuildConsumeQueue", "CommitLogDispatcherBuildIndex"]

_TRANSACTION_MASK = MessageSysFlag.TRANSACTION_ROLLBACK_TYPE
_TRANSACTION_NOT_TYPE = MessageSysFlag.TRANSACTION_NOT_TYPE
_TRANSACTION_COMMIT_TYPE = MessageSysFlag.TRANSACTION_COMMIT_TYPE


class CommitLogDispatcher:
    """Interface: builds consume queues, indexes or filter data from each appended record."""

    def dispatch(self, request: DispatchRequest) -> None:
        """Java ``dispatch``."""
        raise NotImplementedError


class CommitLogDispatcherBuildConsumeQueue(CommitLogDispatcher):
    """Java ``DefaultMessageStore.CommitLogDispatcherBuildConsumeQueue``: prepared and rolled-back
    transactional messages get no consume-queue entry."""

    def __init__(self, store: "DefaultMessageStore") -> None:
        self.store = store

    def dispatch(self, request: DispatchRequest) -> None:
        """Java ``dispatch``."""
        tran_type = request.sys_flag & _TRANSACTION_MASK
        if tran_type == _TRANSACTION_NOT_TYPE or tran_type == _TRANSACTION_COMMIT_TYPE:
            self.store.put_message_position_info(request)


class CommitLogDispatcherBuildIndex(CommitLogDispatcher):
    """Java ``DefaultMessageStore.CommitLogDispatcherBuildIndex``."""

    def __init__(self, store: "DefaultMessageStore") -> None:
        self.store = store

    def dispatch(self, request: DispatchRequest) -> None:
        """Java ``dispatch``."""
        if self.store.message_store_config.message_index_enable:
            self.store.index_service.build_index(request)
