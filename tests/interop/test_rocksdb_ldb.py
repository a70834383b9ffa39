"""The pure-Python RocksDB reader (``rocketmq_common.rocksdb``) against RocksDB itself: databases written by the
real ``ldb`` tool (Debian's ``rocksdb-tools``) in temporary directories, with data in the write-ahead log only, in
tables only and in both, deletes and overwrites, several column families, compressed blocks, old table format
versions, CRC-32C checksums and hash-indexed data blocks, read by our :class:`RocksDB` and compared with what
``ldb scan`` / ``ldb get`` print. Skipped where ``ldb`` is not installed (CI)."""
from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
from typing import Dict, List, Optional, Tuple

import pytest

from rocketmq_common.rocksdb.column_family_descriptor import ColumnFamilyDescriptor
from rocketmq_common.rocksdb.rocks_db import RocksDB
from rocketmq_common.rocksdb.rocks_db_exception import RocksDBException

pytestmark = [pytest.mark.skipif(shutil.which("ldb") is None, reason="no ldb (apt-get install rocksdb-tools)"),
              pytest.mark.timeout(120)]


def ldb(db: str, *args: str, cf: Optional[str] = None) -> str:
    """Run ``ldb --db=db [--column_family=cf] args...``; its output."""
    command = ["ldb", "--db=" + db] + (["--column_family=" + cf] if cf else []) + list(args)
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Failed" not in done.stdout, (command, done.stdout, done.stderr)
    return done.stdout


def put(db: str, pairs: Dict[bytes, bytes], cf: Optional[str] = None, *options: str) -> None:
    args = [x for k, v in pairs.items() for x in ("0x" + k.hex(), "0x" + v.hex())]
    ldb(db, *options, "--auto_compaction=false", "--hex", "batchput", *args, cf=cf)  # the tables stay as written


def delete(db: str, key: bytes, cf: Optional[str] = None) -> None:
    ldb(db, "--auto_compaction=false", "--hex", "delete", "0x" + key.hex(), cf=cf)


def ldb_scan(db: str, cf: Optional[str] = None) -> List[Tuple[bytes, bytes]]:
    pairs = []
    for line in ldb(db, "--hex", "scan", cf=cf).splitlines():
        key, value = line.split(" : ")
        pairs.append((bytes.fromhex(key[2:]), bytes.fromhex(value[2:])))
    return pairs


def ours(db: str, cf: str = "default") -> List[Tuple[bytes, bytes]]:
    handles: list = []
    rocks = RocksDB.open_read_only(db, [ColumnFamilyDescriptor(cf.encode())], handles)
    pairs = []
    with rocks.new_iterator(handles[0]) as it:
        it.seek_to_first()
        while it.is_valid():
            pairs.append((it.key(), it.value()))
            it.next()
    return pairs


def same_as_ldb(db: str, cf: Optional[str] = None) -> List[Tuple[bytes, bytes]]:
    expected = ldb_scan(db, cf)
    assert ours(db, cf or "default") == expected
    return expected


def set_options(db: str, **options: object) -> None:
    """Rewrite ``name=value`` lines of the newest OPTIONS file (every column family's), for ldb's
    ``--try_load_options`` to write the next tables with them."""
    name = max(glob.glob(os.path.join(db, "OPTIONS-*")))
    with open(name) as f:
        text = f.read()
    for key, value in options.items():
        text, count = re.subn(r"(?m)^(  %s=).*$" % key, r"\g<1>%s" % value, text)
        assert count, key
    with open(name, "w") as f:
        f.write(text)


def flush(db: str) -> None:
    """Reopen the database writable: ldb's recovery flushes the write-ahead log to a level-0 table."""
    put(db, {b"~flush": b""})


def keys(n: int, prefix: str = "Topic") -> Dict[bytes, bytes]:
    return {("%s%05d" % (prefix, i)).encode(): ('{"topicName":"%s%05d","perm":6}' % (prefix, i)).encode()
            for i in range(n)}


def test_data_in_the_write_ahead_log_only(tmp_path):
    db = str(tmp_path / "db")
    put(db, keys(30), None, "--create_if_missing", "--compression_type=no")
    assert not glob.glob(os.path.join(db, "*.sst"))
    assert len(same_as_ldb(db)) == 30


def test_data_in_tables_only_after_compaction(tmp_path):
    db = str(tmp_path / "db")
    put(db, keys(2000), None, "--create_if_missing", "--compression_type=no", "--block_size=1024")
    ldb(db, "compact")
    assert glob.glob(os.path.join(db, "*.sst"))
    assert len(same_as_ldb(db)) == 2000


def test_deletes_and_overwrites_across_the_log_and_overlapping_tables(tmp_path):
    db = str(tmp_path / "db")
    put(db, keys(100), None, "--create_if_missing", "--compression_type=no")
    flush(db)  # the 100 keys in a table
    for i in range(0, 100, 3):
        delete(db, b"Topic%05d" % i)  # each delete reopens the database: a table per earlier write
    put(db, {b"Topic00001": b"overwritten", b"Topic00004": b"", b"NewTopic": b"{}"})
    delete(db, b"Topic00007")  # in the log only
    assert len(glob.glob(os.path.join(db, "*.sst"))) > 5
    pairs = dict(same_as_ldb(db))
    assert pairs[b"Topic00001"] == b"overwritten" and pairs[b"Topic00004"] == b"" and b"Topic00003" not in pairs
    assert b"Topic00007" not in pairs
    ldb(db, "compact")
    same_as_ldb(db)


