"""LocalFileOffsetStore: the offsets file, its .bak fallback, the directory override and the read types."""
from __future__ import annotations

import os

import pytest

from rocketmq_client.consumer.store.local_file_offset_store import LocalFileOffsetStore
from rocketmq_client.consumer.store.offset_serialize_wrapper import OffsetSerializeWrapper
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.exception import MQClientException
from rocketmq_common.message.message_queue import MessageQueue

MQ0 = MessageQueue("TopicTest", "broker-a", 0)
MQ1 = MessageQueue("TopicTest", "broker-a", 1)
OTHER = MessageQueue("Other", "broker-b", 3)

#: what Java 4.9.7 writes (OffsetSerializeWrapper.toJson(true), fastjson pretty format)
JAVA_FILE = """{
\t"offsetTable":{{
\t\t\t"brokerName":"broker-a",
\t\t\t"queueId":0,
\t\t\t"topic":"TopicTest"
\t\t}:42,{
\t\t\t"brokerName":"broker-b",
\t\t\t"queueId":3,
\t\t\t"topic":"Other"
\t\t}:7
\t}
}"""


class _Factory:
    def get_client_id(self) -> str:
        return "127.0.0.1@4242"


@pytest.fixture
def store_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ROCKETMQ_CLIENT_LOCAL_OFFSET_STORE_DIR", str(tmp_path / "offsets"))
    return tmp_path / "offsets"


def read(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def new_store(group: str = "BroadcastGroup") -> LocalFileOffsetStore:
    return LocalFileOffsetStore(_Factory(), group)  # type: ignore[arg-type]


def test_path_follows_the_contract(store_dir, monkeypatch):
    store = new_store()
    assert store.store_path == os.path.join(str(store_dir), "127.0.0.1@4242", "BroadcastGroup", "offsets.json")
    monkeypatch.delenv("ROCKETMQ_CLIENT_LOCAL_OFFSET_STORE_DIR")
    monkeypatch.setenv("rocketmq.client.localOffsetStoreDir", str(store_dir / "prop"))
    assert new_store().store_path.startswith(str(store_dir / "prop"))
    monkeypatch.delenv("rocketmq.client.localOffsetStoreDir")
    assert new_store().store_path == os.path.join(os.path.expanduser("~"), ".rocketmq_offsets", "127.0.0.1@4242",
                                                  "BroadcastGroup", "offsets.json")


def test_persist_all_then_load_in_a_new_store(store_dir):
    store = new_store()
    store.load()  # no file yet: nothing
    assert store.read_offset(MQ0, ReadOffsetType.READ_FROM_STORE) == -1
    store.update_offset(MQ0, 10, False)
    store.update_offset(MQ0, 5, True)  # increase only: ignored
    store.update_offset(MQ1, 3, True)
    store.update_offset(OTHER, 8, False)
    assert store.read_offset(MQ0, ReadOffsetType.READ_FROM_MEMORY) == 10
    store.persist_all({MQ0, MQ1})  # OTHER is not assigned: not written
    store.persist(MQ0)
    store.remove_offset(MQ0)  # no-ops for the local store
    store.update_consume_offset_to_broker(MQ0, 1, True)
    assert os.path.exists(store.store_path) and not os.path.exists(store.store_path + ".bak")
    on_disk = OffsetSerializeWrapper.from_json(read(store.store_path))
    assert on_disk.get_offset_table() == {MQ0: 10, MQ1: 3}
    assert '{"brokerName":"broker-a","queueId":0,"topic":"TopicTest"}:10' in read(store.store_path)

    reloaded = new_store()
    reloaded.load()
    assert reloaded.read_offset(MQ0, ReadOffsetType.READ_FROM_MEMORY) == 10
    assert reloaded.read_offset(MQ1, ReadOffsetType.MEMORY_FIRST_THEN_STORE) == 3
    assert reloaded.read_offset(OTHER, ReadOffsetType.READ_FROM_MEMORY) == -1
    assert reloaded.read_offset(OTHER, ReadOffsetType.MEMORY_FIRST_THEN_STORE) == -1
    assert reloaded.clone_offset_table("TopicTest") == {MQ0: 10, MQ1: 3}
    assert reloaded.clone_offset_table("") == {MQ0: 10, MQ1: 3}
    assert reloaded.read_offset(None, ReadOffsetType.READ_FROM_MEMORY) == -1  # type: ignore[arg-type]

    # second write: the previous content becomes offsets.json.bak
    store.update_offset(MQ0, 11, True)
    store.persist_all({MQ0, MQ1})
    assert OffsetSerializeWrapper.from_json(read(store.store_path + ".bak")).get_offset_table()[MQ0] == 10
    assert not os.path.exists(store.store_path + ".tmp")
    store.persist_all(set())  # nothing assigned: the file is left alone
    assert OffsetSerializeWrapper.from_json(read(store.store_path)).get_offset_table()[MQ0] == 11


def test_read_from_store_refreshes_memory(store_dir):
    writer = new_store()
    writer.update_offset(MQ0, 20, False)
    writer.persist_all({MQ0})
    reader = new_store()
    reader.update_offset(MQ0, 1, False)
    assert reader.read_offset(MQ0, ReadOffsetType.READ_FROM_MEMORY) == 1
    assert reader.read_offset(MQ0, ReadOffsetType.READ_FROM_STORE) == 20
    assert reader.read_offset(MQ0, ReadOffsetType.READ_FROM_MEMORY) == 20


def test_java_written_file_is_read(store_dir):
    store = new_store()
    os.makedirs(os.path.dirname(store.store_path))
    with open(store.store_path, "w", encoding="utf-8") as f:
        f.write(JAVA_FILE)
    store.load()
    assert store.clone_offset_table(None) == {MQ0: 42, OTHER: 7}


@pytest.mark.parametrize("damage", ["", "{not json", "\x00\x01"])
def test_bak_is_used_when_the_file_is_empty_or_corrupt(store_dir, damage):
    store = new_store()
    store.update_offset(MQ0, 1, False)
    store.persist_all({MQ0})
    store.update_offset(MQ0, 2, False)
    store.persist_all({MQ0})  # .bak holds 1, the file 2
    with open(store.store_path, "w", encoding="utf-8") as f:
        f.write(damage)
    recovered = new_store()
    recovered.load()
    assert recovered.read_offset(MQ0, ReadOffsetType.READ_FROM_MEMORY) == 1


def test_missing_file_falls_back_to_bak_and_corrupt_bak_fails_load(store_dir):
    store = new_store()
    store.update_offset(MQ1, 9, False)
    store.persist_all({MQ1})
    store.persist_all({MQ1})
    os.remove(store.store_path)
    recovered = new_store()
    recovered.load()
    assert recovered.read_offset(MQ1, ReadOffsetType.READ_FROM_MEMORY) == 9

    with open(store.store_path + ".bak", "w", encoding="utf-8") as f:
        f.write("{broken")
    with pytest.raises(MQClientException, match="readLocalOffset Exception"):
        new_store().load()
    assert new_store().read_offset(MQ1, ReadOffsetType.READ_FROM_STORE) == -1
