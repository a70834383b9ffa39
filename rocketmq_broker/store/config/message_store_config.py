"""Java ``org.apache.rocketmq.store.config.MessageStoreConfig``: every store setting, Java names and defaults.

The Java property names (``storePathRootDir``, ``flushDiskType``...) are the bean wire names, so a broker
configuration file maps onto these attributes. Commit-log segment files are preallocated (sparse) to
``mapped_file_size_commit_log`` and memory-mapped, like Java's (with ``transient_store_pool_enable`` they grow as
the buffered records are written instead; see MappedFile).
"""
from __future__ import annotations

import os
from typing import Optional

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

    def get_store_path_root_dir(self) -> str: return self.store_path_root_dir
    def set_store_path_root_dir(self, store_path_root_dir: str) -> None: self.store_path_root_dir = store_path_root_dir
    def set_store_path_commit_log(self, store_path_commit_log: Optional[str]) -> None:
        self.store_path_commit_log = store_path_commit_log
    def get_mapped_file_size_commit_log(self) -> int: return self.mapped_file_size_commit_log
    def set_mapped_file_size_commit_log(self, mapped_file_size_commit_log: int) -> None:
        self.mapped_file_size_commit_log = mapped_file_size_commit_log
    def set_mapped_file_size_consume_queue(self, mapped_file_size_consume_queue: int) -> None:
        self.mapped_file_size_consume_queue = mapped_file_size_consume_queue
    def get_flush_interval_commit_log(self) -> int: return self.flush_interval_commit_log
    def set_flush_interval_commit_log(self, flush_interval_commit_log: int) -> None:
        self.flush_interval_commit_log = flush_interval_commit_log
    def get_flush_commit_log_timed(self) -> bool: return self.flush_commit_log_timed
    def is_flush_commit_log_timed(self) -> bool: return self.flush_commit_log_timed
    def set_flush_commit_log_timed(self, flush_commit_log_timed: bool) -> None:
        self.flush_commit_log_timed = flush_commit_log_timed
    def get_flush_interval_consume_queue(self) -> int: return self.flush_interval_consume_queue
    def set_flush_interval_consume_queue(self, flush_interval_consume_queue: int) -> None:
        self.flush_interval_consume_queue = flush_interval_consume_queue
    def get_clean_resource_interval(self) -> int: return self.clean_resource_interval
    def set_clean_resource_interval(self, clean_resource_interval: int) -> None:
        self.clean_resource_interval = clean_resource_interval
    def get_delete_commit_log_files_interval(self) -> int: return self.delete_commit_log_files_interval
    def set_delete_commit_log_files_interval(self, delete_commit_log_files_interval: int) -> None:
        self.delete_commit_log_files_interval = delete_commit_log_files_interval
    def get_delete_consume_queue_files_interval(self) -> int: return self.delete_consume_queue_files_interval
    def set_delete_consume_queue_files_interval(self, delete_consume_queue_files_interval: int) -> None:
        self.delete_consume_queue_files_interval = delete_consume_queue_files_interval
    def get_destroy_maped_file_interval_forcibly(self) -> int: return self.destroy_maped_file_interval_forcibly
    def set_destroy_maped_file_interval_forcibly(self, destroy_maped_file_interval_forcibly: int) -> None:
        self.destroy_maped_file_interval_forcibly = destroy_maped_file_interval_forcibly
    def get_redelete_hanged_file_interval(self) -> int: return self.redelete_hanged_file_interval
    def set_redelete_hanged_file_interval(self, redelete_hanged_file_interval: int) -> None:
        self.redelete_hanged_file_interval = redelete_hanged_file_interval
    def get_delete_when(self) -> str: return self.delete_when
    def set_delete_when(self, delete_when: str) -> None: self.delete_when = delete_when
    def set_disk_max_used_space_ratio(self, disk_max_used_space_ratio: int) -> None:
        self.disk_max_used_space_ratio = disk_max_used_space_ratio
    def get_file_reserved_time(self) -> int: return self.file_reserved_time
    def set_file_reserved_time(self, file_reserved_time: int) -> None: self.file_reserved_time = file_reserved_time
    def get_max_message_size(self) -> int: return self.max_message_size
    def set_max_message_size(self, max_message_size: int) -> None: self.max_message_size = max_message_size
    def get_check_crc_on_recover(self) -> bool: return self.check_crc_on_recover
    def is_check_crc_on_recover(self) -> bool: return self.check_crc_on_recover
    def set_check_crc_on_recover(self, check_crc_on_recover: bool) -> None:
        self.check_crc_on_recover = check_crc_on_recover
    def get_flush_commit_log_least_pages(self) -> int: return self.flush_commit_log_least_pages
    def set_flush_commit_log_least_pages(self, flush_commit_log_least_pages: int) -> None:
        self.flush_commit_log_least_pages = flush_commit_log_least_pages
    def get_flush_consume_queue_least_pages(self) -> int: return self.flush_consume_queue_least_pages
    def set_flush_consume_queue_least_pages(self, flush_consume_queue_least_pages: int) -> None:
        self.flush_consume_queue_least_pages = flush_consume_queue_least_pages
    def get_flush_commit_log_thorough_interval(self) -> int: return self.flush_commit_log_thorough_interval
    def set_flush_commit_log_thorough_interval(self, flush_commit_log_thorough_interval: int) -> None:
        self.flush_commit_log_thorough_interval = flush_commit_log_thorough_interval
    def get_flush_consume_queue_thorough_interval(self) -> int: return self.flush_consume_queue_thorough_interval
    def set_flush_consume_queue_thorough_interval(self, flush_consume_queue_thorough_interval: int) -> None:
        self.flush_consume_queue_thorough_interval = flush_consume_queue_thorough_interval
    def get_max_transfer_bytes_on_message_in_memory(self) -> int: return self.max_transfer_bytes_on_message_in_memory
    def set_max_transfer_bytes_on_message_in_memory(self, max_transfer_bytes_on_message_in_memory: int) -> None:
        self.max_transfer_bytes_on_message_in_memory = max_transfer_bytes_on_message_in_memory
    def get_max_transfer_count_on_message_in_memory(self) -> int: return self.max_transfer_count_on_message_in_memory
    def set_max_transfer_count_on_message_in_memory(self, max_transfer_count_on_message_in_memory: int) -> None:
        self.max_transfer_count_on_message_in_memory = max_transfer_count_on_message_in_memory
    def get_max_transfer_bytes_on_message_in_disk(self) -> int: return self.max_transfer_bytes_on_message_in_disk
    def set_max_transfer_bytes_on_message_in_disk(self, max_transfer_bytes_on_message_in_disk: int) -> None:
        self.max_transfer_bytes_on_message_in_disk = max_transfer_bytes_on_message_in_disk
    def get_max_transfer_count_on_message_in_disk(self) -> int: return self.max_transfer_count_on_message_in_disk
    def set_max_transfer_count_on_message_in_disk(self, max_transfer_count_on_message_in_disk: int) -> None:
        self.max_transfer_count_on_message_in_disk = max_transfer_count_on_message_in_disk
    def get_access_message_in_memory_max_ratio(self) -> int: return self.access_message_in_memory_max_ratio
    def set_access_message_in_memory_max_ratio(self, access_message_in_memory_max_ratio: int) -> None:
        self.access_message_in_memory_max_ratio = access_message_in_memory_max_ratio
    def get_message_index_enable(self) -> bool: return self.message_index_enable
    def is_message_index_enable(self) -> bool: return self.message_index_enable
    def set_message_index_enable(self, message_index_enable: bool) -> None:
        self.message_index_enable = message_index_enable
    def get_max_hash_slot_num(self) -> int: return self.max_hash_slot_num
    def set_max_hash_slot_num(self, max_hash_slot_num: int) -> None: self.max_hash_slot_num = max_hash_slot_num
    def get_max_index_num(self) -> int: return self.max_index_num
    def set_max_index_num(self, max_index_num: int) -> None: self.max_index_num = max_index_num
    def get_max_msgs_num_batch(self) -> int: return self.max_msgs_num_batch
    def set_max_msgs_num_batch(self, max_msgs_num_batch: int) -> None: self.max_msgs_num_batch = max_msgs_num_batch
    def get_message_index_safe(self) -> bool: return self.message_index_safe
    def is_message_index_safe(self) -> bool: return self.message_index_safe
    def set_message_index_safe(self, message_index_safe: bool) -> None: self.message_index_safe = message_index_safe
    def get_ha_listen_port(self) -> int: return self.ha_listen_port
    def set_ha_listen_port(self, ha_listen_port: int) -> None: self.ha_listen_port = ha_listen_port
    def get_ha_master_address(self) -> str: return self.ha_master_address
    def set_ha_master_address(self, ha_master_address: Optional[str]) -> None:
        self.ha_master_address = ha_master_address
    def get_broker_role(self) -> BrokerRole: return self.broker_role
    def set_broker_role(self, broker_role: BrokerRole) -> None: self.broker_role = broker_role
    def get_flush_disk_type(self) -> FlushDiskType: return self.flush_disk_type
    def set_flush_disk_type(self, flush_disk_type: FlushDiskType) -> None: self.flush_disk_type = flush_disk_type
    def get_sync_flush_timeout(self) -> int: return self.sync_flush_timeout
    def set_sync_flush_timeout(self, sync_flush_timeout: int) -> None: self.sync_flush_timeout = sync_flush_timeout
    def get_slave_timeout(self) -> int: return self.slave_timeout
    def set_slave_timeout(self, slave_timeout: int) -> None: self.slave_timeout = slave_timeout
    def get_message_delay_level(self) -> str: return self.message_delay_level
    def set_message_delay_level(self, message_delay_level: str) -> None: self.message_delay_level = message_delay_level
    def get_flush_delay_offset_interval(self) -> int: return self.flush_delay_offset_interval
    def set_flush_delay_offset_interval(self, flush_delay_offset_interval: int) -> None:
        self.flush_delay_offset_interval = flush_delay_offset_interval
    def get_clean_file_forcibly_enable(self) -> bool: return self.clean_file_forcibly_enable
    def is_clean_file_forcibly_enable(self) -> bool: return self.clean_file_forcibly_enable
    def set_clean_file_forcibly_enable(self, clean_file_forcibly_enable: bool) -> None:
        self.clean_file_forcibly_enable = clean_file_forcibly_enable
    def get_offset_check_in_slave(self) -> bool: return self.offset_check_in_slave
    def is_offset_check_in_slave(self) -> bool: return self.offset_check_in_slave
    def set_offset_check_in_slave(self, offset_check_in_slave: bool) -> None:
        self.offset_check_in_slave = offset_check_in_slave
    def get_duplication_enable(self) -> bool: return self.duplication_enable
    def is_duplication_enable(self) -> bool: return self.duplication_enable
    def set_duplication_enable(self, duplication_enable: bool) -> None: self.duplication_enable = duplication_enable
    def get_disk_fall_recorded(self) -> bool: return self.disk_fall_recorded
    def is_disk_fall_recorded(self) -> bool: return self.disk_fall_recorded
    def set_disk_fall_recorded(self, disk_fall_recorded: bool) -> None: self.disk_fall_recorded = disk_fall_recorded
    def get_os_page_cache_busy_time_out_mills(self) -> int: return self.os_page_cache_busy_time_out_mills
    def set_os_page_cache_busy_time_out_mills(self, os_page_cache_busy_time_out_mills: int) -> None:
        self.os_page_cache_busy_time_out_mills = os_page_cache_busy_time_out_mills
    def get_default_query_max_num(self) -> int: return self.default_query_max_num
    def set_default_query_max_num(self, default_query_max_num: int) -> None:
        self.default_query_max_num = default_query_max_num
    def get_enable_schedule_message_stats(self) -> bool: return self.enable_schedule_message_stats
    def is_enable_schedule_message_stats(self) -> bool: return self.enable_schedule_message_stats
    def set_enable_schedule_message_stats(self, enable_schedule_message_stats: bool) -> None:
        self.enable_schedule_message_stats = enable_schedule_message_stats
    def get_use_reentrant_lock_when_put_message(self) -> bool: return self.use_reentrant_lock_when_put_message
    def is_use_reentrant_lock_when_put_message(self) -> bool: return self.use_reentrant_lock_when_put_message
    def set_use_reentrant_lock_when_put_message(self, use_reentrant_lock_when_put_message: bool) -> None:
        self.use_reentrant_lock_when_put_message = use_reentrant_lock_when_put_message
    def get_transient_store_pool_enable(self) -> bool: return self.transient_store_pool_enable
    def set_transient_store_pool_enable(self, transient_store_pool_enable: bool) -> None:
        self.transient_store_pool_enable = transient_store_pool_enable
    def get_timer_wheel_enable(self) -> bool: return self.timer_wheel_enable
    def is_timer_wheel_enable(self) -> bool: return self.timer_wheel_enable
    def set_timer_wheel_enable(self, timer_wheel_enable: bool) -> None: self.timer_wheel_enable = timer_wheel_enable
    def get_timer_max_delay_sec(self) -> int: return self.timer_max_delay_sec
    def set_timer_max_delay_sec(self, timer_max_delay_sec: int) -> None: self.timer_max_delay_sec = timer_max_delay_sec
    def get_timer_precision_ms(self) -> int: return self.timer_precision_ms
    def get_timer_flush_interval_ms(self) -> int: return self.timer_flush_interval_ms
    def set_timer_flush_interval_ms(self, timer_flush_interval_ms: int) -> None:
        self.timer_flush_interval_ms = timer_flush_interval_ms
    def get_timer_congest_num_each_slot(self) -> int: return self.timer_congest_num_each_slot
    def set_timer_congest_num_each_slot(self, timer_congest_num_each_slot: int) -> None:
        self.timer_congest_num_each_slot = timer_congest_num_each_slot
    def get_timer_enable_disruptor(self) -> bool: return self.timer_enable_disruptor
    def is_timer_enable_disruptor(self) -> bool: return self.timer_enable_disruptor
    def set_timer_enable_disruptor(self, timer_enable_disruptor: bool) -> None:
        self.timer_enable_disruptor = timer_enable_disruptor
    def get_timer_skip_unknown_error(self) -> bool: return self.timer_skip_unknown_error
    def is_timer_skip_unknown_error(self) -> bool: return self.timer_skip_unknown_error
    def set_timer_skip_unknown_error(self, timer_skip_unknown_error: bool) -> None:
        self.timer_skip_unknown_error = timer_skip_unknown_error
    def get_data_read_ahead_enable(self) -> bool: return self.data_read_ahead_enable
    def is_data_read_ahead_enable(self) -> bool: return self.data_read_ahead_enable
    def set_data_read_ahead_enable(self, data_read_ahead_enable: bool) -> None:
        self.data_read_ahead_enable = data_read_ahead_enable

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
