"""The pure-Python RocksDB reader on the databases of tests/data/rocksdb, which the real RocksDB's ldb wrote (see
its make.sh): column families, tables and write-ahead logs, deletes and overwrites, XXH3 and CRC-32C checksums,
snappy blocks, hash-indexed data blocks and a delta-encoded index; and damaged copies of them, which fail with
RocksDB's error, or (a damaged log record) lose only that record. tests/interop/test_rocksdb_ldb.py compares the
reader with ldb itself on many more databases."""
from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

from rocketmq_common.rocksdb.column_family_descriptor import ColumnFamilyDescriptor
from rocketmq_common.rocksdb.column_family_handle import ColumnFamilyHandle
from rocketmq_common.rocksdb.rocks_db import RocksDB
from rocketmq_common.rocksdb.rocks_db_exception import RocksDBException

pytestmark = pytest.mark.timeout(30)

DATA = Path(__file__).resolve().parents[2] / "data" / "rocksdb"
FAMILIES = [b"default", b"kvDataVersion", b"forbidden"]


def open_db(path: Path, families: Optional[List[bytes]] = None) -> Tuple[RocksDB, List[ColumnFamilyHandle]]:
    handles: List[ColumnFamilyHandle] = []
    db = RocksDB.open_read_only(str(path), [ColumnFamilyDescriptor(f) for f in families or FAMILIES], handles)
    return db, handles


def scan(db: RocksDB, handle: Optional[ColumnFamilyHandle] = None) -> List[Tuple[bytes, bytes]]:
    pairs = []
    with db.new_iterator(handle) as it:
        it.seek_to_first()
        while it.is_valid():
            pairs.append((it.key(), it.value()))
            it.next()
    return pairs


def copy(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(str(DATA / name), str(target))
    return target


def test_topics_in_tables_and_in_the_log_with_a_delete_and_an_overwrite():
    db, handles = open_db(DATA / "topics")
    assert [h.get_name() for h in handles] == FAMILIES and [h.get_id() for h in handles] == [0, 1, 2]
    topics = scan(db, handles[0])
    assert [k for k, _ in topics] == [b"%RETRY%GroupA", b"SCHEDULE_TOPIC_XXXX", b'Topic"Quoted"', b"TopicA",
                                      b"TopicTest"]  # TopicGone deleted; the last two written to the log only
    assert db.get(handles[0], b"TopicA").startswith(b'{"attributes":{"message.type":"FIFO"},"order":true,"perm":4')
    assert db.get(handles[0], b"TopicGone") is None
    assert db.get(handles[1], b"kvDataVersionKey") == b'{"counter":2,"stateVersion":0,"timestamp":1733200000002}'
    assert scan(db, handles[2]) == [] and scan(db) == topics


def test_snappy_blocks_with_crc32c_checksums_hash_index_and_delta_encoded_index():
    db, _ = open_db(DATA / "crc32c-snappy", [b"default"])
    expected = [(b"key%05d" % i, b"value-%d-of-the-fixture" % i) for i in range(300)] + \
        [(b"later%03d" % i, b"later-value-%d" % i) for i in range(20)] + [(b"seed", b"seed")]
    assert scan(db) == sorted(expected)


def test_iterator_seeks_and_moves_both_ways():
    db, _ = open_db(DATA / "crc32c-snappy", [b"default"])
    it = db.new_iterator()
    assert not it.is_valid()
    it.seek(b"key00150x")
    assert it.key() == b"key00151"
    it.prev()
    assert it.value() == b"value-150-of-the-fixture"
    it.seek_for_prev(b"key")
    assert not it.is_valid()
    it.seek_to_last()
    assert it.key() == b"seed"
    it.next()
    assert not it.is_valid()


def test_a_column_family_the_database_lacks_and_a_directory_without_a_database(tmp_path):
    with pytest.raises(RocksDBException, match="^Invalid argument: Column family not found: nothing$"):
        open_db(DATA / "topics", [b"default", b"nothing"])
    with pytest.raises(RocksDBException, match="^IO error: No such file or directory: While opening a file for "
                                               "sequentially reading: .*/CURRENT: No such file or directory$"):
        open_db(tmp_path)


@pytest.mark.parametrize("damage, error", [
    ("truncated table", "^Corruption: Sst file size mismatch: .*000017.sst. Size recorded in manifest 6404, "
                        "actual size 6000$"),
    ("table byte", "^Corruption: block checksum mismatch: .* in .*000017.sst offset 0 size "),
    ("table footer", "^Corruption: Bad table magic number"),
    ("CURRENT", "^Corruption: CURRENT file does not end with newline$"),
    ("MANIFEST byte", r"^Corruption: .*MANIFEST-000019: checksum mismatch at offset \d+$"),
    ("missing table", "^IO error: No such file or directory: While opening a file for sequentially reading: "
                      ".*000017.sst"),
])
def test_damaged_files_fail_with_rocksdb_errors(tmp_path, damage, error):
    path = copy("crc32c-snappy", tmp_path)
    table = path / "000017.sst"
    data = table.read_bytes()
    if damage == "truncated table":
        table.write_bytes(data[:6000])
    elif damage == "table byte":
        table.write_bytes(data[:20] + bytes([data[20] ^ 0xFF]) + data[21:])
    elif damage == "table footer":
        table.write_bytes(data[:-1] + b"\0")
    elif damage == "CURRENT":
        (path / "CURRENT").write_bytes(b"MANIFEST-000019")
    elif damage == "MANIFEST byte":
        manifest = path / "MANIFEST-000019"
        raw = manifest.read_bytes()
        manifest.write_bytes(raw[:-3] + bytes([raw[-3] ^ 0xFF]) + raw[-2:])  # in the last record's payload
    else:
        table.unlink()
    with pytest.raises(RocksDBException, match=error):
        open_db(path, [b"default"])


def test_a_damaged_table_with_xxh3_checksums(tmp_path):
    """XXH3, the checksum of ldb's tables and rocksdbjni 8's default: every table of the other tests passes it."""
    path = copy("topics", tmp_path)
    table = path / "000012.sst"
    raw = table.read_bytes()
    table.write_bytes(raw[:5] + bytes([raw[5] ^ 1]) + raw[6:])
    with pytest.raises(RocksDBException, match="^Corruption: block checksum mismatch: .* type = 4  in "
                                               ".*000012.sst offset 0 size "):
        open_db(path)


def test_a_damaged_log_record_is_skipped_and_a_cut_tail_dropped(tmp_path, caplog):
    path = copy("topics", tmp_path)
    log_file = path / "000046.log"
    raw = log_file.read_bytes()
    log_file.write_bytes(raw[:-10])  # the writer died in the last record: the %RETRY% / Quoted batch is lost
    db, handles = open_db(path)
    assert [k for k, _ in scan(db)] == [b"SCHEDULE_TOPIC_XXXX", b"TopicA", b"TopicTest"]
    log_file.write_bytes(raw[:30] + bytes([raw[30] ^ 0xFF]) + raw[31:])
    with caplog.at_level(logging.WARNING, "rocketmq_common.rocksdb.rocks_db"):
        db, handles = open_db(path)
    assert [k for k, _ in scan(db)] == [b"SCHEDULE_TOPIC_XXXX", b"TopicA", b"TopicTest"]
    assert "checksum mismatch at offset 0" in caplog.text and os.path.basename(str(log_file)) in caplog.text
