"""Store threads and services: flushing (async and sync, timeout), thread cleanup, delayed delivery, the
directory lock, topic deletion, file cleaning, destroy."""
from __future__ import annotations

import json
import os
import threading

import pytest
from store_support import RecordingListener, decode_all, make_config, make_message, open_store

from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.config.flush_disk_type import FlushDiskType
from rocketmq_broker.store.default_message_store import DefaultMessageStore
from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.put_message_status import PutMessageStatus

FOREVER = 2 ** 62
_STORE_THREADS = {"FlushRealTimeService", "GroupCommitService", "FlushConsumeQueueService", "StoreScheduledThread",
                  "ScheduleMessageTimerThread"}


def _store_threads():
    return {t.name for t in threading.enumerate() if t.name in _STORE_THREADS and t.is_alive()}


@pytest.mark.parametrize("flush_disk_type", [FlushDiskType.ASYNC_FLUSH, FlushDiskType.SYNC_FLUSH])
def test_every_thread_ends_on_shutdown(tmp_path, flush_disk_type):
    assert _store_threads() == set()
    with DefaultMessageStore(make_config(tmp_path, flush_disk_type=flush_disk_type)) as store:
        flusher = "GroupCommitService" if flush_disk_type is FlushDiskType.SYNC_FLUSH else "FlushRealTimeService"
        assert _store_threads() == {flusher, "FlushConsumeQueueService", "StoreScheduledThread",
                                    "ScheduleMessageTimerThread"}
        assert store.put_message(make_message()).is_ok()
    assert _store_threads() == set()
    assert not os.path.exists(os.path.join(str(tmp_path), "abort"))
    assert store.shut_down_normal


def test_async_flush_makes_everything_durable_on_clean_shutdown(tmp_path):
    config = make_config(tmp_path, flush_interval_commit_log=60000, flush_interval_consume_queue=60000)
    store = open_store(config)
    results = [store.put_message(make_message(body=b"a%d" % i)) for i in range(50)]
    end = store.get_max_phy_offset()
    assert store.commit_log.mapped_file_queue.flushed_where < end
    store.shutdown()
    assert store.commit_log.mapped_file_queue.flushed_where == end
    cq_queue = store.find_consume_queue("TopicTest", 0).mapped_file_queue
    assert cq_queue.flushed_where == 50 * 20
    assert store.store_checkpoint.physic_msg_timestamp == results[-1].append_message_result.store_timestamp
    store = open_store(config)
    try:
        got = store.get_message("g", "TopicTest", 0, 0, 64)
        assert [m.body for m in decode_all(got.message_buffer_list)] == [b"a%d" % i for i in range(32)]
    finally:
        store.shutdown()


def test_sync_flush_returns_after_the_record_is_flushed(tmp_path):
    store = open_store(make_config(tmp_path, flush_disk_type=FlushDiskType.SYNC_FLUSH))
    try:
        for i in range(20):
            result = store.put_message(make_message())
            assert result.put_message_status is PutMessageStatus.PUT_OK
            appended = result.append_message_result
            assert store.commit_log.mapped_file_queue.flushed_where >= appended.wrote_offset + appended.wrote_bytes
        no_wait = make_message()
        no_wait.set_wait_store_msg_ok(False)
        assert store.put_message(no_wait).put_message_status is PutMessageStatus.PUT_OK
    finally:
        store.shutdown()


def test_sync_flush_from_many_threads_group_commits(tmp_path):
    store = open_store(make_config(tmp_path, flush_disk_type=FlushDiskType.SYNC_FLUSH))
    statuses = []
    lock = threading.Lock()

    def writer(n):
        for i in range(25):
            status = store.put_message(make_message(queue_id=n, body=b"%d-%d" % (n, i))).put_message_status
            with lock:
                statuses.append(status)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert statuses == [PutMessageStatus.PUT_OK] * 100
        assert all(store.get_max_offset_in_queue("TopicTest", n) == 25 for n in range(4))
    finally:
        store.shutdown()