def test_column_families_added_written_and_dropped(tmp_path):
    db = str(tmp_path / "db")
    put(db, keys(5), None, "--create_if_missing", "--compression_type=no")
    for cf in ("kvDataVersion", "forbidden", "dropped"):
        ldb(db, "create_column_family", cf)
    put(db, {b"kvDataVersionKey": b'{"counter":1,"stateVersion":0,"timestamp":1700000000000}'}, "kvDataVersion")
    put(db, {b"x": b"1"}, "dropped")
    flush(db)
    put(db, {b"kvDataVersionKey": b'{"counter":2,"stateVersion":0,"timestamp":1700000000001}'}, "kvDataVersion")
    put(db, {b"y": b"2"}, "dropped")
    ldb(db, "drop_column_family", "dropped")
    assert same_as_ldb(db, "kvDataVersion") == [(b"kvDataVersionKey",
                                                 b'{"counter":2,"stateVersion":0,"timestamp":1700000000001}')]
    assert same_as_ldb(db, "forbidden") == []
    assert len(same_as_ldb(db)) == 6
    with pytest.raises(RocksDBException, match="Invalid argument: Column family not found: dropped"):
        ours(db, "dropped")
    handles: list = []
    rocks = RocksDB.open_read_only(db, [ColumnFamilyDescriptor(b"default"), ColumnFamilyDescriptor(b"kvDataVersion")],
                                   handles)
    assert [h.get_name() for h in handles] == [b"default", b"kvDataVersion"]
    got = rocks.get(handles[1], b"kvDataVersionKey")
    assert got is not None and got == bytes.fromhex(ldb(db, "--hex", "get", "0x" + b"kvDataVersionKey".hex(),
                                                        cf="kvDataVersion").strip()[2:])
    assert rocks.get(handles[1], b"nothing") is None


@pytest.mark.parametrize("compression", ["snappy", "zlib", "bzip2", "zstd"])
def test_compressed_tables(tmp_path, compression):
    db = str(tmp_path / "db")
    put(db, keys(3000), None, "--create_if_missing", "--compression_type=" + compression, "--block_size=2048")
    ldb(db, "compact", "--compression_type=" + compression)
    assert len(same_as_ldb(db)) == 3000


@pytest.mark.parametrize("compression", ["kZlibCompression", "kBZip2Compression", "kSnappyCompression"])
def test_compressed_tables_of_format_version_1_without_the_size_prefix(tmp_path, compression):
    db = str(tmp_path / "db")
    put(db, {b"seed": b"0"}, None, "--create_if_missing", "--compression_type=no")
    flush(db)
    set_options(db, format_version=1, compression=compression, checksum="kCRC32c")
    put(db, keys(1000))
    flush(db)
    assert len(same_as_ldb(db)) == 1002


def test_lz4_tables_are_refused_naming_the_compression(tmp_path):
    db = str(tmp_path / "db")
    put(db, keys(50), None, "--create_if_missing", "--compression_type=lz4")
    ldb(db, "compact", "--compression_type=lz4")
    with pytest.raises(RocksDBException, match="Not implemented: .* uses LZ4 compression"):
        ours(db)


@pytest.mark.parametrize("format_version", [0, 1, 2, 3, 4, 5])
def test_table_format_versions_with_crc32c_hash_indexed_blocks_and_delta_encoded_index(tmp_path, format_version):
    db = str(tmp_path / "db")
    put(db, {b"seed": b"0"}, None, "--create_if_missing", "--compression_type=no")
    flush(db)
    set_options(db, format_version=format_version, checksum="kCRC32c", index_block_restart_interval=4,
                data_block_index_type="kDataBlockBinaryAndHash", block_size=512, block_restart_interval=4)
    put(db, keys(1500))
    flush(db)
    put(db, keys(20, "Later"))
    assert len(same_as_ldb(db)) == 1500 + 20 + 2


def test_values_larger_than_a_log_block_and_a_table_block(tmp_path):
    db = str(tmp_path / "db")
    put(db, {b"seed": b"0"}, None, "--create_if_missing", "--compression_type=no")
    flush(db)
    set_options(db, block_size=200000)
    big = {b"big%d" % i: os.urandom(60000 + i) for i in range(3)}  # ldb's arguments: at most 128 KiB each
    for key, value in big.items():
        put(db, {key: value})
    assert same_as_ldb(db)[:3] == sorted(big.items())  # a log with records in FIRST / MIDDLE / LAST fragments
    put(db, {b"more": b"1"})
    ldb(db, "compact")
    assert len(same_as_ldb(db)) == 6  # one table block of 180 KB


def test_export_metadata_in_rocks_db_lists_what_ldb_scans(tmp_path, capsys):
    from rocketmq_tools.cli import main
    db = str(tmp_path / "topics")
    put(db, keys(40), None, "--create_if_missing", "--compression_type=no")
    for cf in ("kvDataVersion", "forbidden"):
        ldb(db, "create_column_family", cf)
    delete(db, b"Topic00003")
    put(db, {b"Topic00004": b'{"topicName":"Topic00004","perm":2}'})
    capsys.readouterr()
    assert main(["exportMetadataInRocksDB", "-p", str(tmp_path), "-t", "topics"]) == 0
    expected = ["%d, Key: %s, Value: %s" % (i + 1, k.decode(), v.decode()) for i, (k, v) in enumerate(ldb_scan(db))]
    assert capsys.readouterr().out.splitlines() == expected


def test_range_deletions_are_refused_naming_them(tmp_path):
    db = str(tmp_path / "db")
    put(db, keys(10), None, "--create_if_missing", "--compression_type=no")
    ldb(db, "deleterange", "Topic00002", "Topic00005")
    with pytest.raises(RocksDBException, match="Not implemented: .*000*\\d+.log holds range deletions"):
        ours(db)  # in the log
    flush(db)
    with pytest.raises(RocksDBException, match="Not implemented: .*.sst holds range deletions"):
        ours(db)  # in a table's range deletion block
