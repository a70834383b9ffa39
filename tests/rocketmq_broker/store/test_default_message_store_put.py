"""DefaultMessageStore puts and gets: stored format, batches, IPv6 hosts, delayed and transactional messages,
put checks, arriving listener and extra dispatchers."""
from __future__ import annotations

import zlib

from store_support import (BORN_HOST, STORE_HOST, RecordingListener, decode_all, make_config, make_message,
                                open_store)

from rocketmq_broker.store.commit_log import BLANK_MAGIC_CODE, MESSAGE_MAGIC_CODE
from rocketmq_broker.store.commit_log_dispatcher import CommitLogDispatcher
from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.default_message_store import DefaultMessageStore
from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext_batch import MessageExtBatch
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.util_all import UtilAll


def test_put_then_get_round_trip_decodes_to_the_same_fields(store):
    msg = make_message(body=b"hello world", queue_id=2, tags="TagA", keys="k1 k2", uniq_key="U1", flag=7,
                       properties={"user": "v"})
    msg.reconsume_times = 3
    result = store.put_message(msg)
    assert result.put_message_status is PutMessageStatus.PUT_OK and result.is_ok()
    appended = result.append_message_result
    assert appended.wrote_offset == 0 and appended.logics_offset == 0 and appended.msg_num == 1

    got = store.get_message("g", "TopicTest", 2, 0, 32, None)
    assert got.status is GetMessageStatus.FOUND
    assert (got.next_begin_offset, got.min_offset, got.max_offset) == (1, 0, 1)
    assert got.suggest_pulling_from_slave is False
    record = got.message_buffer_list[0]
    assert len(record) == appended.wrote_bytes == got.buffer_total_size
    (decoded,) = decode_all(got.message_buffer_list)
    assert decoded.topic == "TopicTest" and decoded.body == b"hello world" and decoded.flag == 7
    assert decoded.queue_id == 2 and decoded.queue_offset == 0 and decoded.commit_log_offset == 0
    assert decoded.born_host == BORN_HOST and decoded.store_host == STORE_HOST
    assert decoded.born_timestamp == msg.born_timestamp
    assert decoded.store_timestamp == appended.store_timestamp == msg.store_timestamp
    assert decoded.body_crc == zlib.crc32(b"hello world") & 0x7FFFFFFF
    assert decoded.reconsume_times == 3 and decoded.sys_flag == 0
    assert decoded.properties == {"TAGS": "TagA", "KEYS": "k1 k2", "UNIQ_KEY": "U1", "user": "v"}
    assert decoded.msg_id == appended.get_msg_id() == MessageDecoder.create_message_id(STORE_HOST, 0)
    assert int.from_bytes(record[4:8], "big", signed=True) == MESSAGE_MAGIC_CODE
    assert store.look_message_by_offset(0).body == b"hello world"
    assert store.select_one_message_by_offset(0) == record
    assert store.select_one_message_by_offset(0, len(record)) == record


def test_queue_offsets_are_per_topic_queue_and_physical_offsets_contiguous(store):
    results = [store.put_message(make_message(topic=t, queue_id=q, body=b"x" * 10))
               for t, q in [("A", 0), ("A", 1), ("A", 0), ("B", 0), ("A", 0)]]
    assert [r.append_message_result.logics_offset for r in results] == [0, 0, 1, 0, 2]
    offsets = [r.append_message_result.wrote_offset for r in results]
    sizes = [r.append_message_result.wrote_bytes for r in results]
    assert offsets == [sum(sizes[:i]) for i in range(5)]
    assert store.get_max_offset_in_queue("A", 0) == 3 and store.get_max_offset_in_queue("A", 1) == 1
    assert store.get_max_phy_offset() == sum(sizes) and store.get_min_phy_offset() == 0
    assert store.get_commit_log_offset_in_queue("A", 0, 2) == offsets[4]
    assert store.commit_log.topic_queue_table == {"A-0": 3, "A-1": 1, "B-0": 1}


