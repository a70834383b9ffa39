"""DefaultMessageStore.get_message: every GetMessageStatus, tag filtering, transfer caps, offsets by time."""
from __future__ import annotations

from store_support import FakeClock, TagFilter, decode_all, make_config, make_message, open_store

from rocketmq_broker.store import commit_log as commit_log_module
from rocketmq_broker.store.get_message_status import GetMessageStatus


def _put(store, count, topic="TopicTest", queue_id=0, **kwargs):
    return [store.put_message(make_message(topic=topic, queue_id=queue_id, body=b"body-%d" % i, **kwargs))
            for i in range(count)]


def test_no_message_in_queue(store):
    got = store.get_message("g", "Empty", 0, 0, 32)
    assert got.status is GetMessageStatus.NO_MESSAGE_IN_QUEUE
    assert (got.next_begin_offset, got.min_offset, got.max_offset) == (0, 0, 0)
    assert got.get_message_count() == 0
    assert store.get_message("g", "Empty", 0, 5, 32).next_begin_offset == 0


def test_offset_overflow_one_and_badly(store):
    _put(store, 3)
    one = store.get_message("g", "TopicTest", 0, 3, 32)
    assert one.status is GetMessageStatus.OFFSET_OVERFLOW_ONE and one.next_begin_offset == 3
    badly = store.get_message("g", "TopicTest", 0, 10, 32)
    assert badly.status is GetMessageStatus.OFFSET_OVERFLOW_BADLY and badly.next_begin_offset == 3
    assert (badly.min_offset, badly.max_offset) == (0, 3)


def test_found_reads_from_the_offset_and_advances(store):
    _put(store, 5)
    got = store.get_message("g", "TopicTest", 0, 2, 2)
    assert got.status is GetMessageStatus.FOUND and got.next_begin_offset == 4
    assert [m.body for m in decode_all(got.message_buffer_list)] == [b"body-2", b"body-3"]
    assert got.message_offset_list == [m.commit_log_offset for m in decode_all(got.message_buffer_list)]


def test_tag_filter_no_matched_message_then_found(store):
    _put(store, 3, tags="TagA")
    _put(store, 2, tags="TagB")
    _put(store, 1, tags=None)
    tag_b = TagFilter("TagB")
    none = store.get_message("g", "TopicTest", 0, 0, 2, TagFilter("TagC"))
    assert none.status is GetMessageStatus.NO_MATCHED_MESSAGE and none.next_begin_offset == 6
    assert none.get_message_count() == 0
    got = store.get_message("g", "TopicTest", 0, 0, 32, tag_b)
    assert got.status is GetMessageStatus.FOUND and got.next_begin_offset == 6
    assert [m.properties.get("TAGS") for m in decode_all(got.message_buffer_list)] == ["TagB", "TagB"]
    assert tag_b.commit_log_calls == 2
    limited = store.get_message("g", "TopicTest", 0, 0, 1, TagFilter("TagA", "TagB"))
    assert limited.get_message_count() == 1 and limited.next_begin_offset == 1


def test_commit_log_filter_rejects(store):
    _put(store, 2)

    class RejectAll(TagFilter):
        def is_matched_by_commit_log(self, msg_buffer, properties):
            assert properties is None and msg_buffer[4:8] == bytes.fromhex("daa320a7")
            return False

    got = store.get_message("g", "TopicTest", 0, 0, 32, RejectAll("TagA"))
    assert got.status is GetMessageStatus.NO_MATCHED_MESSAGE and got.next_begin_offset == 2


def test_transfer_caps_by_count_and_bytes(tmp_path):
    store = open_store(make_config(tmp_path, max_transfer_count_on_message_in_memory=4,
                                   max_transfer_bytes_on_message_in_memory=1000))
    try:
        for i in range(10):
            store.put_message(make_message(body=b"x" * 100))
        by_count = store.get_message("g", "TopicTest", 0, 0, 32)
        assert by_count.get_message_count() == 4 and by_count.next_begin_offset == 4
        for i in range(5):
            store.put_message(make_message(queue_id=1, body=b"y" * 300))
        by_bytes = store.get_message("g", "TopicTest", 1, 0, 32)
        assert by_bytes.get_message_count() == 2 and by_bytes.buffer_total_size <= 1000
        assert by_bytes.next_begin_offset == 2
        by_request = store.get_message("g", "TopicTest", 0, 0, 3)
        assert by_request.get_message_count() == 3
    finally:
        store.shutdown()


