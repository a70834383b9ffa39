"""Java 5.3.3's mqadmin in local mode against ours on the RocksDB databases of tests/data/rocksdb:
``rocksDBConfigToJson -p`` and ``exportMetadataInRocksDB`` print the same bytes (and ``-e`` writes the same file and
``.bak``). Runs with ``$ROCKETMQ_ANCHORS5`` and ``$ROCKSDBJNI_DIR``: the anchors ship rocksdbjni's Java classes
only, so the native library comes from that directory (``librocksdbjni.so``, with ``classes/``, the rocksdbjni
classes of the same version, put first on the class path; ``shim.so``, when there, preloaded). Made on Debian
12 (December 3) from RocksDB 7.8.3, the version of Debian's library::

    apt-get install -y librocksdb-dev
    git --git-dir=<mirror of facebook/rocksdb> archive v7.8.3 | tar -x -C $R
    javac -h $R/jnibuild/include -d $ROCKSDBJNI_DIR/classes $(find $R/java/src/main/java -name '*.java')
    for f in $R/java/rocksjni/*.cc (but the *_test.cc and testable_event_listener.cc):
        g++ -std=c++17 -fPIC -O0 -DROCKSDB_PLATFORM_POSIX -DROCKSDB_LIB_IO_POSIX -DOS_LINUX -I$R -I$R/include
            -I$R/java -I$R/jnibuild -I$JAVA_HOME/include -I$JAVA_HOME/include/linux -c $f
    g++ -shared -o $ROCKSDBJNI_DIR/librocksdbjni.so *.o -lrocksdb

and ``shim.so``: Debian's library keeps its assertions, and ``rocksDBConfigToJson`` never closes its iterator, so
closing the database trips ``assert(last_ref)`` in ``~ColumnFamilySet``; the shim makes that destructor a no-op
(``void _ZN7rocksdb15ColumnFamilySetD1Ev(void *p) {}`` and ``...D2Ev``, ``gcc -shared -fPIC``). The one
difference is the text of a JSON parse error (fastjson's against ours), masked."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import List, Tuple

import pytest

from rocketmq_tools.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "rocksdb"
JNI = os.environ.get("ROCKSDBJNI_DIR", "")

pytestmark = [pytest.mark.skipif(not os.path.isfile(os.path.join(JNI, "librocksdbjni.so")),
                                 reason="no rocksdbjni native library: set ROCKSDBJNI_DIR (see the docstring)"),
              pytest.mark.timeout(300)]

COMMANDS = [
    "rocksDBConfigToJson -p {d} -t topics", "rocksDBConfigToJson -p {d} -t topics -j false",
    "rocksDBConfigToJson -p {d} -t subscriptionGroups", "rocksDBConfigToJson -p {d} -t subscriptionGroups -j false",
    "rocksDBConfigToJson -p {d} -t consumerOffsets", "rocksDBConfigToJson -p {d} -t consumerOffsets -j false",
    "rocksDBConfigToJson -p {d} -t topics;consumerOffsets -j false", "rocksDBConfigToJson -p {d}/none -t topics",
    "rocksDBConfigToJson -p {d} -t nothing", "rocksDBConfigToJson -p {d}/plain -t topics",
    "exportMetadataInRocksDB -p {d} -t topics", "exportMetadataInRocksDB -p {d}/ -t topics -j true",
    "exportMetadataInRocksDB -p {d} -t subscriptionGroups -j true",
    "exportMetadataInRocksDB -p {d} -t subscriptionGroups", "exportMetadataInRocksDB -p {d} -t consumerOffsets",
    "exportMetadataInRocksDB -p {d} -t groups", "exportMetadataInRocksDB -p {d}/none -t topics",
    "exportMetadataInRocksDB -p {d}/plain -t topics",
]


@pytest.fixture(scope="module")
def config_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixtures under the names each command reads (``-t`` as given, or the type's enum name)."""
    root = tmp_path_factory.mktemp("config")
    for name, enum_name in (("topics", "TOPICS"), ("subscriptionGroups", "SUBSCRIPTION_GROUPS"),
                            ("consumerOffsets", "CONSUMER_OFFSETS")):
        for target in (name, enum_name):
            shutil.copytree(str(DATA / name), str(root / target))
    for target in ("topics", "TOPICS"):
        shutil.copytree(str(DATA / "crc32c-snappy"), str(root / "plain" / target))
    return root


