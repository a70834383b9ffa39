"""DefaultMessageFilter: tag filtering of a store's reads by subscription data, negative tag hash codes."""
from __future__ import annotations

from store_support import decode_all, make_config, make_message, open_store

from rocketmq_broker.store.default_message_filter import DefaultMessageFilter
from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.util_all import UtilAll


def test_default_message_filter_with_subscription_data(tmp_path):
    store = open_store(make_config(tmp_path))
    try:
        for tags in ("TagA", "TagB", None, "TagA"):
            store.put_message(make_message(tags=tags))
        tag_a = DefaultMessageFilter(FilterAPI.build_subscription_data("TopicTest", "TagA || TagC"))
        got = store.get_message("g", "TopicTest", 0, 0, 32, tag_a)
        assert [m.get_tags() for m in decode_all(got.message_buffer_list)] == ["TagA", "TagA"]
        everything = DefaultMessageFilter(FilterAPI.build_subscription_data("TopicTest", "*"))
        assert store.get_message("g", "TopicTest", 0, 0, 32, everything).get_message_count() == 4
        nothing = DefaultMessageFilter(FilterAPI.build_subscription_data("TopicTest", "TagZ"))
        assert store.get_message("g", "TopicTest", 0, 0, 32, nothing).status is GetMessageStatus.NO_MATCHED_MESSAGE
        assert DefaultMessageFilter(None).is_matched_by_consume_queue(123, None)
        assert tag_a.is_matched_by_consume_queue(None, None) and tag_a.is_matched_by_commit_log(None, {})
    finally:
        store.shutdown()


def test_negative_tag_hash_codes_match():
    tag = next(t for t in ("long-tag-%d" % i for i in range(100)) if UtilAll.string_hash_code(t) < 0)
    sub = FilterAPI.build_subscription_data("T", tag)
    assert DefaultMessageFilter(sub).is_matched_by_consume_queue(UtilAll.string_hash_code(tag), None)
