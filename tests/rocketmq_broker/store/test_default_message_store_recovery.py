"""Restart and recovery: clean restart, torn tail records, garbage, bad CRC, lost consume-queue entries, and a
real kill -9 of a process writing with SYNC_FLUSH, or with ASYNC_FLUSH and no fsync at all (the memory-mapped
commit log: an acknowledged message is in the OS page cache)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest
from store_support import decode_all, make_config, make_message, open_store

from rocketmq_broker.store.config.flush_disk_type import FlushDiskType
from rocketmq_broker.store.get_message_status import GetMessageStatus

FOREVER = 2 ** 62


def _fill(config, count, **kwargs):
    store = open_store(config)
    try:
        return [store.put_message(make_message(body=b"msg-%d" % i, keys="k%d" % i, uniq_key="U%d" % i,
                                               queue_id=i % 2, **kwargs)).append_message_result
                for i in range(count)]
    finally:
        store.shutdown()


def _last_segment(config):
    commit_dir = config.get_store_path_commit_log()
    return os.path.join(commit_dir, sorted(os.listdir(commit_dir))[-1])


def _assert_cut_at(config, end):
    """The last segment holds nothing after ``end``: still preallocated to the segment size, zeros after it."""
    path = _last_segment(config)
    assert os.path.getsize(path) == config.mapped_file_size_commit_log
    with open(path, "rb") as f:
        f.seek(end)
        assert f.read(1024 * 1024).strip(b"\0") == b""


def _crash_marker(config):
    with open(os.path.join(config.store_path_root_dir, "abort"), "w"):
        pass


def _all_bodies(store, queue_id):
    bodies = []
    offset = store.get_min_offset_in_queue("TopicTest", queue_id)
    while True:
        got = store.get_message("g", "TopicTest", queue_id, offset, 32)
        if got.status is not GetMessageStatus.FOUND:
            return bodies
        bodies.extend(m.body for m in decode_all(got.message_buffer_list))
        offset = got.next_begin_offset


def test_clean_restart_keeps_everything_and_continues(tmp_path):
    config = make_config(tmp_path)
    appended = _fill(config, 10)
    assert not os.path.exists(os.path.join(str(tmp_path), "abort"))
    store = open_store(config)
    try:
        assert os.path.exists(os.path.join(str(tmp_path), "abort"))
        assert _all_bodies(store, 0) == [b"msg-%d" % i for i in range(0, 10, 2)]
        assert _all_bodies(store, 1) == [b"msg-%d" % i for i in range(1, 10, 2)]
        more = store.put_message(make_message(queue_id=0)).append_message_result
        assert more.logics_offset == 5
        assert more.wrote_offset == appended[-1].wrote_offset + appended[-1].wrote_bytes
        assert store.query_message("TopicTest", "U7", 32, 0, FOREVER).get_message_count() == 1
    finally:
        store.shutdown()


@pytest.mark.parametrize("crashed", [True, False], ids=["abnormal", "normal"])
def test_torn_tail_record_is_truncated(tmp_path, crashed):
    config = make_config(tmp_path)
    appended = _fill(config, 9)
    last = appended[-1]
    with open(_last_segment(config), "r+b") as f:
        f.truncate(last.wrote_offset + last.wrote_bytes - 7)
    if crashed:
        _crash_marker(config)
    store = open_store(config)
    try:
        assert store.get_max_phy_offset() == last.wrote_offset
        _assert_cut_at(config, last.wrote_offset)
        assert store.get_max_offset_in_queue("TopicTest", 0) == 4
        assert _all_bodies(store, 0) == [b"msg-%d" % i for i in range(0, 8, 2)]
        assert _all_bodies(store, 1) == [b"msg-%d" % i for i in range(1, 8, 2)]
        assert store.query_message("TopicTest", "k8", 32, 0, FOREVER).get_message_count() == 0
        new = store.put_message(make_message(body=b"after", queue_id=0)).append_message_result
        assert new.wrote_offset == last.wrote_offset and new.logics_offset == 4
        assert _all_bodies(store, 0)[-1] == b"after"
        assert store.query_message("TopicTest", "k6", 32, 0, FOREVER).get_message_count() == 1
    finally:
        store.shutdown()


def test_garbage_after_the_last_record_is_cut(tmp_path):
    config = make_config(tmp_path)
    appended = _fill(config, 4)
    end = appended[-1].wrote_offset + appended[-1].wrote_bytes
    with open(_last_segment(config), "r+b") as f:
        f.seek(end)
        f.write(os.urandom(300))
    _crash_marker(config)
    store = open_store(config)
    try:
        assert store.get_max_phy_offset() == end
        _assert_cut_at(config, end)
        assert _all_bodies(store, 0) == [b"msg-0", b"msg-2"]
        assert store.put_message(make_message()).append_message_result.wrote_offset == end
    finally:
        store.shutdown()


def test_record_with_a_bad_body_crc_is_dropped(tmp_path):
    config = make_config(tmp_path)
    appended = _fill(config, 4)
    last = appended[-1]
    with open(_last_segment(config), "r+b") as f:
        data = bytearray(f.read(last.wrote_offset + last.wrote_bytes))  # the records, not the whole 1 GiB segment
        body_pos = data.index(b"msg-3", last.wrote_offset)
        data[body_pos] ^= 0xFF
        f.seek(0)
        f.write(data)
    _crash_marker(config)
    store = open_store(config)
    try:
        assert store.get_max_phy_offset() == last.wrote_offset
        assert _all_bodies(store, 1) == [b"msg-1"]
    finally:
        store.shutdown()


def test_consume_queue_entries_beyond_the_commit_log_are_dropped(tmp_path):
    config = make_config(tmp_path)
    appended = _fill(config, 6)
    with open(_last_segment(config), "r+b") as f:
        f.truncate(appended[3].wrote_offset)
    store = open_store(config)
    try:
        assert store.get_max_offset_in_queue("TopicTest", 0) == 2
        assert store.get_max_offset_in_queue("TopicTest", 1) == 1
        cq_file = os.path.join(str(tmp_path), "consumequeue", "TopicTest", "1", "%020d" % 0)
        assert os.path.getsize(cq_file) == 1 * 20
        assert store.put_message(make_message(queue_id=1)).append_message_result.logics_offset == 1
    finally:
        store.shutdown()


def test_lost_consume_queue_entries_are_rebuilt_after_a_crash(tmp_path):
    config = make_config(tmp_path)
    _fill(config, 10)
    cq_file = os.path.join(str(tmp_path), "consumequeue", "TopicTest", "0", "%020d" % 0)
    with open(cq_file, "r+b") as f:
        f.truncate(2 * 20 + 7)
    _crash_marker(config)
    store = open_store(config)
    try:
        assert store.get_max_offset_in_queue("TopicTest", 0) == 5
        assert os.path.getsize(cq_file) == 5 * 20
        assert _all_bodies(store, 0) == [b"msg-%d" % i for i in range(0, 10, 2)]
        assert store.put_message(make_message(queue_id=0)).append_message_result.logics_offset == 5
    finally:
        store.shutdown()


def test_entry_of_the_last_record_is_dispatched_at_start(tmp_path):
    config = make_config(tmp_path)
    _fill(config, 10)
    cq_file = os.path.join(str(tmp_path), "consumequeue", "TopicTest", "1", "%020d" % 0)
    with open(cq_file, "r+b") as f:
        f.truncate(4 * 20)
    store = open_store(config)
    try:
        assert store.get_max_offset_in_queue("TopicTest", 1) == 5
        assert _all_bodies(store, 1) == [b"msg-%d" % i for i in range(1, 10, 2)]
    finally:
        store.shutdown()


def test_deleted_consume_queue_is_rebuilt(tmp_path):
    config = make_config(tmp_path)
    _fill(config, 6)
    for name in os.listdir(os.path.join(str(tmp_path), "consumequeue", "TopicTest", "1")):
        os.remove(os.path.join(str(tmp_path), "consumequeue", "TopicTest", "1", name))
    _crash_marker(config)
    store = open_store(config)
    try:
        assert _all_bodies(store, 1) == [b"msg-1", b"msg-3", b"msg-5"]
        assert _all_bodies(store, 0) == [b"msg-0", b"msg-2", b"msg-4"]
    finally:
        store.shutdown()


def test_all_commit_log_files_deleted_clears_consume_queues(tmp_path):
    config = make_config(tmp_path)
    _fill(config, 4)
    commit_dir = config.get_store_path_commit_log()
    for name in os.listdir(commit_dir):
        os.remove(os.path.join(commit_dir, name))
    store = open_store(config)
    try:
        assert store.get_max_offset_in_queue("TopicTest", 0) == 0
        assert store.put_message(make_message()).append_message_result.wrote_offset == 0
    finally:
        store.shutdown()


_WRITER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, sys.argv[2])
    from store_support import make_config, make_message, open_store
    store = open_store(make_config(sys.argv[1], flush_disk_type=sys.argv[3], flush_interval_commit_log=10 ** 8,
                                   flush_commit_log_thorough_interval=10 ** 8, flush_interval_consume_queue=10 ** 8,
                                   mapped_file_size_commit_log=64 * 1024, max_index_num=300))
    print("ready", flush=True)
    i = 0
    while True:
        r = store.put_message(make_message(body=b"durable-%d" % i + b"#" * 200, queue_id=i % 3,
                                           keys="key-%d" % i, uniq_key="UNIQ-%d" % i))
        assert r.put_message_status.name == "PUT_OK", r
        a = r.append_message_result
        print(i, a.wrote_offset, a.logics_offset, flush=True)
        i += 1
""")