def test_sync_flush_timeout_reports_flush_disk_timeout(tmp_path):
    store = open_store(make_config(tmp_path, flush_disk_type=FlushDiskType.SYNC_FLUSH, sync_flush_timeout=50))
    service = store.commit_log.flush_commit_log_service
    try:
        service._do_commit = lambda: None
        result = store.put_message(make_message())
        assert result.put_message_status is PutMessageStatus.FLUSH_DISK_TIMEOUT and result.is_ok()
        assert store.get_message("g", "TopicTest", 0, 0, 1).status is GetMessageStatus.FOUND
    finally:
        del service._do_commit
        store.shutdown()
    assert store.commit_log.mapped_file_queue.flushed_where == store.get_max_phy_offset()


def test_delayed_message_is_delivered_to_its_real_topic(tmp_path):
    listener = RecordingListener()
    config = make_config(tmp_path, message_delay_level="0s 1h")
    store = DefaultMessageStore(config, None, listener, None)
    assert store.load()
    store.start()
    try:
        put = store.put_message(make_message(topic="Real", queue_id=3, body=b"later", properties={"DELAY": "1"}))
        assert put.is_ok() and store.get_max_offset_in_queue("Real", 3) == 0
        assert listener.wait_for(lambda calls: any(c[0] == "Real" for c in calls))
        got = store.get_message("g", "Real", 3, 0, 32)
        (delivered,) = decode_all(got.message_buffer_list)
        assert delivered.body == b"later" and delivered.queue_id == 3 and delivered.born_host == ("10.0.0.1", 50000)
        assert delivered.properties["REAL_TOPIC"] == "Real" and delivered.properties["TAGS"] == "TagA"
        assert store.schedule_message_service.offset_table[1] == 1
        assert store.get_runtime_info()["scheduleMessageOffset_1"] == "1,1"
        # the level has nothing left and waits: a new delayed message must wake it up
        store.put_message(make_message(topic="Real", queue_id=3, body=b"second", properties={"DELAY": "1"}))
        store.put_message(make_message(topic="Real", queue_id=3, body=b"in an hour", properties={"DELAY": "2"}))
        assert listener.wait_for(lambda calls: sum(c[0] == "Real" for c in calls) == 2)
        got = store.get_message("g", "Real", 3, 0, 32)
        assert [m.body for m in decode_all(got.message_buffer_list)] == [b"later", b"second"]
    finally:
        store.shutdown()
    with open(os.path.join(str(tmp_path), "config", "delayOffset.json")) as f:
        assert json.load(f) == {"offsetTable": {"1": 2}}
    store = open_store(config)
    try:
        assert store.schedule_message_service.offset_table[1] == 2
        assert store.get_max_offset_in_queue("Real", 3) == 2
        assert store.get_max_offset_in_queue("SCHEDULE_TOPIC_XXXX", 1) == 1
    finally:
        store.shutdown()


def test_a_second_store_cannot_load_the_same_directory(tmp_path):
    store = open_store(make_config(tmp_path))
    other = DefaultMessageStore(make_config(tmp_path))
    try:
        with pytest.raises(RuntimeError, match="Lock failed"):
            other.load()
    finally:
        other.shutdown()
        store.shutdown()
    again = open_store(make_config(tmp_path))
    again.shutdown()


def test_enum_settings_given_by_name(tmp_path):
    config = make_config(tmp_path, flush_disk_type="SYNC_FLUSH", broker_role="sync_master")
    store = open_store(config)
    try:
        assert config.flush_disk_type is FlushDiskType.SYNC_FLUSH and config.broker_role is BrokerRole.SYNC_MASTER
        assert store.commit_log.flush_commit_log_service.get_service_name() == "GroupCommitService"
    finally:
        store.shutdown()


