"""ConsumerFilterManager, ConsumerFilterData and the SQL92 message filters, without a broker (Java
ConsumerFilterManager / ExpressionMessageFilter / ExpressionForRetryMessageFilter behaviour)."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

import pytest

from rocketmq_broker.filter.consumer_filter_data import ConsumerFilterData
from rocketmq_broker.filter.consumer_filter_manager import ConsumerFilterManager
from rocketmq_broker.filter.expression_for_retry_message_filter import ExpressionForRetryMessageFilter
from rocketmq_broker.filter.expression_message_filter import ExpressionMessageFilter
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData


def _now() -> int:
    return int(time.time() * 1000)


def _sql(topic: str, expression: str, version: int, type_: str = "SQL92") -> SubscriptionData:
    return SubscriptionData(topic=topic, sub_string=expression, expression_type=type_, sub_version=version)


class FileFilterManager(ConsumerFilterManager):
    """A manager persisting to a given file (Java's test constructor has no broker either)."""

    def __init__(self, path: Path) -> None:
        super().__init__(None)
        self.path = path

    def config_file_path(self) -> str:
        return str(self.path)


def test_build() -> None:
    data = ConsumerFilterManager.build("T", "G", "a > 1", "SQL92", 7)
    assert data is not None
    assert (data.topic, data.consumer_group, data.expression, data.expression_type, data.client_version,
            data.dead_time) == ("T", "G", "a > 1", "SQL92", 7, 0)
    assert abs(data.born_time - _now()) < 5000 and not data.is_dead() and data.how_long_after_death() == -1
    assert data.compiled_expression is not None
    assert ConsumerFilterManager.build("T", "G", "a > ", "SQL92", 7) is None  # does not compile
    assert ConsumerFilterManager.build("T", "G", "TagA", "TAG", 7) is None
    assert ConsumerFilterManager.build("T", "G", "TagA", None, 7) is None
    assert ConsumerFilterManager.build("T", "G", "a > 1", "NO_SUCH_TYPE", 7) is None


def test_register_keeps_only_sql92_subscriptions() -> None:
    manager = ConsumerFilterManager()
    manager.register("G", [_sql("T1", "a > 1", 1), _sql("T2", "TagA", 1, "TAG"), _sql("T3", "", 1),
                           _sql("T4", "a >", 1)])
    assert manager.get("T1", "G").expression == "a > 1"
    assert manager.get("T2", "G") is None and manager.get("T3", "G") is None and manager.get("T4", "G") is None
    assert [d.topic for d in manager.get_by_group("G")] == ["T1"]
    assert [d.consumer_group for d in manager.get("T1")] == ["G"]
    assert manager.get("T2") is None
    assert manager.register("T1", "G2", "b = 1", "SQL92", 1) is True
    assert manager.register("T1", "G2", "TagA", "TAG", 2) is False
    assert manager.register("T1", "G2", "", "SQL92", 2) is False
    assert sorted(d.consumer_group for d in manager.get("T1")) == ["G", "G2"]


def test_new_sub_version_replaces_the_expression_and_compiles_once() -> None:
    manager = ConsumerFilterManager()
    manager.register("G", [_sql("T", "a = 1", 100)])
    first = manager.get("T", "G")
    compiled = first.compiled_expression
    # the same subscription again (every heartbeat): kept as is, nothing recompiled
    manager.register("G", [_sql("T", "a = 1", 100)])
    assert manager.get("T", "G") is first and first.compiled_expression is compiled
    # a newer version with the same expression only bumps the version
    assert manager.register("T", "G", "a = 1", "SQL92", 150) is True
    assert manager.get("T", "G") is first and first.client_version == 150 and first.compiled_expression is compiled
    # a newer version with another expression replaces the data
    manager.register("G", [_sql("T", "a = 2", 200)])
    second = manager.get("T", "G")
    assert second is not first and second.expression == "a = 2" and second.client_version == 200
    # an older or equal version never replaces it
    assert manager.register("T", "G", "a = 3", "SQL92", 199) is False
    assert manager.register("T", "G", "a = 3", "SQL92", 200) is False
    assert manager.get("T", "G") is second
    # a newer version that does not compile removes the data (the client reports the error)
    assert manager.register("T", "G", "a = ", "SQL92", 300) is False
    assert manager.get("T", "G") is None


def test_unregister_marks_dead_and_same_version_revives() -> None:
    manager = ConsumerFilterManager()
    manager.register("G", [_sql("T1", "a = 1", 10), _sql("T2", "b = 1", 10)])
    manager.register("Other", [_sql("T1", "c = 1", 10)])
    manager.un_register("G")
    assert manager.get("T1", "G").is_dead() and manager.get("T2", "G").is_dead()
    assert not manager.get("T1", "Other").is_dead()
    assert manager.get("T1", "G").how_long_after_death() >= 0
    manager.register("G", [_sql("T1", "a = 1", 10), _sql("T2", "b = 1", 10)])
    assert not manager.get("T1", "G").is_dead() and not manager.get("T2", "G").is_dead()


def test_a_topic_left_by_the_group_is_marked_dead() -> None:
    manager = ConsumerFilterManager()
    manager.register("G", [_sql("T1", "a = 1", 10), _sql("T2", "b = 1", 10)])
    manager.register("G", [_sql("T1", "a = 1", 10)])
    assert not manager.get("T1", "G").is_dead()
    assert manager.get("T2", "G").is_dead()


def test_clean_drops_entries_dead_too_long() -> None:
    manager = ConsumerFilterManager()
    manager.register("G", [_sql("T1", "a = 1", 10)])
    manager.register("G2", [_sql("T1", "a = 1", 10), _sql("T2", "a = 1", 10)])
    manager.un_register("G")
    manager.clean()
    assert manager.get("T1", "G") is not None  # dead, but not for 24 h
    for data in (manager.get("T1", "G"), manager.get("T2", "G2")):
        data.born_time = _now() - 25 * 3600 * 1000
        data.dead_time = _now() - 24 * 3600 * 1000 - 1
    manager.clean()
    assert manager.get("T1", "G") is None and manager.get("T1", "G2") is not None
    assert "T2" not in manager.get_filter_data_by_topic()  # no consumer left on it


def test_persist_and_load(tmp_path: Path) -> None:
    path = tmp_path / "config" / "consumerFilter.json"
    manager = FileFilterManager(path)
    manager.register("G", [_sql("T", "a = 'x''y'", 10)])
    manager.register("G2", [_sql("T", "b > 1", 11)])
    manager.register("G3", [_sql("T", "c > 1", 12)])
    manager.un_register("G2")
    manager.get("T", "G").born_time = _now() - 60000
    manager.persist()
    stored = json.loads(path.read_text(encoding="utf-8"))
    entry = stored["filterDataByTopic"]["T"]
    assert entry["topic"] == "T"
    assert entry["groupFilterData"]["G"]["expression"] == "a = 'x''y'"
    assert entry["groupFilterData"]["G"]["expressionType"] == "SQL92"
    assert entry["groupFilterData"]["G"]["clientVersion"] == 10
    assert entry["groupFilterData"]["G"]["dead"] is False and entry["groupFilterData"]["G2"]["dead"] is True
    assert "compiledExpression" not in entry["groupFilterData"]["G"]

    loaded = FileFilterManager(path)
    assert loaded.load()
    data = loaded.get("T", "G")
    assert data.expression == "a = 'x''y'" and data.client_version == 10
    assert data.compiled_expression is not None and str(data.compiled_expression) == "(a == 'x''y')"
    # every loaded consumer is considered dead since 30 s ago until it registers again
    assert data.is_dead() and 30000 <= data.how_long_after_death() < 40000
    recent = loaded.get("T", "G3")  # born less than 30 s ago: dead since its birth
    assert recent.is_dead() and recent.dead_time == recent.born_time
    assert loaded.get("T", "G2").dead_time == manager.get("T", "G2").dead_time
    loaded.register("G", [_sql("T", "a = 'x''y'", 10)])
    assert not loaded.get("T", "G").is_dead()


def _filter(expression: Optional[str], manager: Optional[ConsumerFilterManager] = None,
            topic: str = "T", group: str = "G", retry: bool = False) -> ExpressionMessageFilter:
    subscription = FilterAPI.build(topic, expression, "SQL92")
    data = ConsumerFilterManager.build(topic, group, expression, "SQL92", 1)
    cls = ExpressionForRetryMessageFilter if retry else ExpressionMessageFilter
    return cls(subscription, data, manager)


def test_expression_message_filter_evaluates_properties() -> None:
    message_filter = _filter("a > 5 AND TAGS = 'TagA'")
    assert message_filter.is_matched_by_consume_queue(12345, None)  # no bloom filter: decided on the record
    assert message_filter.is_matched_by_commit_log(None, {"a": "6", "TAGS": "TagA"})
    assert not message_filter.is_matched_by_commit_log(None, {"a": "5", "TAGS": "TagA"})
    assert not message_filter.is_matched_by_commit_log(None, {"a": "6"})
    assert not message_filter.is_matched_by_commit_log(None, None)
    assert not message_filter.is_matched_by_commit_log(None, {"a": "x", "TAGS": "TagA"})  # evaluation error
    # without filter data everything matches (Java: "no expression")
    no_data = ExpressionMessageFilter(FilterAPI.build("T", "a > 5", "SQL92"), None, None)
    assert no_data.is_matched_by_commit_log(None, {"a": "1"})
    # TAG subscriptions are decided by the consume queue only
    tag_filter = ExpressionMessageFilter(FilterAPI.build("T", "TagA", "TAG"))
    assert tag_filter.is_matched_by_commit_log(None, {"TAGS": "TagB"})


def test_expression_for_retry_message_filter_uses_the_original_topic_filter() -> None:
    manager = ConsumerFilterManager()
    manager.register("G", [_sql("T", "a = 1", 1)])
    retry = ExpressionForRetryMessageFilter(FilterAPI.build("%RETRY%G", "*", "TAG"), None, manager)
    assert retry.is_matched_by_commit_log(None, {"RETRY_TOPIC": "T", "a": "1"})
    assert not retry.is_matched_by_commit_log(None, {"RETRY_TOPIC": "T", "a": "2"})
    assert retry.is_matched_by_commit_log(None, {"RETRY_TOPIC": "Other", "a": "2"})  # no filter there
    # on a normal topic it is the plain filter
    plain = _filter("a = 1", manager, retry=True)
    assert plain.is_matched_by_commit_log(None, {"a": "1"})
    assert not plain.is_matched_by_commit_log(None, {"a": "2"})
    assert ExpressionForRetryMessageFilter(FilterAPI.build("T", "TagA", "TAG"), None, manager) \
        .is_matched_by_commit_log(None, {"a": "2"})


def test_consumer_filter_data_bean() -> None:
    data = ConsumerFilterData(consumer_group="G", topic="T", expression="a = 1", expression_type="SQL92",
                              born_time=100, dead_time=0, client_version=3)
    assert data.get_consumer_group() == "G" and data.get_client_version() == 3
    assert not data.is_dead() and data.is_msg_in_live(101) and not data.is_msg_in_live(100)
    data.set_dead_time(100)
    assert data.is_dead()
    twin = ConsumerFilterData(consumer_group="G", topic="T", expression="a = 1", expression_type="SQL92",
                              born_time=100, dead_time=100, client_version=3)
    assert data == twin


@pytest.mark.parametrize("bad_json", ["{}", '{"filterDataByTopic": null}', '{"filterDataByTopic": {"T": null}}'])
def test_load_of_empty_content(tmp_path: Path, bad_json: str) -> None:
    path = tmp_path / "consumerFilter.json"
    path.write_text(bad_json, encoding="utf-8")
    manager = FileFilterManager(path)
    assert manager.load()
    assert manager.get("T", "G") is None