def test_ipv6_hosts_set_the_sysflag_bits_and_decode(store):
    msg = make_message(born_host=("::1", 40000), store_host=("fe80::1", 10911))
    result = store.put_message(msg)
    assert result.is_ok()
    record = store.select_one_message_by_offset(0)
    assert len(record) == result.append_message_result.wrote_bytes
    (decoded,) = decode_all([record])
    v6_flags = MessageSysFlag.BORNHOST_V6_FLAG | MessageSysFlag.STOREHOSTADDRESS_V6_FLAG
    assert decoded.sys_flag & v6_flags == v6_flags
    assert decoded.born_host == ("::1", 40000) and decoded.store_host == ("fe80::1", 10911)
    assert len(result.append_message_result.get_msg_id()) == 56
    got = store.get_message("g", "TopicTest", 0, 0, 1)
    assert decode_all(got.message_buffer_list)[0].body == b"hello"


def test_only_born_host_ipv6(store):
    store.put_message(make_message(born_host=("2001:db8::7", 1)))
    (decoded,) = decode_all([store.select_one_message_by_offset(0)])
    assert decoded.sys_flag == MessageSysFlag.BORNHOST_V6_FLAG and decoded.born_host == ("2001:db8::7", 1)
    assert len(store.put_message(make_message()).append_message_result.get_msg_id()) == 32


def _batch(messages, topic="TopicTest", queue_id=1, properties=None):
    for m in messages:
        m.topic = topic
    batch = MessageExtBatch()
    batch.topic = topic
    batch.queue_id = queue_id
    batch.body = MessageDecoder.encode_messages(messages)
    batch.born_host = BORN_HOST
    batch.store_host = STORE_HOST
    batch.born_timestamp = 1700000000000
    batch.properties = dict(properties or {})
    return batch


def test_batch_put_one_record_and_queue_offset_per_message(store):
    store.put_message(make_message(queue_id=1))
    messages = [Message("TopicTest", b"m%d" % i, tags="T%d" % i, keys="key%d" % i) for i in range(3)]
    result = store.put_messages(_batch(messages, properties={"CLUSTER": "DefaultCluster"}))
    assert result.is_ok()
    appended = result.append_message_result
    assert appended.msg_num == 3 and appended.logics_offset == 1
    got = store.get_message("g", "TopicTest", 1, 1, 32)
    assert got.status is GetMessageStatus.FOUND and got.get_message_count() == 3
    decoded = decode_all(got.message_buffer_list)
    assert [m.body for m in decoded] == [b"m0", b"m1", b"m2"]
    assert [m.queue_offset for m in decoded] == [1, 2, 3]
    assert [m.properties["TAGS"] for m in decoded] == ["T0", "T1", "T2"]
    assert all(m.properties["CLUSTER"] == "DefaultCluster" for m in decoded)
    assert all(m.body_crc == zlib.crc32(m.body) & 0x7FFFFFFF for m in decoded)
    assert all(m.store_timestamp == appended.store_timestamp for m in decoded)
    assert decoded[0].commit_log_offset == appended.wrote_offset
    assert sum(m.store_size for m in decoded) == appended.wrote_bytes
    assert appended.get_msg_id() == ",".join(m.msg_id for m in decoded)
    assert store.get_max_offset_in_queue("TopicTest", 1) == 4
    query = store.query_message("TopicTest", "key1", 32, 0, 2 ** 62)
    assert [m.body for m in decode_all(query.message_buffer_list)] == [b"m1"]


def test_batch_refuses_delay_transactions_and_garbage(store):
    batch = _batch([Message("TopicTest", b"a")])
    batch.set_delay_time_level(2)
    assert store.put_messages(batch).put_message_status is PutMessageStatus.MESSAGE_ILLEGAL
    batch = _batch([Message("TopicTest", b"a")])
    batch.sys_flag = MessageSysFlag.TRANSACTION_PREPARED_TYPE
    assert store.put_messages(batch).put_message_status is PutMessageStatus.MESSAGE_ILLEGAL
    batch = _batch([Message("TopicTest", b"a")])
    batch.body = batch.body[:-3]
    assert store.put_messages(batch).put_message_status is PutMessageStatus.MESSAGE_ILLEGAL
    assert store.get_max_phy_offset() == 0


