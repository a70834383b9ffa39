"""Commit-log and consume-queue segment rollover with tiny segment sizes."""
from __future__ import annotations

import os

import pytest
from store_support import decode_all, make_config, make_message, open_store

from rocketmq_broker.store.commit_log import BLANK_MAGIC_CODE
from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.mapped_file import MappedFile
from rocketmq_broker.store.mapped_file_queue import MappedFileQueue
from rocketmq_broker.store.put_message_status import PutMessageStatus

SEGMENT = 1024


@pytest.fixture
def config(tmp_path):
    return make_config(tmp_path, mapped_file_size_commit_log=SEGMENT, mapped_file_size_consume_queue=100)


def _put_many(store, count):
    return [store.put_message(make_message(body=b"payload-%03d" % i + b"." * 150, keys="key%d" % i))
            for i in range(count)]


def test_records_roll_over_to_segments_named_by_offset(config):
    store = open_store(config)
    try:
        results = _put_many(store, 30)
        assert all(r.is_ok() for r in results)
        commit_dir = config.get_store_path_commit_log()
        names = sorted(os.listdir(commit_dir))
        assert len(names) >= 4
        assert names == ["%020d" % (i * SEGMENT) for i in range(len(names))]
        for name in names:
            assert os.path.getsize(os.path.join(commit_dir, name)) == SEGMENT  # preallocated, like Java's
        for r in results:
            start = r.append_message_result.wrote_offset
            assert start // SEGMENT == (start + r.append_message_result.wrote_bytes - 1) // SEGMENT
        size = results[0].append_message_result.wrote_bytes
        per_segment = (SEGMENT - 8) // size
        marker_pos = per_segment * size
        with open(os.path.join(commit_dir, names[0]), "rb") as f:
            f.seek(marker_pos)
            head = f.read(8)
        assert int.from_bytes(head[:4], "big") == SEGMENT - marker_pos
        assert int.from_bytes(head[4:], "big", signed=True) == BLANK_MAGIC_CODE
        assert results[per_segment].append_message_result.wrote_offset == SEGMENT
    finally:
        store.shutdown()


def test_reads_across_segments_and_consume_queue_segments(config):
    store = open_store(config)
    try:
        _put_many(store, 30)
        cq_dir = os.path.join(config.store_path_root_dir, "consumequeue", "TopicTest", "0")
        assert sorted(os.listdir(cq_dir)) == ["%020d" % (i * 100) for i in range(6)]
        bodies = []
        offset = 0
        while True:
            got = store.get_message("g", "TopicTest", 0, offset, 7)
            if got.status is not GetMessageStatus.FOUND:
                assert got.status is GetMessageStatus.OFFSET_OVERFLOW_ONE
                break
            bodies.extend(m.body[:11] for m in decode_all(got.message_buffer_list))
            offset = got.next_begin_offset
        assert bodies == [b"payload-%03d" % i for i in range(30)]
        assert store.query_message("TopicTest", "key29", 32, 0, 2 ** 62).get_message_count() == 1
    finally:
        store.shutdown()


def test_rollover_survives_restart_and_writes_continue(config):
    store = open_store(config)
    try:
        results = _put_many(store, 20)
    finally:
        store.shutdown()
    store = open_store(config)
    try:
        assert store.get_max_offset_in_queue("TopicTest", 0) == 20
        assert store.get_max_phy_offset() == results[-1].append_message_result.wrote_offset + \
            results[-1].append_message_result.wrote_bytes
        more = _put_many(store, 10)
        assert [r.append_message_result.logics_offset for r in more] == list(range(20, 30))
        got = store.get_message("g", "TopicTest", 0, 0, 32)
        # like Java, one pull reads at most to the end of a consume-queue segment (5 entries here)
        assert [m.queue_offset for m in decode_all(got.message_buffer_list)] == list(range(5))
        got = store.get_message("g", "TopicTest", 0, 25, 32)
        assert [m.queue_offset for m in decode_all(got.message_buffer_list)] == list(range(25, 30))
    finally:
        store.shutdown()


def test_record_larger_than_a_segment_is_refused(config):
    store = open_store(config)
    try:
        result = store.put_message(make_message(body=b"x" * SEGMENT))
        assert result.put_message_status is PutMessageStatus.MESSAGE_ILLEGAL
        assert store.put_message(make_message()).is_ok()
    finally:
        store.shutdown()


def test_mapped_file_queue_basics(tmp_path):
    queue = MappedFileQueue(str(tmp_path / "q"), 100)
    assert queue.get_last_mapped_file() is None and queue.get_max_offset() == 0 and queue.get_min_offset() == -1
    first = queue.get_last_mapped_file(250)
    assert first.file_from_offset == 200 and first.is_first_create_in_queue()
    assert first.append_message(b"a" * 60) and not first.append_message(b"b" * 41)
    assert first.append_message(b"b" * 40) and first.is_full()
    second = queue.get_last_mapped_file(0)
    assert second.file_from_offset == 300 and second.append_message(b"c" * 10)
    assert queue.get_max_offset() == 310 and queue.find_mapped_file_by_offset(305) is second
    assert queue.find_mapped_file_by_offset(199) is None and queue.find_mapped_file_by_offset(199, True) is first
    assert first.select_mapped_buffer(60, 40) == b"b" * 40 and first.select_mapped_buffer(60, 41) is None
    assert second.select_mapped_buffer(0) == b"c" * 10
    assert queue.flush_all() == 310 and second.flushed_position == 10
    queue.truncate_dirty_files(250)
    assert queue.get_max_offset() == 250 and len(queue.mapped_files) == 1
    with open(first.file_name, "rb") as f:
        assert f.read() == b"a" * 50 + b"\0" * 50  # the truncated tail is zeroed
    assert not os.path.exists(second.file_name) and first.select_mapped_buffer(0) == b"a" * 50
    first.shutdown()
    assert first.select_mapped_buffer(0, 10) is None and first.read(0, 10) == b""
    assert first.is_cleanup_over()


def test_mapped_file_closes_only_after_the_last_reader(tmp_path):
    mapped_file = MappedFile(str(tmp_path / "00000000000000000000"), 100)
    mapped_file.append_message(b"abc")
    assert mapped_file.select_mapped_buffer(0, 3) == b"abc"
    assert mapped_file.hold()
    mapped_file.shutdown()
    assert not mapped_file.is_cleanup_over() and not mapped_file.hold()
    assert mapped_file.select_mapped_buffer(0, 3) is None  # shut down: no more reads, though still mapped
    mapped_file.release()
    assert mapped_file.is_cleanup_over()
    assert mapped_file.destroy() and not os.path.exists(mapped_file.file_name)


def test_one_pull_reads_records_of_several_commit_log_segments(tmp_path):
    store = open_store(make_config(tmp_path, mapped_file_size_commit_log=SEGMENT))
    try:
        results = _put_many(store, 30)
        assert len({r.append_message_result.wrote_offset // SEGMENT for r in results}) >= 4
        got = store.get_message("g", "TopicTest", 0, 0, 32)
        assert got.status is GetMessageStatus.FOUND
        assert got.next_begin_offset == 30
        assert got.message_offset_list == [r.append_message_result.wrote_offset for r in results]
        assert [m.body[:11] for m in decode_all(got.message_buffer_list)] == [b"payload-%03d" % i for i in range(30)]
    finally:
        store.shutdown()
