"""Java ``org.apache.rocketmq.broker.offset.ConsumerOffsetManager``: committed consumer offsets, keyed
``"topic@group"`` then queue id, persisted to ``<storePathRootDir>/config/consumerOffset.json`` periodically
(``flushConsumerOffsetInterval``) and on shutdown.

(5.3.3) An offset reset on the broker (``useServerSideResetOffset``, :meth:`assign_reset_offset`) is also kept in
a reset table, not persisted: :meth:`query_offset` answers it, the next pull of the queue takes it out
(:meth:`query_then_erase_reset_offset`, answered PULL_OFFSET_MOVED to it) and until then a client's commit of an
older offset is ignored (:meth:`has_offset_reset`)."""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Dict, Optional, Set

from rocketmq_broker.broker_path_config_helper import BrokerPathConfigHelper
from rocketmq_broker.config_manager import ConfigManager, pretty_json
from rocketmq_common.protocol.body.consumer_offset_serialize_wrapper import ConsumerOffsetSerializeWrapper
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["ConsumerOffsetManager"]

log = logging.getLogger(__name__)

TOPIC_GROUP_SEPARATOR = "@"


class ConsumerOffsetManager(ConfigManager, Bean):
    """See the module docstring."""

    offset_table = Prop(MapOf(str, MapOf(int, int)), {})

    def get_offset_table(self) -> Dict[str, Dict[int, int]]: return self.offset_table
    def set_offset_table(self, offset_table: Dict[str, Dict[int, int]]) -> None: self.offset_table = offset_table

    def __init__(self, broker_controller: "BrokerController") -> None:
        super().__init__()
        self.broker_controller = broker_controller
        self._table_lock = threading.Lock()
        #: Java 5.3.3 ``resetOffsetTable`` ("topic@group" -> queue id -> reset offset; not serialized)
        self.reset_offset_table: Dict[str, Dict[int, int]] = {}
        #: Java 5.3.3 ``pullOffsetTable`` ("topic@group" -> queue id -> the next offset a pull returned; not
        #: serialized): consumerProgress's ``#Inflight`` is it less the consumer offset
        self.pull_offset_table: Dict[str, Dict[int, int]] = {}

    @staticmethod
    def _split(topic_at_group: str):
        # Java ``String.split("@")``: a key with more or fewer parts is skipped by every caller
        parts = topic_at_group.split(TOPIC_GROUP_SEPARATOR)
        return parts if len(parts) == 2 else None

    def scan_unsubscribed_topic(self) -> None:
        """Java ``scanUnsubscribedTopic``: drop offsets of groups no longer subscribed to a topic whose offsets
        are all at or below the queue's min offset."""
        for topic_at_group, table in list(self.offset_table.items()):
            parts = self._split(topic_at_group)
            if parts is None:
                continue
            topic, group = parts
            if self.broker_controller.get_consumer_manager().find_subscription_data(group, topic) is None and \
                    self._offset_behind_much_than_data(topic, table):
                self.offset_table.pop(topic_at_group, None)
                log.warning("remove topic offset, %s", topic_at_group)

    def _offset_behind_much_than_data(self, topic: str, table: Dict[int, int]) -> bool:
        store = self.broker_controller.get_message_store()
        items = list(table.items())
        return bool(items) and all(offset <= store.get_min_offset_in_queue(topic, queue_id)
                                   for queue_id, offset in items)

    def which_topic_by_consumer(self, group: str) -> Set[str]:
        """Java ``whichTopicByConsumer``."""
        topics = set()
        for topic_at_group in list(self.offset_table):
            parts = self._split(topic_at_group)
            if parts is not None and parts[1] == group:
                topics.add(parts[0])
        return topics

    def which_group_by_topic(self, topic: str) -> Set[str]:
        """Java ``whichGroupByTopic``."""
        groups = set()
        for topic_at_group in list(self.offset_table):
            parts = self._split(topic_at_group)
            if parts is not None and parts[0] == topic:
                groups.add(parts[1])
        return groups

    def commit_offset(self, client_host: str, group: str, topic: str, queue_id: int, offset: int) -> None:
        """Java ``commitOffset``: store ``offset`` for the queue (a smaller one than stored is logged)."""
        key = topic + TOPIC_GROUP_SEPARATOR + group
        with self._table_lock:
            table = self.offset_table.get(key)
            if table is None:
                self.offset_table[key] = {queue_id: offset}
                return
            store_offset = table.get(queue_id)
            table[queue_id] = offset
        if store_offset is not None and offset < store_offset:
            log.warning("[NOTIFYME]update consumer offset less than store. clientHost=%s, key=%s, queueId=%s, "
                        "requestOffset=%s, storeOffset=%s", client_host, key, queue_id, offset, store_offset)

    def query_offset(self, group: str, topic: str, queue_id: int) -> int:
        """Java 5.3.3 ``queryOffset(group, topic, queueId)``: the queue's reset offset not yet pulled
        (``useServerSideResetOffset``), else the stored offset, -1 when there is none."""
        key = topic + TOPIC_GROUP_SEPARATOR + group
        if self.broker_controller.get_broker_config().use_server_side_reset_offset:
            reset = self.reset_offset_table.get(key)
            if reset is not None and queue_id in reset:
                return reset[queue_id]
        table = self.offset_table.get(key)
        if table is not None:
            offset = table.get(queue_id)
            if offset is not None:
                return offset
        return -1

    def commit_pull_offset(self, client_host: str, group: str, topic: str, queue_id: int, offset: int) -> None:
        """Java 5.3.3 ``commitPullOffset``: remember the next offset a pull of the queue returned."""
        key = topic + TOPIC_GROUP_SEPARATOR + group
        table = self.pull_offset_table.get(key)
        if table is None:
            table = self.pull_offset_table.setdefault(key, {})
        table[queue_id] = offset

    def query_pull_offset(self, group: str, topic: str, queue_id: int) -> int:
        """Java 5.3.3 ``queryPullOffset``: the offset the group has pulled the queue up to, else
        :meth:`query_offset`'s."""
        table = self.pull_offset_table.get(topic + TOPIC_GROUP_SEPARATOR + group)
        offset = None if table is None else table.get(queue_id)
        return self.query_offset(group, topic, queue_id) if offset is None else offset

    def clear_pull_offset(self, group: str, topic: str) -> None:
        """Java 5.3.3 ``clearPullOffset``."""
        self.pull_offset_table.pop(topic + TOPIC_GROUP_SEPARATOR + group, None)

    def query_offset_table(self, group: str, topic: str) -> Optional[Dict[int, int]]:
        """Java ``queryOffset(group, topic)``: every queue's offset of the group on the topic."""
        return self.offset_table.get(topic + TOPIC_GROUP_SEPARATOR + group)

    def query_min_offset_in_all_group(self, topic: str, filter_groups: Optional[str]) -> Dict[int, int]:
        """Java ``queryMinOffsetInAllGroup``: per queue, the smallest offset of the groups (except
        ``filter_groups``, comma-separated) that is still at or above the queue's min offset."""
        excluded = set(filter_groups.split(",")) if filter_groups and filter_groups.strip() else set()
        store = self.broker_controller.get_message_store()
        result: Dict[int, int] = {}
        for topic_at_group, table in list(self.offset_table.items()):
            parts = topic_at_group.split(TOPIC_GROUP_SEPARATOR)
            if parts[0] != topic or (len(parts) > 1 and parts[1] in excluded):
                continue
            for queue_id, offset in list(table.items()):
                if offset >= store.get_min_offset_in_queue(topic, queue_id):
                    current = result.get(queue_id)
                    result[queue_id] = offset if current is None else min(offset, current)
        return result

    def clone_offset(self, src_group: str, dest_group: str, topic: str) -> None:
        """Java ``cloneOffset``."""
        offsets = self.offset_table.get(topic + TOPIC_GROUP_SEPARATOR + src_group)
        if offsets is not None:
            self.offset_table[topic + TOPIC_GROUP_SEPARATOR + dest_group] = dict(offsets)

    def remove_offset(self, group: str) -> None:
        """Java ``removeOffset``: forget every offset of ``group``, its reset and pull offsets too (5.3.3)."""
        for table in (self.offset_table, self.reset_offset_table, self.pull_offset_table):
            for topic_at_group in list(table):
                parts = self._split(topic_at_group)
                if parts is not None and parts[1] == group:
                    table.pop(topic_at_group, None)
                    log.warning("clean group offset %s", topic_at_group)

    def assign_reset_offset(self, topic: str, group: str, queue_id: int, offset: int) -> None:
        """Java 5.3.3 ``assignResetOffset``: the queue's offset reset to ``offset``, in the reset table (for the
        next pull) and in the offset table (for a group whose clients are offline)."""
        if not topic or not group or queue_id < 0 or offset < 0:
            log.warning("Illegal arguments when assigning reset offset. Topic=%s, group=%s, queueId=%s, offset=%s",
                        topic, group, queue_id, offset)
            return
        key = topic + TOPIC_GROUP_SEPARATOR + group
        self.reset_offset_table.setdefault(key, {})[queue_id] = offset
        log.debug("Reset offset OK. Topic=%s, group=%s, queueId=%s, resetOffset=%s", topic, group, queue_id, offset)
        with self._table_lock:
            self.offset_table.setdefault(key, {})[queue_id] = offset

    def has_offset_reset(self, topic: str, group: str, queue_id: int) -> bool:
        """Java 5.3.3 ``hasOffsetReset``: the queue has a reset offset no pull has taken yet."""
        table = self.reset_offset_table.get(topic + TOPIC_GROUP_SEPARATOR + group)
        return table is not None and queue_id in table

    def query_then_erase_reset_offset(self, topic: str, group: str, queue_id: int) -> Optional[int]:
        """Java 5.3.3 ``queryThenEraseResetOffset``: the queue's reset offset, taken out; None without one."""
        table = self.reset_offset_table.get(topic + TOPIC_GROUP_SEPARATOR + group)
        return None if table is None else table.pop(queue_id, None)

    def clean_offset_by_topic(self, topic: str) -> None:
        """Forget every group's offsets of ``topic`` (after the topic was deleted)."""
        for topic_at_group in list(self.offset_table):
            parts = self._split(topic_at_group)
            if parts is not None and parts[0] == topic:
                self.offset_table.pop(topic_at_group, None)
                log.info("clean topic offset %s", topic_at_group)

    # ------------------------------------------------------------------ persistence

    def config_file_path(self) -> str:
        return BrokerPathConfigHelper.get_consumer_offset_path(
            self.broker_controller.get_message_store_config().store_path_root_dir)

    def _snapshot(self) -> ConsumerOffsetSerializeWrapper:
        with self._table_lock:
            table = {key: dict(offsets) for key, offsets in self.offset_table.items()}
        return ConsumerOffsetSerializeWrapper(offset_table=table)

    def encode(self, pretty_format: bool = False) -> str:
        wrapper = self._snapshot()
        return pretty_json(wrapper.to_json_value()) if pretty_format else wrapper.to_json()

    def decode(self, json_string: str) -> None:
        wrapper = ConsumerOffsetSerializeWrapper.from_json(json_string)
        if wrapper.offset_table is not None:
            with self._table_lock:
                self.offset_table = wrapper.offset_table