def test_delayed_message_is_swapped_into_the_schedule_topic(store):
    msg = make_message(topic="Real", queue_id=3, properties={"DELAY": "3"})
    result = store.put_message(msg)
    assert result.is_ok()
    assert store.get_max_offset_in_queue("Real", 3) == 0
    assert store.get_max_offset_in_queue("SCHEDULE_TOPIC_XXXX", 2) == 1
    (decoded,) = decode_all([store.select_one_message_by_offset(0)])
    assert decoded.topic == "SCHEDULE_TOPIC_XXXX" and decoded.queue_id == 2
    assert decoded.properties["REAL_TOPIC"] == "Real" and decoded.properties["REAL_QID"] == "3"
    assert decoded.properties["DELAY"] == "3"
    entry = store.find_consume_queue("SCHEDULE_TOPIC_XXXX", 2).get_entry(0)
    assert entry == (0, result.append_message_result.wrote_bytes, decoded.store_timestamp + 10000)


def test_delay_level_is_clamped_to_the_max_level(store):
    store.put_message(make_message(topic="Real", properties={"DELAY": "99"}))
    assert store.get_max_offset_in_queue("SCHEDULE_TOPIC_XXXX", 17) == 1
    (decoded,) = decode_all([store.select_one_message_by_offset(0)])
    assert decoded.properties["DELAY"] == "18"
    assert store.find_consume_queue("SCHEDULE_TOPIC_XXXX", 17).get_entry(0)[2] == decoded.store_timestamp + 7200000


def test_prepared_and_rollback_messages_are_not_dispatched(store):
    prepared = store.put_message(make_message(sys_flag=MessageSysFlag.TRANSACTION_PREPARED_TYPE, keys="half"))
    rollback = store.put_message(make_message(sys_flag=MessageSysFlag.TRANSACTION_ROLLBACK_TYPE, keys="rb"))
    assert prepared.is_ok() and rollback.is_ok()
    assert prepared.append_message_result.logics_offset == 0
    assert store.get_max_offset_in_queue("TopicTest", 0) == 0
    assert store.look_message_by_offset(0).sys_flag == MessageSysFlag.TRANSACTION_PREPARED_TYPE
    assert store.query_message("TopicTest", "half", 32, 0, 2 ** 62).get_message_count() == 1
    assert store.query_message("TopicTest", "rb", 32, 0, 2 ** 62).get_message_count() == 0
    committed = store.put_message(make_message(sys_flag=MessageSysFlag.TRANSACTION_COMMIT_TYPE))
    assert committed.append_message_result.logics_offset == 0
    got = store.get_message("g", "TopicTest", 0, 0, 32)
    assert [m.commit_log_offset for m in decode_all(got.message_buffer_list)] == [
        committed.append_message_result.wrote_offset]


def test_put_checks(store, tmp_path):
    assert store.put_message(make_message(topic="T" * 128)).put_message_status is PutMessageStatus.MESSAGE_ILLEGAL
    big = make_message(body=b"x" * (store.message_store_config.max_message_size + 1))
    assert store.put_message(big).put_message_status is PutMessageStatus.MESSAGE_ILLEGAL
    long_props = make_message(properties={"p": "v" * 32800})
    assert store.put_message(long_props).put_message_status is PutMessageStatus.MESSAGE_ILLEGAL
    wide_props = make_message(properties={"p": "\u00e9" * 16500})
    assert store.put_message(wide_props).put_message_status is PutMessageStatus.PROPERTIES_SIZE_EXCEEDED
    bad_delay = make_message(properties={"DELAY": "soon"})
    assert store.put_message(bad_delay).put_message_status is PutMessageStatus.MESSAGE_ILLEGAL
    assert store.get_max_phy_offset() == 0
    exact = make_message(body=b"x" * store.message_store_config.max_message_size)
    assert store.put_message(exact).is_ok()


