"""DefaultMessageStore's 5.3.3 HA runtime info (GET_BROKER_HA_STATUS, mqadmin haStatus) and commit log read mode
(SET_COMMITLOG_READ_MODE): a store that replicates to no slave and from no master."""
from __future__ import annotations

import mmap

from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.commit_log import CommitLog

from store_support import make_config, make_message, open_store


def test_a_master_reports_its_commit_log_offset_and_no_slave(store):
    store.put_message(make_message())
    info = store.get_ha_runtime_info()
    assert info.master and info.master_commit_log_max_offset == store.get_max_phy_offset() > 0
    assert (info.ha_connection_info, info.in_sync_slave_nums) == ([], 0)


def test_a_slave_reports_its_offset_and_the_master_flush_offset_it_was_given(tmp_path):
    store = open_store(make_config(tmp_path, broker_role=BrokerRole.SLAVE))
    try:
        store.master_flushed_offset = 4096
        info = store.get_ha_runtime_info()
        assert not info.master
        client = info.ha_client_runtime_info
        assert (client.max_offset, client.master_flush_offset, client.master_addr) == (0, 4096, None)
    finally:
        store.shutdown()


def test_the_read_mode_is_set_on_every_mapped_segment(store):
    store.put_message(make_message())
    mapped_files = store.get_commit_log().mapped_file_queue.get_mapped_files()
    assert mapped_files
    store.get_commit_log().scan_file_and_set_read_mode(mmap.MADV_RANDOM)
    assert [CommitLog.set_file_read_mode(f, mmap.MADV_NORMAL) for f in mapped_files] == [0] * len(mapped_files)
    assert CommitLog.set_file_read_mode(None, mmap.MADV_NORMAL) == -1
