"""MappedFile's write buffer: appends are readable at once, reach the file on commit (threshold, flush, fill,
truncate, shutdown), and an ASYNC_FLUSH store's flush service commits them; the commit log buffers only with
transientStorePoolEnable, so by default an acknowledged message is in the file's memory map (the OS page cache:
it survives a kill -9)."""
from __future__ import annotations

import os

import pytest
from store_support import make_config, make_message, open_store
from waiting import wait_for

from rocketmq_broker.store import mapped_file as mapped_file_module
from rocketmq_broker.store.mapped_file import MappedFile


def _file_bytes(mapped_file):
    with open(mapped_file.file_name, "rb") as f:
        return f.read()


def test_appends_are_readable_before_they_reach_the_file(tmp_path):
    mapped_file = MappedFile(str(tmp_path / "00000000000000000000"), 1000, buffered=True)
    try:
        assert mapped_file.append_message(b"a" * 10) and mapped_file.append_message(b"b" * 10)
        assert mapped_file.wrote_position == 20 and mapped_file.committed_position == 0
        assert os.path.getsize(mapped_file.file_name) == 0
        assert mapped_file.select_mapped_buffer(5, 10) == b"a" * 5 + b"b" * 5
        assert mapped_file.select_mapped_buffer(0) == b"a" * 10 + b"b" * 10
        assert mapped_file.select_mapped_buffer(15, 6) is None
        assert mapped_file.read(12, 100) == b"b" * 8
        assert mapped_file.commit() == 20 and _file_bytes(mapped_file) == b"a" * 10 + b"b" * 10
        mapped_file.append_message(b"c" * 10)
        # a read across the file and the buffer
        assert mapped_file.select_mapped_buffer(15, 10) == b"b" * 5 + b"c" * 5
        assert mapped_file.read(18, 100) == b"bb" + b"c" * 10
        assert not mapped_file.append_message(b"x" * 971)
    finally:
        mapped_file.shutdown()
    assert _file_bytes(mapped_file) == b"a" * 10 + b"b" * 10 + b"c" * 10  # shutdown committed the rest


def test_the_threshold_flush_fill_and_truncate_commit(tmp_path, monkeypatch):
    monkeypatch.setattr(mapped_file_module, "COMMIT_THRESHOLD", 16)
    mapped_file = MappedFile(str(tmp_path / "00000000000000000000"), 100, buffered=True)
    try:
        mapped_file.write_at(b"x" * 10, 0)
        assert mapped_file.committed_position == 0
        mapped_file.write_at(b"y" * 10, 10)
        assert mapped_file.committed_position == 20 and os.path.getsize(mapped_file.file_name) == 20
        mapped_file.write_at(b"z" * 5, 20)
        assert mapped_file.flush(0) == 25 and mapped_file.flushed_position == 25
        assert os.path.getsize(mapped_file.file_name) == 25
        with pytest.raises(ValueError):
            mapped_file.write_at(b"?", 3)  # only appends
        mapped_file.write_at(b"w" * 5, 25)
        mapped_file.truncate(27)
        assert _file_bytes(mapped_file) == b"x" * 10 + b"y" * 10 + b"z" * 5 + b"ww"
        mapped_file.write_at(b"v" * 3, 27)
        mapped_file.fill_to_end()
        assert mapped_file.is_full() and os.path.getsize(mapped_file.file_name) == 100
        assert _file_bytes(mapped_file)[25:30] == b"wwvvv"
    finally:
        mapped_file.shutdown()