def java_mqadmin(anchors5, *args: str) -> str:
    env = dict(os.environ)
    shim = os.path.join(JNI, "shim.so")
    if os.path.isfile(shim):
        env["LD_PRELOAD"] = shim
    done = subprocess.run([anchors5.java, "-Xmx256m", *anchors5.java_opens, *anchors5.logging_properties(),
                           "-Djava.library.path=" + JNI, "-cp", os.path.join(JNI, "classes") + os.pathsep +
                           anchors5.class_path, "org.apache.rocketmq.tools.command.MQAdminStartup", *args],
                          capture_output=True, text=True, timeout=120, env=env)
    return done.stdout


def ours(capsys, *args: str) -> str:
    capsys.readouterr()
    main(list(args))
    return capsys.readouterr().out


def masked(text: str) -> str:
    return re.sub(r"(configType=TOPICS, ).*", r"\1<the parse error>", text)


@pytest.mark.parametrize("command", COMMANDS)
def test_local_mode_prints_what_java_prints(anchors5, config_dir, capsys, command):
    args = command.format(d=config_dir).split()
    assert masked(ours(capsys, *args)) == masked(java_mqadmin(anchors5, *args))


def test_export_file_and_its_bak_as_java_writes_them(anchors5, config_dir, capsys, tmp_path):
    files: List[Tuple[str, str]] = []
    for who in ("java", "ours"):
        export = tmp_path / who / "offsets.json"
        export.parent.mkdir()
        export.write_text("previous")
        args = ["rocksDBConfigToJson", "-p", str(config_dir), "-t", "consumerOffsets", "-e", str(export)]
        java_mqadmin(anchors5, *args) if who == "java" else ours(capsys, *args)
        files.append((export.read_text(), (tmp_path / who / "offsets.json.bak").read_text()))
    assert files[0] == files[1] and files[0][1] == "previous"


@pytest.mark.skipif(shutil.which("ldb") is None, reason="no ldb (apt-get install rocksdb-tools)")
def test_larger_tables_in_java_hash_map_order(anchors5, capsys, tmp_path):
    """45 topics (non-ASCII names among them: the JSON tables resize and re-copy) and offset tables with queue
    ids past the ConcurrentHashMap's 16 bins, written by ldb."""
    from test_rocksdb_ldb import ldb, put
    for name in ("TOPICS", "topics", "CONSUMER_OFFSETS"):
        db = str(tmp_path / name)
        put(db, {b"seed": b""}, None, "--create_if_missing", "--compression_type=no")
        for cf in ("kvDataVersion", "forbidden"):
            ldb(db, "create_column_family", cf)
    for name in ("TOPICS", "topics"):
        topics = {}
        for i in range(45):
            topic = ["TopicTest%d", "%%RETRY%%Group%d", "rmq_sys_%d", "BenchmarkTest_%d", "\u00e9\u4e3b%d"][i % 5] % i
            topics[topic.encode()] = json.dumps(
                {"attributes": {"message.type": "NORMAL"} if i % 3 == 0 else {}, "order": i % 7 == 0, "perm": 6,
                 "readQueueNums": i % 16 + 1, "topicFilterType": "SINGLE_TAG", "topicName": topic,
                 "topicSysFlag": 0, "writeQueueNums": i % 16 + 1},
                ensure_ascii=False, separators=(",", ":")).encode()
        put(str(tmp_path / name), topics)
        version = b'{"counter":45,"stateVersion":1,"timestamp":1733200000999}'
        put(str(tmp_path / name), {b"kvDataVersionKey": version}, "kvDataVersion")
    put(str(tmp_path / "CONSUMER_OFFSETS"), {
        b"T@G": json.dumps({"offsetTable": {str(i): i * 7 for i in range(40)}}).encode(),
        b"S@G": b'{"offsetTable":{"100":1,"33":2,"17":3,"5":4,"1":5,"65":6}}', b"E@G": b'{"offsetTable":{}}'})
    for command in ("rocksDBConfigToJson -p {d} -t topics", "rocksDBConfigToJson -p {d} -t topics -j false",
                    "exportMetadataInRocksDB -p {d} -t topics -j true", "exportMetadataInRocksDB -p {d} -t topics",
                    "rocksDBConfigToJson -p {d} -t consumerOffsets",
                    "rocksDBConfigToJson -p {d} -t consumerOffsets -j false"):
        args = command.format(d=tmp_path).split()
        assert ours(capsys, *args) == java_mqadmin(anchors5, *args), command