def test_a_message_without_hosts_is_a_caller_error(tmp_path):
    store = open_store(make_config(tmp_path))
    try:
        msg = make_message()
        msg.store_host = None
        with pytest.raises(ValueError, match="store host"):
            store.put_message(msg)
    finally:
        store.shutdown()


def test_start_requires_a_successful_load(tmp_path):
    store = DefaultMessageStore(make_config(tmp_path))
    with pytest.raises(RuntimeError):
        store.start()
    store.shutdown()


def test_load_fails_on_a_commit_log_segment_of_the_wrong_size(tmp_path):
    config = make_config(tmp_path, mapped_file_size_commit_log=1000)
    store = open_store(config)
    for _ in range(20):
        store.put_message(make_message(body=b"x" * 100))
    store.shutdown()
    first = os.path.join(config.get_store_path_commit_log(), "%020d" % 0)
    with open(first, "r+b") as f:
        f.truncate(500)
    with pytest.raises(RuntimeError, match="failed to load"):
        with DefaultMessageStore(config):
            pass


def test_clean_unused_topic_and_delete_topics(tmp_path):
    store = open_store(make_config(tmp_path))
    try:
        for topic in ("Keep", "Drop", "Gone"):
            store.put_message(make_message(topic=topic))
        store.put_message(make_message(topic="Real", properties={"DELAY": "2"}))
        store.clean_unused_topic({"Keep", "Gone"})
        assert set(store.consume_queue_table) == {"Keep", "Gone", "SCHEDULE_TOPIC_XXXX"}
        assert not os.path.exists(os.path.join(str(tmp_path), "consumequeue", "Drop"))
        assert store.delete_topics({"Gone", "Nope"}) == 1
        assert set(store.consume_queue_table) == {"Keep", "SCHEDULE_TOPIC_XXXX"}
        assert store.get_consume_queue("Gone", 0) is None
        assert "Gone-0" not in store.commit_log.topic_queue_table
        assert store.put_message(make_message(topic="Gone")).append_message_result.logics_offset == 0
        assert store.get_message("g", "Keep", 0, 0, 1).status is GetMessageStatus.FOUND
    finally:
        store.shutdown()


def test_expired_files_are_deleted_and_queues_follow(tmp_path):
    store = open_store(make_config(tmp_path, mapped_file_size_commit_log=1000, mapped_file_size_consume_queue=40,
                                   file_reserved_time=0))
    try:
        for i in range(40):
            store.put_message(make_message(body=b"x" * 50, keys="k%d" % i))
        files_before = len(store.commit_log.mapped_file_queue.mapped_files)
        store.execute_delete_files_manually()
        store.clean_files_periodically()
        assert len(store.commit_log.mapped_file_queue.mapped_files) == 1 < files_before
        assert store.get_min_phy_offset() == store.commit_log.mapped_file_queue.mapped_files[0].file_from_offset
        min_offset = store.get_min_offset_in_queue("TopicTest", 0)
        assert min_offset > 0
        assert store.get_message("g", "TopicTest", 0, min_offset, 32).status is GetMessageStatus.FOUND
        store.clean_expired_consumer_queue()
        assert store.get_consume_queue("TopicTest", 0) is not None
        assert store.query_message("TopicTest", "k39", 32, 0, FOREVER).get_message_count() == 1
        assert store.query_message("TopicTest", "k0", 32, 0, FOREVER).get_message_count() == 0
    finally:
        store.shutdown()


def test_destroy_deletes_the_files(tmp_path):
    store = open_store(make_config(tmp_path))
    store.put_message(make_message(keys="k"))
    store.shutdown()
    store.destroy()
    assert not os.path.exists(os.path.join(str(tmp_path), "commitlog"))
    assert not os.path.exists(os.path.join(str(tmp_path), "checkpoint"))
    assert not os.path.exists(os.path.join(str(tmp_path), "consumequeue", "TopicTest"))
    assert os.listdir(os.path.join(str(tmp_path), "index")) == []
