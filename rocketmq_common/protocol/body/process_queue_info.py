"""Java ``org.apache.rocketmq.common.protocol.body.ProcessQueueInfo``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["ProcessQueueInfo"]


class ProcessQueueInfo(Bean):
    """Snapshot of a push consumer's process queue (in ConsumerRunningInfo.mqTable); ``droped`` is Java's spelling."""

    commit_offset = Prop(int, 0)
    cached_msg_min_offset = Prop(int, 0)
    cached_msg_max_offset = Prop(int, 0)
    cached_msg_count = Prop(int, 0)
    cached_msg_size_in_mib = Prop(int, 0, wire="cachedMsgSizeInMiB")
    transaction_msg_min_offset = Prop(int, 0)
    transaction_msg_max_offset = Prop(int, 0)
    transaction_msg_count = Prop(int, 0)
    locked = Prop(bool, False)
    try_unlock_times = Prop(int, 0)
    last_lock_timestamp = Prop(int, 0)
    droped = Prop(bool, False)
    last_pull_timestamp = Prop(int, 0)
    last_consume_timestamp = Prop(int, 0)

    def get_commit_offset(self) -> int: return self.commit_offset
    def set_commit_offset(self, commit_offset: int) -> None: self.commit_offset = commit_offset
    def get_cached_msg_min_offset(self) -> int: return self.cached_msg_min_offset
    def set_cached_msg_min_offset(self, cached_msg_min_offset: int) -> None:
        self.cached_msg_min_offset = cached_msg_min_offset
    def get_cached_msg_max_offset(self) -> int: return self.cached_msg_max_offset
    def set_cached_msg_max_offset(self, cached_msg_max_offset: int) -> None:
        self.cached_msg_max_offset = cached_msg_max_offset
    def get_cached_msg_count(self) -> int: return self.cached_msg_count
    def set_cached_msg_count(self, cached_msg_count: int) -> None: self.cached_msg_count = cached_msg_count
    def get_cached_msg_size_in_mib(self) -> int: return self.cached_msg_size_in_mib
    def set_cached_msg_size_in_mib(self, cached_msg_size_in_mib: int) -> None:
        self.cached_msg_size_in_mib = cached_msg_size_in_mib
    def get_transaction_msg_min_offset(self) -> int: return self.transaction_msg_min_offset
    def set_transaction_msg_min_offset(self, transaction_msg_min_offset: int) -> None:
        self.transaction_msg_min_offset = transaction_msg_min_offset
    def get_transaction_msg_max_offset(self) -> int: return self.transaction_msg_max_offset
    def set_transaction_msg_max_offset(self, transaction_msg_max_offset: int) -> None:
        self.transaction_msg_max_offset = transaction_msg_max_offset
    def get_transaction_msg_count(self) -> int: return self.transaction_msg_count
    def set_transaction_msg_count(self, transaction_msg_count: int) -> None:
        self.transaction_msg_count = transaction_msg_count
    def get_locked(self) -> bool: return self.locked
    def is_locked(self) -> bool: return self.locked
    def set_locked(self, locked: bool) -> None: self.locked = locked
    def get_try_unlock_times(self) -> int: return self.try_unlock_times
    def set_try_unlock_times(self, try_unlock_times: int) -> None: self.try_unlock_times = try_unlock_times
    def get_last_lock_timestamp(self) -> int: return self.last_lock_timestamp
    def set_last_lock_timestamp(self, last_lock_timestamp: int) -> None: self.last_lock_timestamp = last_lock_timestamp
    def get_droped(self) -> bool: return self.droped
    def is_droped(self) -> bool: return self.droped
    def set_droped(self, droped: bool) -> None: self.droped = droped
    def get_last_pull_timestamp(self) -> int: return self.last_pull_timestamp
    def set_last_pull_timestamp(self, last_pull_timestamp: int) -> None: self.last_pull_timestamp = last_pull_timestamp
    def get_last_consume_timestamp(self) -> int: return self.last_consume_timestamp
    def set_last_consume_timestamp(self, last_consume_timestamp: int) -> None:
        self.last_consume_timestamp = last_consume_timestamp
