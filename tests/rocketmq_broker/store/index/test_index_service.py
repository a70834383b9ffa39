"""Query by message key and unique key through the index (max_num, time range, restart, full index files)."""
from __future__ import annotations

import os

from store_support import FakeClock, decode_all, make_config, make_message, open_store

from rocketmq_broker.store import commit_log as commit_log_module
from rocketmq_broker.store.index import index_service as index_service_module
from rocketmq_broker.store.index.index_file import IndexFile

FOREVER = 2 ** 62


def _bodies(result):
    return [m.body for m in decode_all(result.message_buffer_list)]


def test_query_by_each_key_and_by_unique_key(store):
    store.put_message(make_message(body=b"a", keys="order-1 user-9", uniq_key="UNIQ-A"))
    store.put_message(make_message(body=b"b", keys="order-2", uniq_key="UNIQ-B"))
    store.put_message(make_message(topic="Other", body=b"c", keys="order-1", uniq_key="UNIQ-C"))
    assert _bodies(store.query_message("TopicTest", "order-1", 32, 0, FOREVER)) == [b"a"]
    assert _bodies(store.query_message("TopicTest", "user-9", 32, 0, FOREVER)) == [b"a"]
    assert _bodies(store.query_message("TopicTest", "UNIQ-B", 32, 0, FOREVER)) == [b"b"]
    assert _bodies(store.query_message("Other", "order-1", 32, 0, FOREVER)) == [b"c"]
    assert store.query_message("TopicTest", "UNIQ-C", 32, 0, FOREVER).get_message_count() == 0
    assert store.query_message("TopicTest", "order-", 32, 0, FOREVER).get_message_count() == 0
    result = store.query_message("TopicTest", "order-2", 32, 0, FOREVER)
    assert result.index_last_update_phyoffset == store.look_message_by_offset(
        result.index_last_update_phyoffset).commit_log_offset
    assert result.index_last_update_timestamp > 0


def test_query_max_num_returns_oldest_first_of_the_newest(store):
    for i in range(10):
        store.put_message(make_message(body=b"m%d" % i, keys="same"))
    assert _bodies(store.query_message("TopicTest", "same", 32, 0, FOREVER)) == [b"m%d" % i for i in range(10)]
    assert _bodies(store.query_message("TopicTest", "same", 3, 0, FOREVER)) == [b"m7", b"m8", b"m9"]


def test_query_max_num_is_capped_by_max_msgs_num_batch(tmp_path):
    s = open_store(make_config(tmp_path, max_msgs_num_batch=4))
    try:
        for i in range(6):
            s.put_message(make_message(keys="k"))
        assert s.query_message("TopicTest", "k", 32, 0, FOREVER).get_message_count() == 4
    finally:
        s.shutdown()


def test_query_time_range(tmp_path, monkeypatch):
    clock = FakeClock(1_700_000_000_000)
    monkeypatch.setattr(commit_log_module, "time", clock)
    s = open_store(make_config(tmp_path))
    try:
        for i in range(5):
            clock.now_ms = 1_700_000_000_000 + i * 10_000
            s.put_message(make_message(body=b"t%d" % i, keys="k", uniq_key="U%d" % i))
        base = 1_700_000_000_000
        assert _bodies(s.query_message("TopicTest", "k", 32, base + 10_000, base + 30_000)) == [b"t1", b"t2", b"t3"]
        assert _bodies(s.query_message("TopicTest", "k", 32, base + 45_000, FOREVER)) == []
        assert _bodies(s.query_message("TopicTest", "U4", 32, base + 40_000, base + 40_000)) == [b"t4"]
        assert _bodies(s.query_message("TopicTest", "U4", 32, 0, base + 39_999)) == []
    finally:
        s.shutdown()