@pytest.mark.parametrize("flush_disk_type", [FlushDiskType.SYNC_FLUSH, FlushDiskType.ASYNC_FLUSH],
                         ids=["sync_flush", "async_flush_never_flushed"])
def test_kill_9_while_writing_loses_no_acknowledged_message(tmp_path, flush_disk_type):
    root = tmp_path / "store"
    here = os.path.dirname(os.path.abspath(__file__))
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(root), here, flush_disk_type.name],
                            stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    acked = []
    try:
        assert proc.stdout.readline().strip() == b"ready"
        while len(acked) < 400:
            line = proc.stdout.readline()
            assert line, "the writer died"
            acked.append(tuple(int(x) for x in line.split()))
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
    for line in proc.stdout.read().splitlines():
        parts = line.split()
        if len(parts) == 3:
            acked.append(tuple(int(x) for x in parts))
    proc.stdout.close()
    assert os.path.exists(os.path.join(str(root), "abort"))
    assert len(os.listdir(os.path.join(str(root), "commitlog"))) >= 2
    config = make_config(root, flush_disk_type=flush_disk_type, mapped_file_size_commit_log=64 * 1024,
                         max_index_num=300)
    store = open_store(config)
    try:
        for i, wrote_offset, queue_offset in acked:
            msg = store.look_message_by_offset(wrote_offset)
            assert msg is not None and msg.body.startswith(b"durable-%d#" % i)
            assert (msg.queue_id, msg.queue_offset) == (i % 3, queue_offset)
            assert store.get_commit_log_offset_in_queue("TopicTest", i % 3, queue_offset) == wrote_offset
        last_i = acked[-1][0]
        for i in (0, last_i // 2, last_i):
            result = store.query_message("TopicTest", "key-%d" % i, 32, 0, FOREVER)
            assert [m.body[:len(b"durable-%d#" % i)] for m in decode_all(result.message_buffer_list)] == [
                b"durable-%d#" % i]
        next_queue_offsets = [store.get_max_offset_in_queue("TopicTest", q) for q in range(3)]
        result = store.put_message(make_message(queue_id=0)).append_message_result
        assert result.logics_offset == next_queue_offsets[0]
        assert result.wrote_offset == store.get_max_phy_offset() - result.wrote_bytes
    finally:
        store.shutdown()
