"""ExpressionMessageFilter: TAG matching by hash code, as Java's (the consume-queue tags code is a long)."""
from __future__ import annotations

from rocketmq_broker.filter.expression_message_filter import ExpressionMessageFilter
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.util_all import UtilAll


def _filter(expression, expression_type="TAG"):
    return ExpressionMessageFilter(FilterAPI.build("T", expression, expression_type))


def test_tag_codes():
    f = _filter("TagA || TagB")
    assert f.is_matched_by_consume_queue(UtilAll.string_hash_code("TagA"), None)
    assert f.is_matched_by_consume_queue(UtilAll.string_hash_code("TagB"), None)
    assert not f.is_matched_by_consume_queue(UtilAll.string_hash_code("TagC"), None)
    assert f.is_matched_by_consume_queue(None, None)  # no tags code: Java matches
    assert f.is_matched_by_commit_log(b"", None)


def test_long_tags_codes_compare_by_their_int_value():
    negative = UtilAll.string_hash_code("TagNegative")
    code = negative if negative < 0 else -negative
    sub = FilterAPI.build("T", "X", "TAG")
    sub.code_set = {code}
    f = ExpressionMessageFilter(sub)
    assert f.is_matched_by_consume_queue(code, None)
    assert f.is_matched_by_consume_queue(code & 0xFFFFFFFF, None)  # Long.intValue of the unsigned form
    assert f.is_matched_by_consume_queue((5 << 32) | (code & 0xFFFFFFFF), None)
    assert not f.is_matched_by_consume_queue(code + 1, None)


def test_match_all_cases():
    assert _filter("*").is_matched_by_consume_queue(12345, None)
    assert _filter(None).is_matched_by_consume_queue(12345, None)
    class_filter = FilterAPI.build("T", "TagA", "TAG")
    class_filter.class_filter_mode = True
    assert ExpressionMessageFilter(class_filter).is_matched_by_consume_queue(1, None)
    assert ExpressionMessageFilter(None).is_matched_by_consume_queue(1, None)
    # SQL92 is evaluated by the consumer filter manager (issue 9): no TAG filtering here
    assert _filter("a > 1", "SQL92").is_matched_by_consume_queue(1, None)
