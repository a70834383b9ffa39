"""MessageStoreConfig defaults and getters, DefaultMessageFilter, result beans."""
from __future__ import annotations

import os

from store_test_support import decode_all, make_config, make_message, open_store

from rocketmq_broker.store.append_message_result import AppendMessageResult
from rocketmq_broker.store.append_message_status import AppendMessageStatus
from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.config.flush_disk_type import FlushDiskType
from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
from rocketmq_broker.store.default_message_filter import DefaultMessageFilter
from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.store.running_flags import RunningFlags
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.util_all import UtilAll


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


def test_default_message_filter_with_subscription_data(tmp_path):
    store = open_store(make_config(tmp_path))
    try:
        for tags in ("TagA", "TagB", None, "TagA"):
            store.put_message(make_message(tags=tags))
        tag_a = DefaultMessageFilter(FilterAPI.build_subscription_data("TopicTest", "TagA || TagC"))
        got = store.get_message("g", "TopicTest", 0, 0, 32, tag_a)
        assert [m.get_tags() for m in decode_all(got.message_buffer_list)] == ["TagA", "TagA"]
        everything = DefaultMessageFilter(FilterAPI.build_subscription_data("TopicTest", "*"))
        assert store.get_message("g", "TopicTest", 0, 0, 32, everything).get_message_count() == 4
        nothing = DefaultMessageFilter(FilterAPI.build_subscription_data("TopicTest", "TagZ"))
        assert store.get_message("g", "TopicTest", 0, 0, 32, nothing).status is GetMessageStatus.NO_MATCHED_MESSAGE
        assert DefaultMessageFilter(None).is_matched_by_consume_queue(123, None)
        assert tag_a.is_matched_by_consume_queue(None, None) and tag_a.is_matched_by_commit_log(None, {})
    finally:
        store.shutdown()


def test_negative_tag_hash_codes_match():
    tag = next(t for t in ("long-tag-%d" % i for i in range(100)) if UtilAll.string_hash_code(t) < 0)
    sub = FilterAPI.build_subscription_data("T", tag)
    assert DefaultMessageFilter(sub).is_matched_by_consume_queue(UtilAll.string_hash_code(tag), None)


def test_result_beans():
    result = AppendMessageResult(AppendMessageStatus.PUT_OK, 10, 20, msg_id_supplier=lambda: "ID")
    assert result.get_msg_id() == "ID" and result.is_ok() and result.get_wrote_offset() == 10
    assert "wroteOffset=10" in repr(result)
    put = PutMessageResult(PutMessageStatus.FLUSH_DISK_TIMEOUT, result)
    assert put.is_ok() and put.get_put_message_status() is PutMessageStatus.FLUSH_DISK_TIMEOUT
    assert not PutMessageResult(PutMessageStatus.MESSAGE_ILLEGAL).is_ok()
    assert "FLUSH_DISK_TIMEOUT" in repr(put)


def test_running_flags():
    flags = RunningFlags()
    assert flags.is_readable() and flags.is_writeable() and flags.is_cq_writeable()
    assert flags.get_and_make_disk_full() and not flags.is_writeable() and flags.is_cq_writeable()
    assert not flags.get_and_make_disk_ok() and flags.is_writeable()
    flags.make_logics_queue_error()
    assert flags.is_logics_queue_error() and not flags.is_cq_writeable()
    assert flags.get_and_make_not_readable() and not flags.is_readable()
    assert not flags.get_and_make_readable() and flags.is_readable()
