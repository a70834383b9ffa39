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