def test_unbuffered_appends_are_in_the_file_at_once(tmp_path):
    mapped_file = MappedFile(str(tmp_path / "00000000000000000000"), 100)
    try:
        assert os.path.getsize(mapped_file.file_name) == 100 and mapped_file.wrote_position == 0  # preallocated
        assert mapped_file.append_message(b"a" * 10)
        assert mapped_file.committed_position == 10 and _file_bytes(mapped_file) == b"a" * 10 + b"\0" * 90
        assert mapped_file.select_mapped_buffer(0) == b"a" * 10 and mapped_file.read(5, 10) == b"a" * 5 + b"\0" * 5
        mapped_file.write_at(b"b" * 5, 10)
        assert mapped_file.flush(0) == 15 and mapped_file.flushed_position == 15
        mapped_file.truncate(12)
        assert mapped_file.wrote_position == 12 and _file_bytes(mapped_file) == b"a" * 10 + b"bb" + b"\0" * 88
        mapped_file.write_at(b"c" * 3, 12)
        assert mapped_file.select_mapped_buffer(0) == b"a" * 10 + b"bbccc"
        mapped_file.fill_to_end()
        assert mapped_file.is_full() and not mapped_file.append_message(b"x")
    finally:
        mapped_file.shutdown()
    assert _file_bytes(mapped_file)[:15] == b"a" * 10 + b"bbccc"


def test_a_shorter_segment_is_extended_and_mapped_on_open(tmp_path):
    path = str(tmp_path / "00000000000000000000")
    with open(path, "wb") as f:
        f.write(b"old" * 10)
    mapped_file = MappedFile(path, 100)
    try:
        assert mapped_file.wrote_position == 30 and os.path.getsize(path) == 100
        assert mapped_file.select_mapped_buffer(0) == b"old" * 10
        mapped_file.write_at(b"new", 30)
        assert _file_bytes(mapped_file)[:34] == b"old" * 10 + b"new\0"
    finally:
        mapped_file.shutdown()
    reopened = MappedFile(path, 100)
    try:
        assert reopened.wrote_position == 100  # the file length: the commit-log recovery finds the records' end
        assert reopened.read(27, 8) == b"oldnew\0\0"
    finally:
        reopened.shutdown()


def test_commit_log_buffers_only_with_the_transient_store_pool(tmp_path):
    store = open_store(make_config(tmp_path / "default"))
    try:
        result = store.put_message(make_message(body=b"direct"))
        segment = store.commit_log.mapped_file_queue.get_last_mapped_file()
        appended = result.append_message_result
        record = store.commit_log.get_message(appended.wrote_offset, appended.wrote_bytes)
        assert b"direct" in record
        with open(segment.file_name, "rb") as f:  # acknowledged = in the OS page cache, seen by any reader
            f.seek(appended.wrote_offset)
            assert f.read(appended.wrote_bytes + 8) == record + b"\0" * 8
        assert not segment.buffered
        assert store.consume_queue_table["TopicTest"][0].get_mapped_file_queue().buffered
    finally:
        store.shutdown()
    store = open_store(make_config(tmp_path / "pool", transient_store_pool_enable=True))
    try:
        store.put_message(make_message(body=b"buffered"))
        segment = store.commit_log.mapped_file_queue.get_last_mapped_file()
        assert segment.buffered and os.path.getsize(segment.file_name) == 0
    finally:
        store.shutdown()
    sync = make_config(tmp_path / "sync", transient_store_pool_enable=True, flush_disk_type="SYNC_FLUSH")
    sync.normalize()
    assert not sync.is_transient_store_pool_enable()


def test_async_flush_service_commits_without_a_shutdown(tmp_path):
    store = open_store(make_config(tmp_path, flush_interval_commit_log=50, flush_interval_consume_queue=50,
                                   transient_store_pool_enable=True))
    try:
        result = store.put_message(make_message(body=b"buffered"))
        wrote_end = result.append_message_result.wrote_offset + result.append_message_result.wrote_bytes
        segment = store.commit_log.mapped_file_queue.get_last_mapped_file()
        cq_file = os.path.join(str(tmp_path), "consumequeue", "TopicTest", "0", "%020d" % 0)
        wait_for(lambda: os.path.getsize(segment.file_name) == wrote_end and os.path.exists(cq_file)
                 and os.path.getsize(cq_file) == 20, 10, "the flush service's commit")
        assert os.path.getsize(segment.file_name) == wrote_end
        assert os.path.getsize(cq_file) == 20
    finally:
        store.shutdown()
