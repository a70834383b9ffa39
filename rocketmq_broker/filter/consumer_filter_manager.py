"""Java ``org.apache.rocketmq.broker.filter.ConsumerFilterManager``: the compiled SQL92 expressions of the
consumer groups, by topic and group, persisted to ``<storePathRootDir>/config/consumerFilter.json``.

Heartbeats register a group's non-TAG subscriptions (DefaultConsumerIdsChangeListener, REGISTER): an expression
is compiled once, when first seen or when the subscription's version (``subVersion``) grows with a changed
expression; a topic the group no longer subscribes to is marked dead. UNREGISTER (the group's last consumer left)
marks the group's entries dead; a re-registration with the same version revives them. :meth:`persist` (every
10 s and at shutdown) first drops the entries dead for longer than ``filterDataCleanTimeSpan``. Entries loaded
at startup are considered dead since 30 s before the load. Java's bloom filter (bit maps in the consume-queue
extension, ``enableCalcFilterBitMap``) is not implemented: entries carry no bloom filter data.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Collection, Dict, List, Optional

from rocketmq_broker.broker_path_config_helper import BrokerPathConfigHelper
from rocketmq_broker.config_manager import ConfigManager, pretty_json
from rocketmq_broker.filter.consumer_filter_data import ConsumerFilterData
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_filter.filter_factory import FilterFactory
from rocketmq_remoting.common.bean import Bean, MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import from_json_value, to_json_value

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["ConsumerFilterManager", "FilterDataMapByTopic"]

log = logging.getLogger(__name__)

_MS_24_HOUR = 24 * 3600 * 1000


def _now_millis() -> int:
    return int(time.time() * 1000)


def _compile(filter_data: ConsumerFilterData) -> None:
    filter_spi = FilterFactory.INSTANCE.get(filter_data.expression_type)
    if filter_spi is None:  # Java: NullPointerException
        raise ValueError("no filter for expression type %s" % filter_data.expression_type)
    if filter_data.expression is None:  # Java: NullPointerException
        raise ValueError("no expression to compile")
    filter_data.compiled_expression = filter_spi.compile(filter_data.expression)


class FilterDataMapByTopic(Bean):
    """Java ``ConsumerFilterManager.FilterDataMapByTopic``: the filter data of one topic by consumer group."""

    group_filter_data = Prop(MapOf(str, ConsumerFilterData), {})
    topic = Prop(str)

    def get_group_filter_data(self) -> Dict[str, ConsumerFilterData]: return self.group_filter_data
    def set_group_filter_data(self, group_filter_data: Dict[str, ConsumerFilterData]) -> None:
        self.group_filter_data = group_filter_data
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic

    def __init__(self, topic: Optional[str] = None) -> None:
        super().__init__()  # the declared defaults
        self.topic = topic

    def un_register(self, consumer_group: str) -> None:
        """Java ``unRegister``: mark the group's entry dead (now)."""
        data = self.group_filter_data.get(consumer_group)
        if data is None or data.is_dead():
            return
        now = _now_millis()
        log.info("Unregister consumer filter: %s, deadTime: %d", data, now)
        data.dead_time = now

    def register(self, consumer_group: str, expression: str, type_: Optional[str], bloom_filter_data: Any,
                 client_version: int) -> bool:
        """Java ``register``: add, replace (newer version with another expression), refresh or revive the
        group's entry; False when the version is not newer or the expression does not compile."""
        old = self.group_filter_data.get(consumer_group)
        if old is None:
            consumer_filter_data = ConsumerFilterManager.build(self.topic, consumer_group, expression, type_,
                                                               client_version)
            if consumer_filter_data is None:
                return False
            consumer_filter_data.bloom_filter_data = bloom_filter_data
            self.group_filter_data[consumer_group] = consumer_filter_data
            log.info("New consumer filter registered: %s", consumer_filter_data)
            return True
        if client_version <= old.client_version:
            if type_ != old.expression_type or expression != old.expression:
                log.info("Ignore consumer(%s:%s) filter, because of version %d <= %d, but maybe info changed!"
                         "old=%s:%s, ignored=%s:%s", consumer_group, self.topic, client_version, old.client_version,
                         old.expression_type, old.expression, type_, expression)
            if client_version == old.client_version and old.is_dead():
                self.re_alive(old)
                return True
            return False
        change = old.expression != expression or old.expression_type != type_
        if old.bloom_filter_data != bloom_filter_data:
            change = True
        if change:
            consumer_filter_data = ConsumerFilterManager.build(self.topic, consumer_group, expression, type_,
                                                               client_version)
            if consumer_filter_data is None:
                # the new expression does not compile: drop the old one, the client reports the error
                self.group_filter_data.pop(consumer_group, None)
                return False
            consumer_filter_data.bloom_filter_data = bloom_filter_data
            self.group_filter_data[consumer_group] = consumer_filter_data
            log.info("Consumer filter info change, old: %s, new: %s, change: %s", old, consumer_filter_data, change)
            return True
        old.client_version = client_version
        if old.is_dead():
            self.re_alive(old)
        return True

    @staticmethod
    def re_alive(filter_data: ConsumerFilterData) -> None:
        """Java ``reAlive``."""
        old_dead_time = filter_data.dead_time
        filter_data.dead_time = 0
        log.info("Re alive consumer filter: %s, oldDeadTime: %d", filter_data, old_dead_time)

    def get(self, consumer_group: str) -> Optional[ConsumerFilterData]:
        return self.group_filter_data.get(consumer_group)


