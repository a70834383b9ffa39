"""Records the store must not let harm others: client-supplied host bits of the sysFlag, a field out of its Java
type, and recovery of a commit log with one unreadable record in the middle (the records after it are kept)."""
from __future__ import annotations

import os
import shutil
import struct

import pytest
from store_support import decode_all, make_config, make_message, open_store

from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.put_message_status import PutMessageStatus


def _bodies(store, queue_id=0, topic="TopicTest"):
    bodies = []
    offset = 0
    while True:
        got = store.get_message("g", topic, queue_id, offset, 32)
        if got.status is not GetMessageStatus.FOUND:
            return bodies
        messages = decode_all(got.message_buffer_list)
        assert len(messages) == len(got.message_buffer_list)
        bodies.extend(m.body for m in messages)
        offset = got.next_begin_offset


@pytest.mark.parametrize("sys_flag", [0x10, 0x20, 0x30, -1 & ~0xC, 0x7FFFFFF0])
def test_host_bits_follow_the_addresses_not_the_sender(tmp_path, sys_flag):
    store = open_store(make_config(tmp_path))
    try:
        for i in range(3):
            assert store.put_message(make_message(body=b"before-%d" % i)).put_message_status is PutMessageStatus.PUT_OK
        result = store.put_message(make_message(body=b"bad", sys_flag=sys_flag & ~0x1))
        assert result.put_message_status is PutMessageStatus.PUT_OK
        for i in range(3):
            assert store.put_message(make_message(body=b"after-%d" % i)).put_message_status is PutMessageStatus.PUT_OK
        assert _bodies(store) == [b"before-0", b"before-1", b"before-2", b"bad", b"after-0", b"after-1", b"after-2"]
        stored = decode_all([store.commit_log.get_message(result.append_message_result.wrote_offset,
                                                          result.append_message_result.wrote_bytes)])[0]
        assert stored.sys_flag & 0x30 == 0                    # both hosts are IPv4
        assert stored.born_host == ("10.0.0.1", 50000)
    finally:
        store.shutdown()


def test_a_field_outside_its_java_type_is_refused_and_nothing_is_written(tmp_path):
    store = open_store(make_config(tmp_path))
    try:
        msg = make_message(body=b"x")
        msg.flag = 1 << 40
        assert store.put_message(msg).put_message_status is PutMessageStatus.MESSAGE_ILLEGAL
        assert store.get_max_phy_offset() == 0
        assert store.put_message(make_message(body=b"ok")).put_message_status is PutMessageStatus.PUT_OK
        assert _bodies(store) == [b"ok"]
    finally:
        store.shutdown()


def _fill(config, count):
    store = open_store(config)
    try:
        return [store.put_message(make_message(body=b"msg-%d" % i, queue_id=i % 2)).append_message_result
                for i in range(count)]
    finally:
        store.shutdown()


def _segment(config):
    commit_dir = config.get_store_path_commit_log()
    return os.path.join(commit_dir, sorted(os.listdir(commit_dir))[-1])


def _damage_bad_crc(data, appended):
    data[data.index(b"msg-3", appended[3].wrote_offset) + 4] ^= 0xFF    # the body no longer matches its CRC


def _damage_overrun(data, appended):
    """Record 3 says it is 12 bytes shorter than it is (what a client's IPv6 bit on an IPv4 host made of it with an
    earlier version): its last 12 bytes look like the start of the next record, the records after it sit 12 bytes
    later (their stored offsets say so)."""
    bad = appended[3]
    struct.pack_into(">i", data, bad.wrote_offset, bad.wrote_bytes - 12)
    end = bad.wrote_offset + bad.wrote_bytes
    data[end:end] = bytes(12)
    del data[-12:]
    for record in appended[4:]:
        record.wrote_offset += 12
        struct.pack_into(">q", data, record.wrote_offset + 28, record.wrote_offset)


@pytest.mark.parametrize("crashed", [True, False], ids=["abnormal", "normal"])
@pytest.mark.parametrize("damage", [_damage_bad_crc, _damage_overrun], ids=["bad-crc", "overrun"])
def test_recovery_keeps_the_records_after_an_unreadable_one(tmp_path, crashed, damage, caplog):
    # a 1 MiB commit-log segment: the test reads and rewrites it whole (a default one is 1 GiB)
    config = make_config(tmp_path, mapped_file_size_commit_log=1024 * 1024)
    appended = _fill(config, 8)
    with open(_segment(config), "r+b") as f:
        data = bytearray(f.read())
        damage(data, appended)
        f.seek(0)
        f.write(data)
    if damage is _damage_overrun:  # the consume queues as the overrun wrote them: rebuilt from the commit log
        shutil.rmtree(config.get_store_path_root_dir() + "/consumequeue")
    end = appended[-1].wrote_offset + appended[-1].wrote_bytes
    if crashed:
        with open(os.path.join(config.store_path_root_dir, "abort"), "w"):
            pass
    store = open_store(config)
    try:
        assert store.get_max_phy_offset() == end
        assert _bodies(store, 0) == [b"msg-0", b"msg-2", b"msg-4", b"msg-6"]
        # the damaged record may keep its consume-queue entry (its bytes are read as they are)
        assert [b for b in _bodies(store, 1) if b not in (b"msg-3", b"msg-\xcc")] == [b"msg-1", b"msg-5", b"msg-7"]
        assert "the records after it are kept" in caplog.text
        assert store.put_message(make_message(body=b"new", queue_id=0)).append_message_result.wrote_offset == end
        assert _bodies(store, 0)[-1] == b"new"
    finally:
        store.shutdown()


def test_a_pull_batch_with_one_undecodable_message_gives_the_others_and_one_warning(tmp_path, caplog):
    from types import SimpleNamespace
    from rocketmq_client.client_config import ClientConfig
    from rocketmq_client.impl.consumer.pull_api_wrapper import PullAPIWrapper
    from rocketmq_client.impl.consumer.pull_result_ext import PullResultExt
    from rocketmq_client.consumer.pull_status import PullStatus
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

    store = open_store(make_config(tmp_path))
    try:
        for i in range(5):  # the store itself does not check bodies: message 2 says compressed and is not
            store.put_message(make_message(body=b"msg-%d" % i, sys_flag=0x1 if i == 2 else 0))
        got = store.get_message("g", "TopicTest", 0, 0, 32)
        body = b"".join(got.message_buffer_list)
    finally:
        store.shutdown()
    caplog.clear()
    result = PullResultExt(PullStatus.FOUND, 5, 0, 5, None, 0, body)
    wrapper = PullAPIWrapper(SimpleNamespace(get_client_config=ClientConfig), "CG", False)
    wrapper.process_pull_result(MessageQueue("TopicTest", "broker-a", 0), result,
                                SubscriptionData(topic="TopicTest", sub_string="*"))
    assert [m.body for m in result.get_msg_found_list()] == [b"msg-0", b"msg-1", b"msg-3", b"msg-4"]
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 1 and "message skipped, its body does not decompress: topic=TopicTest queueId=0 " \
        "queueOffset=2" in warnings[0].getMessage() and "codec=ZLIB" in warnings[0].getMessage()