def test_first_message_is_returned_even_when_larger_than_the_caps(tmp_path):
    store = open_store(make_config(tmp_path, max_transfer_bytes_on_message_in_memory=100))
    try:
        store.put_message(make_message(body=b"z" * 500))
        store.put_message(make_message(body=b"z" * 500))
        got = store.get_message("g", "TopicTest", 0, 0, 32)
        assert got.status is GetMessageStatus.FOUND and got.get_message_count() == 1
    finally:
        store.shutdown()


def test_offset_too_small_and_message_was_removing(tmp_path):
    store = open_store(make_config(tmp_path, mapped_file_size_commit_log=1000, mapped_file_size_consume_queue=60))
    try:
        results = _put(store, 40)
        assert len(store.commit_log.mapped_file_queue.mapped_files) > 3
        first_segment_end = store.commit_log.mapped_file_queue.mapped_files[1].file_from_offset
        in_first = [r for r in results if r.append_message_result.wrote_offset < first_segment_end]
        assert store.commit_log.delete_expired_file(0, 0, True) > 0
        removing = store.get_message("g", "TopicTest", 0, 0, 32)
        assert removing.status is GetMessageStatus.FOUND or removing.status is GetMessageStatus.MESSAGE_WAS_REMOVING
        assert store.get_message("g", "TopicTest", 0, 0, 1).status is GetMessageStatus.MESSAGE_WAS_REMOVING
        assert len(in_first) >= 1
        store.clean_consume_queue_service.run()
        min_offset = store.get_min_offset_in_queue("TopicTest", 0)
        assert min_offset > 0
        too_small = store.get_message("g", "TopicTest", 0, 0, 32)
        assert too_small.status is GetMessageStatus.OFFSET_TOO_SMALL
        assert too_small.next_begin_offset == min_offset == too_small.min_offset
        found = store.get_message("g", "TopicTest", 0, min_offset, 32)
        assert found.status is GetMessageStatus.FOUND
        assert decode_all(found.message_buffer_list)[0].queue_offset == min_offset
        first = decode_all(found.message_buffer_list)[0]
        assert store.get_earliest_message_time("TopicTest", 0) == first.store_timestamp
    finally:
        store.shutdown()


def test_offset_found_null_when_the_segment_is_missing(tmp_path):
    store = open_store(make_config(tmp_path, mapped_file_size_consume_queue=40))
    try:
        _put(store, 6)
        queue = store.find_consume_queue("TopicTest", 0).mapped_file_queue
        assert len(queue.mapped_files) == 3
        queue.mapped_files = [queue.mapped_files[0], queue.mapped_files[2]]
        got = store.get_message("g", "TopicTest", 0, 2, 32)
        assert got.status is GetMessageStatus.OFFSET_FOUND_NULL and got.next_begin_offset == 4
    finally:
        store.shutdown()


def test_offsets_and_store_times(tmp_path, monkeypatch):
    clock = FakeClock(1_700_000_000_000)
    monkeypatch.setattr(commit_log_module, "time", clock)
    store = open_store(make_config(tmp_path))
    try:
        for i in range(10):
            clock.now_ms = 1_700_000_000_000 + i * 1000
            store.put_message(make_message())
        base = 1_700_000_000_000
        assert store.get_offset_in_queue_by_time("TopicTest", 0, base + 3000) == 3
        assert store.get_offset_in_queue_by_time("TopicTest", 0, base + 3400) == 3
        assert store.get_offset_in_queue_by_time("TopicTest", 0, base + 3600) == 4
        assert store.get_offset_in_queue_by_time("TopicTest", 0, base - 5000) == 0
        assert store.get_offset_in_queue_by_time("TopicTest", 0, base + 99000) == 9
        assert store.get_offset_in_queue_by_time("Unknown", 0, base) == 0
        assert store.get_message_store_time_stamp("TopicTest", 0, 4) == base + 4000
        assert store.get_message_store_time_stamp("TopicTest", 0, 10) == -1
        assert store.get_earliest_message_time("TopicTest", 0) == base
        assert store.get_earliest_message_time("Unknown", 0) == -1
        assert store.get_earliest_message_time() == base
        assert store.get_min_offset_in_queue("TopicTest", 0) == 0
        assert store.get_max_offset_in_queue("TopicTest", 0) == 10
        assert store.get_commit_log_offset_in_queue("TopicTest", 0, 99) == 0
    finally:
        store.shutdown()
