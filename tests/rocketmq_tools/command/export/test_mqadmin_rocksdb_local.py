"""mqadmin's local-mode RocksDB commands of 5.3.3 on the databases of tests/data/rocksdb (written by the real
RocksDB's ldb, laid out as a broker's ``config/`` directory): ``rocksDBConfigToJson -p`` and
``exportMetadataInRocksDB`` print what Java's print for them. The expected texts follow Java's code: fastjson's
pretty format (tabs, ``"key":value``, an integer-keyed offset table after its brace), ``JSONObject`` / ``HashMap``
iteration order (``exportMetadataInRocksDB -j true`` re-copies its table into a ``HashMap(size)``), the ``-j
false`` lines (``type: <table>`` without a line end), Java's lines for the failures; a directory without a
readable database fails with RocksDB's reason in one line, never a traceback."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(30)

DATA = Path(__file__).resolve().parents[3] / "data" / "rocksdb"
LOCAL = "Use [local mode] load rocksdb to print or export file \n"


def topic(name: str, body: str = '"readQueueNums":8,\n\t\t\t"perm":6,\n\t\t\t"writeQueueNums":8,') -> str:
    return ('\t\t"%s":{\n\t\t\t%s\n\t\t\t"topicFilterType":"SINGLE_TAG",\n\t\t\t"topicName":"%s",\n'
            '\t\t\t"attributes":{},\n\t\t\t"order":false,\n\t\t\t"topicSysFlag":0\n\t\t}'
            % (name.replace('"', '\\"'), body, name.replace('"', '\\"')))


TOPICS_JSON = ('{\n\t"dataVersion":{\n\t\t"counter":2,\n\t\t"stateVersion":0,\n\t\t"timestamp":1733200000002\n\t},\n'
               '\t"topicConfigTable":{\n' + ",\n".join([topic("SCHEDULE_TOPIC_XXXX"), topic('Topic"Quoted"'),
                                                         topic("%RETRY%GroupA")]) +
               ',\n\t\t"TopicA":{\n\t\t\t"readQueueNums":2,\n\t\t\t"perm":4,\n\t\t\t"writeQueueNums":2,\n'
               '\t\t\t"topicFilterType":"SINGLE_TAG",\n\t\t\t"topicName":"TopicA",\n\t\t\t"attributes":{\n'
               '\t\t\t\t"message.type":"FIFO"\n\t\t\t},\n\t\t\t"order":true,\n\t\t\t"topicSysFlag":0\n\t\t},\n' +
               topic("TopicTest") + "\n\t}\n}")


@pytest.fixture
def config_dir(tmp_path: Path) -> Path:
    """A broker's ``config/`` directory, with each database also under the name rocksDBConfigToJson -p reads
    (Java's ``Paths.get(path, type.toString())``: the enum's name)."""
    for name, enum_name in (("topics", "TOPICS"), ("subscriptionGroups", "SUBSCRIPTION_GROUPS"),
                            ("consumerOffsets", "CONSUMER_OFFSETS")):
        shutil.copytree(str(DATA / name), str(tmp_path / name))
        shutil.copytree(str(DATA / name), str(tmp_path / enum_name))
    return tmp_path


def test_rocks_db_config_to_json_prints_the_topics_as_java(cli, config_dir):
    done = cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "topics")
    assert (done.code, done.out, done.err) == (0, LOCAL + TOPICS_JSON + "\n", "")
    assert cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "topics", "-j", "TRUE").out == done.out


def test_rocks_db_config_to_json_lines_without_json(cli, config_dir):
    done = cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "subscriptionGroups", "-j", " false ")
    group = ('{"retryMaxTimes":16,"whichBrokerWhenConsumeSlowly":1,"brokerId":0,"groupRetryPolicy":'
             '{"type":"CUSTOMIZED"},"consumeFromMinEnable":true,"consumeTimeoutMinute":15,"groupName":"%s",'
             '"groupSysFlag":0,"consumeEnable":true,"consumeBroadcastEnable":true,"retryQueueNums":1,'
             '"notifyConsumerIdsChangedEnable":true,"consumeMessageOrderly":false,"attributes":{}}')
    assert (done.code, done.out) == (0, LOCAL + "type: dataVersion1, Key: counter, Value: 3\n"
                                     "2, Key: stateVersion, Value: 0\n3, Key: timestamp, Value: 1733200000003\n"
                                     "type: subscriptionGroupTable4, Key: GroupA, Value: %s\n"
                                     "5, Key: GroupB, Value: %s\n" % (group % "GroupA", group % "GroupB"))


def test_rocks_db_config_to_json_consumer_offsets(cli, config_dir):
    done = cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "consumerOffsets")
    assert (done.code, done.out) == (0, LOCAL + '{\n\t"offsetTable":{\n\t\t"TopicTest@GroupA":{0:13,1:3,2:0,3:8\n'
                                            '\t\t},\n\t\t"TopicA@GroupB":{0:9,1:5\n\t\t}\n\t}\n}\n')
    lines = cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "consumerOffsets", "-j", "false")
    assert lines.out == LOCAL + ("type: offsetTable1, Key: TopicTest@GroupA, Value: {0=13, 1=3, 2=0, 3=8}\n"
                                 "2, Key: TopicA@GroupB, Value: {0=9, 1=5}\n")


def test_rocks_db_config_to_json_exports_a_file_keeping_the_previous_as_bak(cli, config_dir, tmp_path):
    export = tmp_path / "out" / "topics.json"
    done = cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "topics", "-e", str(export), "-j", "false")
    assert (done.code, done.out) == (0, LOCAL) and export.read_text() == TOPICS_JSON
    export.write_text("previous")
    assert cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "topics", "-e", str(export)).code == 0
    assert export.read_text() == TOPICS_JSON and (tmp_path / "out" / "topics.json.bak").read_text() == "previous"
    failed = cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "topics", "-e", str(tmp_path))
    assert failed.code == 1 and failed.out.startswith(LOCAL + "persist file %s exception" % tmp_path)


def test_rocks_db_config_to_json_failures(cli, config_dir, tmp_path):
    bad = cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "nothing")
    invalid = "Invalid configType: nothing please input topics/subscriptionGroups/consumerOffsets \n"
    assert bad.code == 2 and bad.out == invalid + LOCAL + invalid  # execute's, then handleLocalMode's
    missing = cli("rocksDBConfigToJson", "-p", str(tmp_path / "none"), "-t", "topics")
    assert (missing.code, missing.out) == (1, LOCAL + "Rocksdb path is invalid.\n")
    no_type = cli("rocksDBConfigToJson", "-p", str(config_dir))
    assert no_type.code == 2 and no_type.out == LOCAL + "local mode Invalid args, please input configType\n"
    empty = tmp_path / "empty"
    empty.mkdir()
    no_db = cli("rocksDBConfigToJson", "-p", str(empty), "-t", "subscriptionGroups")
    assert (no_db.code, no_db.out) == (1, LOCAL) and (empty / "SUBSCRIPTION_GROUPS").is_dir()  # made, as Java
    assert no_db.err == ("rocketmq rocksDBConfigToJson: IO error: No such file or directory: While opening a file "
                         "for sequentially reading: %s/SUBSCRIPTION_GROUPS/CURRENT: No such file or directory\n"
                         % empty)
    (config_dir / "TOPICS" / "000017.sst").write_bytes(b"")
    damaged = cli("rocksDBConfigToJson", "-p", str(config_dir), "-t", "topics")
    assert damaged.code == 1 and damaged.err.startswith("rocketmq rocksDBConfigToJson: Corruption: Sst file size "
                                                        "mismatch: ") and "Traceback" not in damaged.err
    shutil.copytree(str(DATA / "crc32c-snappy"), str(tmp_path / "plain" / "TOPICS"))
    not_json = cli("rocksDBConfigToJson", "-p", str(tmp_path / "plain"), "-t", "topics")
    assert not_json.code == 1 and not_json.out.startswith(
        LOCAL + "Error occurred while converting RocksDB kv config to json, configType=TOPICS, ")


def test_export_metadata_in_rocks_db(cli, config_dir):
    lines = cli("exportMetadataInRocksDB", "-p", str(config_dir), "-t", "topics")
    value = '{"attributes":{},"order":false,"perm":6,"readQueueNums":8,"topicFilterType":"SINGLE_TAG",' \
            '"topicName":"%s","topicSysFlag":0,"writeQueueNums":8}'
    assert (lines.code, lines.lines) == (0, [
        "1, Key: %RETRY%GroupA, Value: " + value % "%RETRY%GroupA",
        "2, Key: SCHEDULE_TOPIC_XXXX, Value: " + value % "SCHEDULE_TOPIC_XXXX",
        '3, Key: Topic"Quoted", Value: ' + value % 'Topic\\"Quoted\\"',
        '4, Key: TopicA, Value: {"attributes":{"message.type":"FIFO"},"order":true,"perm":4,"readQueueNums":2,'
        '"topicFilterType":"SINGLE_TAG","topicName":"TopicA","topicSysFlag":0,"writeQueueNums":2}',
        "5, Key: TopicTest, Value: " + value % "TopicTest"])
    json_done = cli("exportMetadataInRocksDB", "-p", str(config_dir) + "/", "-t", "topics", "-j", "true")
    # the HashMap(5) of JSONObject.toJSON: 8 buckets, so not the order rocksDBConfigToJson prints
    table = TOPICS_JSON[TOPICS_JSON.index('\t"topicConfigTable"'):]
    entries = {name: table[table.index('\t\t"%s":{' % name):].split("\n\t\t}")[0] + "\n\t\t}"
               for name in ("SCHEDULE_TOPIC_XXXX", 'Topic\\"Quoted\\"', "%RETRY%GroupA", "TopicA", "TopicTest")}
    order = ["TopicTest", "SCHEDULE_TOPIC_XXXX", 'Topic\\"Quoted\\"', "%RETRY%GroupA", "TopicA"]
    assert (json_done.code, json_done.out) == (0, '{\n\t"topicConfigTable":{\n' +
                                               ",\n".join(entries[n] for n in order) + "\n\t}\n}\n")


def test_export_metadata_in_rocks_db_failures(cli, config_dir, tmp_path):
    missing = cli("exportMetadataInRocksDB", "-p", str(tmp_path / "none"), "-t", "topics")
    assert (missing.code, missing.out) == (1, "RocksDB path is invalid.\n")
    no_db = cli("exportMetadataInRocksDB", "-p", str(config_dir), "-t", "groups")
    assert (no_db.code, no_db.out) == (1, "RocksDB load error, path=%s/groups\n" % config_dir)
    assert no_db.err.startswith("rocketmq exportMetadataInRocksDB: IO error: No such file or directory: ")
    offsets = cli("exportMetadataInRocksDB", "-p", str(config_dir), "-t", "consumerOffsets")
    assert (offsets.code, offsets.out) == (1, "Invalid config type=consumerOffsets, Options: topics,"
                                              "subscriptionGroups\n")
    shutil.copytree(str(DATA / "crc32c-snappy"), str(tmp_path / "plain" / "topics"))
    plain = cli("exportMetadataInRocksDB", "-p", str(tmp_path / "plain"), "-t", "topics")
    assert plain.code == 0 and plain.lines[0] == "1, Key: key00000, Value: value-0-of-the-fixture"
    not_json = cli("exportMetadataInRocksDB", "-p", str(tmp_path / "plain"), "-t", "topics", "-j", "true")
    assert not_json.code == 1 and not_json.out == "" and "Traceback" not in not_json.err
    assert not_json.err.startswith("rocketmq exportMetadataInRocksDB: ")


BROKER = DATA / "broker-5.3.3"


@pytest.mark.parametrize("recorded", sorted(p.name for p in BROKER.glob("*.java.out")))
def test_on_a_real_brokers_databases_as_java_prints(cli, tmp_path, recorded):
    """The databases a real 5.3.3 broker wrote (copied while it ran: two logs, tables), and what Java's mqadmin
    printed for them (``<command>-<type>[-j-<value>].java.out``)."""
    for name, enum_name in (("topics", "TOPICS"), ("subscriptionGroups", "SUBSCRIPTION_GROUPS"),
                            ("consumerOffsets", "CONSUMER_OFFSETS")):
        for target in (name, enum_name):
            shutil.copytree(str(BROKER / name), str(tmp_path / target))
    command, config_type, *json_option = recorded[:-len(".java.out")].split("-")
    args = [command, "-p", str(tmp_path), "-t", config_type] + (["-j", json_option[1]] if json_option else [])
    done = cli(*args)
    assert (done.code, done.out) == (0, (BROKER / recorded).read_text(encoding="utf-8"))