class ConsumerFilterManager(ConfigManager, Bean):
    """See the module docstring."""

    filter_data_by_topic = Prop(MapOf(str, FilterDataMapByTopic), {})

    def get_filter_data_by_topic(self) -> Dict[str, FilterDataMapByTopic]: return self.filter_data_by_topic
    def set_filter_data_by_topic(self, filter_data_by_topic: Dict[str, FilterDataMapByTopic]) -> None:
        self.filter_data_by_topic = filter_data_by_topic

    def __init__(self, broker_controller: Optional["BrokerController"] = None) -> None:
        super().__init__()
        self.broker_controller = broker_controller
        self._lock = threading.RLock()

    @staticmethod
    def build(topic: Optional[str], consumer_group: str, expression: Optional[str], type_: Optional[str],
              client_version: int) -> Optional[ConsumerFilterData]:
        """Java ``build``: compiled filter data (without bloom filter data); None for a TAG type or an
        expression that does not compile."""
        if ExpressionType.is_tag_type(type_):
            return None
        consumer_filter_data = ConsumerFilterData(
            topic=topic, consumer_group=consumer_group, born_time=_now_millis(), dead_time=0, expression=expression,
            expression_type=type_, client_version=client_version)
        try:
            _compile(consumer_filter_data)
        except Exception as e:
            log.error("parse error: expr=%s, topic=%s, group=%s, error=%s", expression, topic, consumer_group, e)
            return None
        return consumer_filter_data

    def register(self, *args: Any) -> Any:
        """Java's two ``register`` methods:

        * ``register(consumer_group, sub_list)``: every subscription of the group (a heartbeat), then mark dead
          the group's entries of topics no longer subscribed;
        * ``register(topic, consumer_group, expression, type, client_version) -> bool``: one subscription;
          False for TAG types, empty expressions and when nothing was registered.
        """
        if len(args) == 2:
            self._register_group(args[0], args[1])
            return None
        return self._register_one(*args)

    def _register_group(self, consumer_group: str, sub_list: Collection[SubscriptionData]) -> None:
        with self._lock:
            for subscription_data in sub_list:
                self._register_one(subscription_data.topic, consumer_group, subscription_data.sub_string,
                                   subscription_data.expression_type, subscription_data.sub_version)
            topics = {subscription_data.topic for subscription_data in sub_list}
            for filter_data in self.get_by_group(consumer_group):
                if filter_data.topic not in topics and not filter_data.is_dead():
                    filter_data.dead_time = _now_millis()
                    log.info("Consumer filter changed: %s, make illegal topic dead:%s", consumer_group, filter_data)

    def _register_one(self, topic: str, consumer_group: str, expression: Optional[str], type_: Optional[str],
                      client_version: int) -> bool:
        if ExpressionType.is_tag_type(type_):
            return False
        if not expression:
            return False
        with self._lock:
            filter_data_map_by_topic = self.filter_data_by_topic.get(topic)
            if filter_data_map_by_topic is None:
                filter_data_map_by_topic = self.filter_data_by_topic.setdefault(topic, FilterDataMapByTopic(topic))
            return filter_data_map_by_topic.register(consumer_group, expression, type_, None, client_version)

    def un_register(self, consumer_group: str) -> None:
        """Java ``unRegister``: mark the group's entries dead on every topic."""
        with self._lock:
            for filter_data_map_by_topic in self.filter_data_by_topic.values():
                filter_data_map_by_topic.un_register(consumer_group)

    def get(self, topic: str, consumer_group: Optional[str] = None) -> Any:
        """Java ``get(topic, consumerGroup)``: the group's filter data on the topic (or None); Java
        ``get(topic)`` when ``consumer_group`` is omitted: every group's filter data on it (or None)."""
        with self._lock:
            filter_data_map_by_topic = self.filter_data_by_topic.get(topic)
            if filter_data_map_by_topic is None or not filter_data_map_by_topic.group_filter_data:
                return None
            if consumer_group is None:
                return list(filter_data_map_by_topic.group_filter_data.values())
            return filter_data_map_by_topic.group_filter_data.get(consumer_group)

    def get_by_group(self, consumer_group: str) -> List[ConsumerFilterData]:
        """Java ``getByGroup``: the group's filter data on every topic."""
        with self._lock:
            return [filter_data for by_topic in self.filter_data_by_topic.values()
                    for filter_data in by_topic.group_filter_data.values()
                    if filter_data.consumer_group == consumer_group]

    def get_bloom_filter(self) -> None:
        """Java ``getBloomFilter``: always None here (no bloom filter, see the module docstring)."""
        return None

    def clean(self) -> None:
        """Java ``clean``: drop the entries dead for at least ``filterDataCleanTimeSpan`` (24 h without a
        broker), then the topics left without entries."""
        span = _MS_24_HOUR if self.broker_controller is None \
            else self.broker_controller.get_broker_config().filter_data_clean_time_span
        with self._lock:
            for topic in list(self.filter_data_by_topic):
                by_topic = self.filter_data_by_topic[topic]
                for group, filter_data in list(by_topic.group_filter_data.items()):
                    if filter_data.how_long_after_death() >= span:
                        log.info("Remove filter consumer %s, died too long!", filter_data)
                        del by_topic.group_filter_data[group]
                if not by_topic.group_filter_data:
                    log.info("Topic has no consumer, remove it! %s", topic)
                    del self.filter_data_by_topic[topic]

    # ------------------------------------------------------------------ persistence

    def config_file_path(self) -> str:
        root = self.broker_controller.get_message_store_config().store_path_root_dir \
            if self.broker_controller is not None else "./unit_test"
        return BrokerPathConfigHelper.get_consumer_filter_path(root)

    def encode(self, pretty_format: bool = False) -> str:
        """Java ``encode``: :meth:`clean`, then the table as fastjson writes it (``dead`` from ``isDead``)."""
        self.clean()
        with self._lock:
            table: Dict[str, Any] = {}
            for topic, by_topic in sorted(self.filter_data_by_topic.items()):
                groups: Dict[str, Any] = {}
                for group, filter_data in sorted(by_topic.group_filter_data.items()):
                    value = to_json_value(filter_data)
                    value["dead"] = filter_data.is_dead()
                    groups[group] = dict(sorted(value.items()))
                entry: Dict[str, Any] = {"groupFilterData": groups}
                if by_topic.topic is not None:
                    entry["topic"] = by_topic.topic
                table[topic] = entry
            json_value = {"filterDataByTopic": table}
        if pretty_format:
            return pretty_json(json_value)
        return json.dumps(json_value, ensure_ascii=False, separators=(",", ":"))

    def decode(self, json_string: str) -> None:
        """Java ``decode``: load the entries, compile their expressions and consider the live ones dead since
        30 s ago (their consumers must register again)."""
        loaded = json.loads(json_string)
        table = loaded.get("filterDataByTopic") if isinstance(loaded, dict) else None
        if not table:
            return
        filter_data_by_topic: Dict[str, FilterDataMapByTopic] = {}
        for topic, by_topic_json in table.items():
            if by_topic_json is None:
                continue
            by_topic = FilterDataMapByTopic(by_topic_json.get("topic"))
            for group, data_json in (by_topic_json.get("groupFilterData") or {}).items():
                if data_json is None:
                    continue
                filter_data: ConsumerFilterData = from_json_value(data_json, ConsumerFilterData)
                try:
                    _compile(filter_data)
                except Exception:
                    log.error("load filter data error, %s", filter_data, exc_info=True)
                log.info("load exist consumer filter data: %s", filter_data)
                if filter_data.dead_time == 0:
                    dead_time = _now_millis() - 30 * 1000
                    filter_data.dead_time = filter_data.born_time if dead_time <= filter_data.born_time \
                        else dead_time
                by_topic.group_filter_data[group] = filter_data
            filter_data_by_topic[topic] = by_topic
        with self._lock:
            self.filter_data_by_topic = filter_data_by_topic
