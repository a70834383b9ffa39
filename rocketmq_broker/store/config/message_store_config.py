"""Java ``org.apache.rocketmq.store.config.MessageStoreConfig``: every store setting, Java names and defaults.

The Java property names (``storePathRootDir``, ``flushDiskType``...) are the bean wire names, so a broker
configuration file maps onto these attributes. Commit-log segment files are preallocated (sparse) to
``mapped_file_size_commit_log`` and memory-mapped, like Java's (with ``transient_store_pool_enable`` they grow as
the buffered records are written instead; see MappedFile).
"""
from __future__ import annotations

import os

from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.config.flush_disk_type import FlushDiskType
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MessageStoreConfig"]

#: Java ``ConsumeQueue.CQ_STORE_UNIT_SIZE`` (kept here to avoid an import cycle)
_CQ_STORE_UNIT_SIZE = 20


class MessageStoreConfig(Bean):
    """Store settings (Java field names in snake_case, Java defaults)."""

    #: Java ``MULTI_PATH_SPLITTER`` (several commit-log paths are not supported by this store)
    MULTI_PATH_SPLITTER = ","

    store_path_root_dir = Prop(str, os.path.join(os.path.expanduser("~"), "store"))
    store_path_commit_log = Prop(str)
    mapped_file_size_commit_log = Prop(int, 1024 * 1024 * 1024)
    mapped_file_size_consume_queue = Prop(int, 300000 * _CQ_STORE_UNIT_SIZE)
    flush_interval_commit_log = Prop(int, 500)
    flush_commit_log_timed = Prop(bool, True)
    flush_interval_consume_queue = Prop(int, 1000)
    clean_resource_interval = Prop(int, 10000)
    delete_commit_log_files_interval = Prop(int, 100)
    delete_consume_queue_files_interval = Prop(int, 100)
    destroy_maped_file_interval_forcibly = Prop(int, 1000 * 120)
    redelete_hanged_file_interval = Prop(int, 1000 * 120)
    delete_when = Prop(str, "04")
    disk_max_used_space_ratio = Prop(int, 75)
    file_reserved_time = Prop(int, 72)
    max_message_size = Prop(int, 1024 * 1024 * 4)
    check_crc_on_recover = Prop(bool, True, wire="checkCRCOnRecover")
    flush_commit_log_least_pages = Prop(int, 4)
    flush_consume_queue_least_pages = Prop(int, 2)
    flush_commit_log_thorough_interval = Prop(int, 1000 * 10)
    flush_consume_queue_thorough_interval = Prop(int, 1000 * 60)
    max_transfer_bytes_on_message_in_memory = Prop(int, 1024 * 256)
    max_transfer_count_on_message_in_memory = Prop(int, 32)
    max_transfer_bytes_on_message_in_disk = Prop(int, 1024 * 64)
    max_transfer_count_on_message_in_disk = Prop(int, 8)
    access_message_in_memory_max_ratio = Prop(int, 40)
    message_index_enable = Prop(bool, True)
    max_hash_slot_num = Prop(int, 5000000)
    max_index_num = Prop(int, 5000000 * 4)
    max_msgs_num_batch = Prop(int, 64)
    message_index_safe = Prop(bool, False)
    ha_listen_port = Prop(int, 10912)
    ha_master_address = Prop(str)
    broker_role = Prop(BrokerRole, BrokerRole.ASYNC_MASTER)
    flush_disk_type = Prop(FlushDiskType, FlushDiskType.ASYNC_FLUSH)
    sync_flush_timeout = Prop(int, 1000 * 5)
    slave_timeout = Prop(int, 3000)
    message_delay_level = Prop(str, "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h")
    flush_delay_offset_interval = Prop(int, 1000 * 10)
    clean_file_forcibly_enable = Prop(bool, True)
    offset_check_in_slave = Prop(bool, False)
    duplication_enable = Prop(bool, False)
    disk_fall_recorded = Prop(bool, True)
    os_page_cache_busy_time_out_mills = Prop(int, 1000)
    default_query_max_num = Prop(int, 32)
    enable_schedule_message_stats = Prop(bool, True)
    use_reentrant_lock_when_put_message = Prop(bool, True)
    transient_store_pool_enable = Prop(bool, False)
    # the timer wheel (delay by any time) of 5.3.3, with 5.3.3's defaults; see TimerMessageStore
    timer_wheel_enable = Prop(bool, True)
    timer_max_delay_sec = Prop(int, 3600 * 24 * 3)
    timer_precision_ms = Prop(int, 1000)
    timer_flush_interval_ms = Prop(int, 1000)
    timer_congest_num_each_slot = Prop(int, (1 << 31) - 1)
    timer_enable_disruptor = Prop(bool, False)  # accepted from a 5.3.3 file; one dequeue thread here either way
    timer_skip_unknown_error = Prop(bool, False)
    #: 5.3.3: the commit log files are read ahead (madvise NORMAL); SET_COMMITLOG_READ_MODE 1 turns it off (RANDOM)
    data_read_ahead_enable = Prop(bool, True)

    def normalize(self) -> None:
        """Turn enum settings given by name (as read from a properties file) into the enums."""
        if isinstance(self.flush_disk_type, str):
            self.flush_disk_type = FlushDiskType(self.flush_disk_type.strip().upper())
        if isinstance(self.broker_role, str):
            self.broker_role = BrokerRole(self.broker_role.strip().upper())

    def set_timer_precision_ms(self, timer_precision_ms: int) -> None:
        """Java 5.3.3 ``setTimerPrecisionMs``: the largest of 100, 200, 500, 1000 ms not above the value asked."""
        candidates = (100, 200, 500, 1000)
        chosen = candidates[0]
        for candidate in candidates:
            if timer_precision_ms >= candidate:
                chosen = candidate
        self.timer_precision_ms = chosen

    def get_store_path_commit_log(self) -> str:
        """Java ``getStorePathCommitLog``: ``<root>/commitlog`` unless set."""
        if self.store_path_commit_log is None:
            return os.path.join(self.store_path_root_dir, "commitlog")
        return self.store_path_commit_log

    def get_mapped_file_size_consume_queue(self) -> int:
        """Java ``getMappedFileSizeConsumeQueue``: rounded up to whole 20-byte entries."""
        factor = -(-self.mapped_file_size_consume_queue // _CQ_STORE_UNIT_SIZE)
        return factor * _CQ_STORE_UNIT_SIZE

    def get_disk_max_used_space_ratio(self) -> int:
        """Java ``getDiskMaxUsedSpaceRatio``: clamped to 10..95."""
        return min(95, max(10, self.disk_max_used_space_ratio))

    def is_transient_store_pool_enable(self) -> bool:
        """Java ``isTransientStorePoolEnable``: ``transient_store_pool_enable`` on an ASYNC_FLUSH master. The
        commit log then buffers appends in memory until the flush service writes them (see MappedFile) instead of
        copying them into the memory-mapped segment: no faster here (both avoid a system call per append), and a
        crash of the broker process loses the acknowledged messages still buffered (up to 64 KiB or one flush
        interval), as in Java."""
        return (self.transient_store_pool_enable and self.flush_disk_type is FlushDiskType.ASYNC_FLUSH
                and self.broker_role is not BrokerRole.SLAVE)

    def is_enable_dleger_commit_log(self) -> bool:
        """Java ``isEnableDLegerCommitLog``: DLedger is not supported."""
        return False