def test_not_started_shut_down_and_slave_stores_refuse_puts(tmp_path):
    config = make_config(tmp_path / "a")
    store = DefaultMessageStore(config)
    assert store.load()
    assert store.put_message(make_message()).put_message_status is PutMessageStatus.SERVICE_NOT_AVAILABLE
    store.start()
    assert store.put_message(make_message()).is_ok()
    store.shutdown()
    assert store.put_message(make_message()).put_message_status is PutMessageStatus.SERVICE_NOT_AVAILABLE
    assert store.get_message("g", "TopicTest", 0, 0, 1) is None
    slave = open_store(make_config(tmp_path / "b", broker_role=BrokerRole.SLAVE))
    try:
        assert slave.put_message(make_message()).put_message_status is PutMessageStatus.SERVICE_NOT_AVAILABLE
    finally:
        slave.shutdown()


def test_not_writable_store_refuses_puts(store):
    store.running_flags.get_and_make_not_writeable()
    assert store.put_message(make_message()).put_message_status is PutMessageStatus.SERVICE_NOT_AVAILABLE
    store.running_flags.get_and_make_writeable()
    assert store.put_message(make_message()).is_ok()


def test_arriving_listener_and_extra_dispatchers(tmp_path):
    listener = RecordingListener()
    store = DefaultMessageStore(make_config(tmp_path), None, listener, None)
    seen = []

    class Recorder(CommitLogDispatcher):
        def dispatch(self, request):
            seen.append((request.topic, request.queue_id, request.consume_queue_offset, request.commit_log_offset))

    store.get_dispatcher_list().insert(0, Recorder())
    assert store.load()
    store.start()
    try:
        first = store.put_message(make_message(queue_id=1, tags="TagB"))
        second = store.put_message(make_message(queue_id=1, tags=None))
        assert listener.calls[0][:5] == ("TopicTest", 1, 1, UtilAll.string_hash_code("TagB"),
                                         first.append_message_result.store_timestamp)
        assert listener.calls[0][6]["TAGS"] == "TagB"
        assert listener.calls[1][:4] == ("TopicTest", 1, 2, 0)
        assert seen == [("TopicTest", 1, 0, 0), ("TopicTest", 1, 1, second.append_message_result.wrote_offset)]
    finally:
        store.shutdown()


def test_failing_dispatcher_does_not_fail_the_put(store):
    class Broken(CommitLogDispatcher):
        def dispatch(self, request):
            raise RuntimeError("boom")

    store.get_dispatcher_list().append(Broken())
    assert store.put_message(make_message()).is_ok()
    assert store.get_max_offset_in_queue("TopicTest", 0) == 1


def test_blank_magic_code_value():
    assert BLANK_MAGIC_CODE & 0xFFFFFFFF == 0xCBD43194 and MESSAGE_MAGIC_CODE & 0xFFFFFFFF == 0xDAA320A7


def test_async_put_returns_a_completed_future(store):
    future = store.async_put_message(make_message())
    assert future.done() and future.result().is_ok()
    batch = _batch([Message("TopicTest", b"a"), Message("TopicTest", b"b")])
    assert store.async_put_messages(batch).result().append_message_result.msg_num == 2


def test_runtime_info_and_misc(store):
    store.put_message(make_message())
    info = store.get_runtime_info()
    assert info["commitLogMinOffset"] == "0" and int(info["commitLogMaxOffset"]) == store.get_max_phy_offset()
    assert info["putMessageTimesTotal"] == "1"
    assert store.dispatch_behind_bytes() == 0 and store.is_os_page_cache_busy() is False
    assert store.get_message_total_in_queue("TopicTest", 0) == 1
    assert store.check_in_disk_by_consume_offset("TopicTest", 0, 0) is False
    assert store.get_message_ids("TopicTest", 0, 0, 5, STORE_HOST) == {
        MessageDecoder.create_message_id(STORE_HOST, 0): 0}
    assert store.flush() == store.get_max_phy_offset()
    assert abs(store.now() - store.look_message_by_offset(0).store_timestamp) < 60000
