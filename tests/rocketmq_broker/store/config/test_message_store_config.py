"""MessageStoreConfig: Java's defaults and wire names, and the getters with Java's logic."""
from __future__ import annotations

import os

from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.config.flush_disk_type import FlushDiskType
from rocketmq_broker.store.config.message_store_config import MessageStoreConfig


def test_java_defaults():
    config = MessageStoreConfig()
    assert config.store_path_root_dir == os.path.join(os.path.expanduser("~"), "store")
    assert config.get_store_path_commit_log() == os.path.join(config.store_path_root_dir, "commitlog")
    assert config.mapped_file_size_commit_log == 1024 ** 3
    assert config.get_mapped_file_size_consume_queue() == 300000 * 20
    assert config.flush_disk_type is FlushDiskType.ASYNC_FLUSH and config.broker_role is BrokerRole.ASYNC_MASTER
    assert (config.flush_interval_commit_log, config.flush_interval_consume_queue, config.sync_flush_timeout) == (
        500, 1000, 5000)
    assert config.max_message_size == 4 * 1024 * 1024
    assert config.message_delay_level == "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h"
    assert (config.max_transfer_bytes_on_message_in_memory, config.max_transfer_count_on_message_in_memory) == (
        256 * 1024, 32)
    assert (config.max_transfer_bytes_on_message_in_disk, config.max_transfer_count_on_message_in_disk) == (
        64 * 1024, 8)
    assert config.access_message_in_memory_max_ratio == 40 and config.message_index_enable is True
    assert (config.max_hash_slot_num, config.max_index_num, config.file_reserved_time) == (5000000, 20000000, 72)
    assert config.is_check_crc_on_recover() and config.get_check_crc_on_recover()
    assert MessageStoreConfig._props_by_name["check_crc_on_recover"].wire == "checkCRCOnRecover"
    assert MessageStoreConfig._props_by_name["store_path_root_dir"].wire == "storePathRootDir"


def test_getters_with_java_logic():
    config = MessageStoreConfig(store_path_root_dir="/r", store_path_commit_log="/c",
                                mapped_file_size_consume_queue=101)
    assert config.get_store_path_commit_log() == "/c"
    assert config.get_mapped_file_size_consume_queue() == 120
    config.set_disk_max_used_space_ratio(99)
    assert config.get_disk_max_used_space_ratio() == 95
    config.set_disk_max_used_space_ratio(1)
    assert config.get_disk_max_used_space_ratio() == 10