def test_index_survives_restart(tmp_path):
    config = make_config(tmp_path)
    s = open_store(config)
    s.put_message(make_message(body=b"persisted", keys="k1", uniq_key="U1"))
    s.shutdown()
    s = open_store(config)
    try:
        assert _bodies(s.query_message("TopicTest", "k1", 32, 0, FOREVER)) == [b"persisted"]
        assert _bodies(s.query_message("TopicTest", "U1", 32, 0, FOREVER)) == [b"persisted"]
        s.put_message(make_message(body=b"later", keys="k1"))
        assert _bodies(s.query_message("TopicTest", "k1", 32, 0, FOREVER)) == [b"persisted", b"later"]
    finally:
        s.shutdown()


def test_full_index_files_roll_over(tmp_path):
    config = make_config(tmp_path, max_hash_slot_num=8, max_index_num=6)
    s = open_store(config)
    try:
        for i in range(12):
            s.put_message(make_message(body=b"r%d" % i, keys="key%d shared" % i))
        index_dir = os.path.join(str(tmp_path), "index")
        assert len(os.listdir(index_dir)) >= 4
        assert _bodies(s.query_message("TopicTest", "key0", 32, 0, FOREVER)) == [b"r0"]
        assert _bodies(s.query_message("TopicTest", "key11", 32, 0, FOREVER)) == [b"r11"]
        assert len(_bodies(s.query_message("TopicTest", "shared", 32, 0, FOREVER))) == 12
        assert s.store_checkpoint.index_msg_timestamp > 0
    finally:
        s.shutdown()
    s = open_store(config)
    try:
        assert len(_bodies(s.query_message("TopicTest", "shared", 32, 0, FOREVER))) == 12
    finally:
        s.shutdown()


def test_index_disabled(tmp_path):
    s = open_store(make_config(tmp_path, message_index_enable=False))
    try:
        s.put_message(make_message(keys="k"))
        assert s.query_message("TopicTest", "k", 32, 0, FOREVER).get_message_count() == 0
        index_dir = os.path.join(str(tmp_path), "index")
        assert not os.path.isdir(index_dir) or os.listdir(index_dir) == []
    finally:
        s.shutdown()


def test_index_file_layout_is_javas(tmp_path):
    f = IndexFile(str(tmp_path / "idx"), 4, 8, 0, 0)
    assert os.path.getsize(str(tmp_path / "idx")) == 40 + 4 * 4 + 8 * 20
    assert f.put_key("T#a", 100, 1_700_000_000_000) and f.put_key("T#b", 200, 1_700_000_003_500)
    header = f.mapped_byte_buffer[:40]
    assert int.from_bytes(header[0:8], "big") == 1_700_000_000_000
    assert int.from_bytes(header[8:16], "big") == 1_700_000_003_500
    assert int.from_bytes(header[16:24], "big") == 100 and int.from_bytes(header[24:32], "big") == 200
    assert int.from_bytes(header[36:40], "big") == 3
    entry2 = f.mapped_byte_buffer[40 + 16 + 2 * 20:40 + 16 + 3 * 20]
    assert int.from_bytes(entry2[0:4], "big") == IndexFile.index_key_hash_method("T#b")
    assert int.from_bytes(entry2[4:12], "big") == 200 and int.from_bytes(entry2[12:16], "big") == 3
    found = []
    f.select_phy_offset(found, "T#b", 10, 0, FOREVER)
    assert found == [200]
    f.destroy()
    assert not os.path.exists(str(tmp_path / "idx"))


def test_index_files_are_named_by_time_and_unique(tmp_path, monkeypatch):
    class Frozen:
        @staticmethod
        def time():
            return 1_700_000_000.0

    monkeypatch.setattr(index_service_module, "time", Frozen)
    s = open_store(make_config(tmp_path, max_index_num=3))
    try:
        for i in range(5):
            s.put_message(make_message(keys="k%d" % i))
        names = sorted(os.listdir(os.path.join(str(tmp_path), "index")))
        assert len(names) == len(set(names)) >= 2 and all(len(n) == 17 and n.isdigit() for n in names)
    finally:
        s.shutdown()
