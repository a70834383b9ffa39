"""Java ``org.apache.rocketmq.broker.topic.TopicConfigManager``: the broker's topics, persisted to
``<storePathRootDir>/config/topics.json``.

The constructor creates Java's system topics (SELF_TEST_TOPIC, TBW102 when ``autoCreateTopicEnable``,
BenchmarkTest, the cluster-name and broker-name topics, OFFSET_MOVED_EVENT, SCHEDULE_TOPIC_XXXX, the trace topic
when ``traceTopicEnable``, ``<cluster>_REPLY_TOPIC``, 5.3.3's POP revive topic ``rmq_sys_REVIVE_LOG_<cluster>``);
:meth:`load` then merges the persisted table over them.
Topics created on demand (send path, retry topics) bump the data version, persist and re-register the broker with
every name server (one-way), as Java does.
"""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Dict, Optional

from rocketmq_broker.broker_path_config_helper import BrokerPathConfigHelper
from rocketmq_broker.config_manager import ConfigManager, pretty_json
from rocketmq_common.attribute.attribute_util import AttributeUtil
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.data_version import DataVersion
from rocketmq_common.mix_all import MixAll
from rocketmq_common.pop_ack_constants import PopAckConstants
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.body.topic_config_and_mapping_serialize_wrapper import \
    TopicConfigAndMappingSerializeWrapper
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.sysflag.topic_sys_flag import TopicSysFlag
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.topic_attributes import TopicAttributes
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo

__all__ = ["TopicConfigManager"]

log = logging.getLogger(__name__)

LOCK_TIMEOUT_MILLIS = 3000
SCHEDULE_TOPIC_QUEUE_NUM = 18


class TopicConfigManager(ConfigManager, Bean):
    """See the module docstring."""

    topic_config_table = Prop(MapOf(str, TopicConfig), {})
    data_version = Prop(DataVersion, factory=DataVersion)

    def get_topic_config_table(self) -> Dict[str, TopicConfig]: return self.topic_config_table
    def set_topic_config_table(self, topic_config_table: Dict[str, TopicConfig]) -> None:
        self.topic_config_table = topic_config_table
    def get_data_version(self) -> DataVersion: return self.data_version
    def set_data_version(self, data_version: DataVersion) -> None: self.data_version = data_version

    def __init__(self, broker_controller: "BrokerController") -> None:
        super().__init__()
        self.broker_controller = broker_controller
        self._topic_config_table_lock = threading.Lock()
        broker_config = broker_controller.get_broker_config()
        self._add_system_topic(TopicValidator.RMQ_SYS_SELF_TEST_TOPIC, 1)
        if broker_config.auto_create_topic_enable:
            self._add_system_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, broker_config.default_topic_queue_nums,
                                   PermName.PERM_INHERIT | PermName.PERM_READ | PermName.PERM_WRITE)
        self._add_system_topic(TopicValidator.RMQ_SYS_BENCHMARK_TOPIC, 1024)
        perm = PermName.PERM_INHERIT
        if broker_config.cluster_topic_enable:
            perm |= PermName.PERM_READ | PermName.PERM_WRITE
        self._add_system_topic(broker_config.broker_cluster_name, None, perm)
        perm = PermName.PERM_INHERIT
        if broker_config.broker_topic_enable:
            perm |= PermName.PERM_READ | PermName.PERM_WRITE
        self._add_system_topic(broker_config.broker_name, 1, perm)
        self._add_system_topic(TopicValidator.RMQ_SYS_OFFSET_MOVED_EVENT, 1)
        self._add_system_topic(TopicValidator.RMQ_SYS_SCHEDULE_TOPIC, SCHEDULE_TOPIC_QUEUE_NUM)
        if broker_config.trace_topic_enable:
            self._add_system_topic(broker_config.msg_trace_topic_name, 1)
        self._add_system_topic(broker_config.broker_cluster_name + "_" + MixAll.REPLY_TOPIC_POSTFIX, 1)
        # the POP revive topic of 5.3.3 (checkpoints and acks)
        self._add_system_topic(PopAckConstants.build_cluster_revive_topic(broker_config.broker_cluster_name),
                               broker_config.revive_queue_num)

    def _add_system_topic(self, topic: str, queue_nums: Optional[int], perm: Optional[int] = None) -> None:
        topic_config = TopicConfig(topic)
        TopicValidator.add_system_topic(topic)
        if queue_nums is not None:
            topic_config.read_queue_nums = queue_nums
            topic_config.write_queue_nums = queue_nums
        if perm is not None:
            topic_config.perm = perm
        self.topic_config_table[topic] = topic_config

    # ------------------------------------------------------------------ queries

    def select_topic_config(self, topic: str) -> Optional[TopicConfig]:
        """Java ``selectTopicConfig``."""
        return self.topic_config_table.get(topic)

    def is_order_topic(self, topic: str) -> bool:
        """Java ``isOrderTopic``."""
        topic_config = self.topic_config_table.get(topic)
        return topic_config is not None and bool(topic_config.order)

    def build_topic_config_serialize_wrapper(self) -> TopicConfigSerializeWrapper:
        """Java ``buildTopicConfigSerializeWrapper`` (a snapshot of the table)."""
        return TopicConfigSerializeWrapper(topic_config_table=dict(self.topic_config_table),
                                           data_version=self.data_version)

    def build_serialize_wrapper(self, topic_config_table: Dict[str, TopicConfig],
                                topic_queue_mapping_info_map: Optional[Dict[str, "TopicQueueMappingInfo"]] = None
                                ) -> TopicConfigAndMappingSerializeWrapper:
        """Java 5.3.3 ``buildSerializeWrapper``: what a registration sends, the given topics (and static-topic
        mappings) with this manager's data version (split registration is not implemented)."""
        return TopicConfigAndMappingSerializeWrapper(topic_config_table=topic_config_table,
                                                     topic_queue_mapping_info_map=topic_queue_mapping_info_map or {},
                                                     data_version=self.data_version)

    # ------------------------------------------------------------------ creation

    def _lock(self) -> bool:
        if self._topic_config_table_lock.acquire(True, LOCK_TIMEOUT_MILLIS / 1000.0):
            return True
        log.error("topicConfigTableLock timeout after %d ms", LOCK_TIMEOUT_MILLIS)
        return False

    def create_topic_in_send_message_method(self, topic: str, default_topic: str, remote_address: str,
                                            client_default_topic_queue_nums: int,
                                            topic_sys_flag: int) -> Optional[TopicConfig]:
        """Java ``createTopicInSendMessageMethod``: create ``topic`` from the template ``default_topic`` (queue
        count min(client's, template's write queues), the template's perm without INHERIT). None when the
        template is missing or not inheritable."""
        topic_config = None
        create_new = False
        if self._lock():
            try:
                topic_config = self.topic_config_table.get(topic)
                if topic_config is not None:
                    return topic_config
                default_topic_config = self.topic_config_table.get(default_topic)
                if default_topic_config is not None:
                    if default_topic == TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC and \
                            not self.broker_controller.get_broker_config().auto_create_topic_enable:
                        default_topic_config.perm = PermName.PERM_READ | PermName.PERM_WRITE
                    if PermName.is_inherited(default_topic_config.perm):
                        queue_nums = max(0, min(client_default_topic_queue_nums,
                                                default_topic_config.write_queue_nums))
                        topic_config = TopicConfig(topic, queue_nums, queue_nums,
                                                   default_topic_config.perm & ~PermName.PERM_INHERIT)
                        topic_config.topic_sys_flag = topic_sys_flag
                        topic_config.topic_filter_type = default_topic_config.topic_filter_type
                    else:
                        log.warning("Create new topic failed, because the default topic[%s] has no perm [%s] "
                                    "producer:[%s]", default_topic, default_topic_config.perm, remote_address)
                else:
                    log.warning("Create new topic failed, because the default topic[%s] not exist. producer:[%s]",
                                default_topic, remote_address)
                if topic_config is not None:
                    log.info("Create new topic by default topic:[%s] config:[%s] producer:[%s]", default_topic,
                             topic_config, remote_address)
                    self.topic_config_table[topic] = topic_config
                    self.data_version.next_version()
                    create_new = True
                    self.persist()
            finally:
                self._topic_config_table_lock.release()
        if create_new:
            self.broker_controller.register_broker_all(False, True, True)
        return topic_config

    def create_topic_in_send_message_back_method(self, topic: str, client_default_topic_queue_nums: int, perm: int,
                                                 topic_sys_flag: int) -> Optional[TopicConfig]:
        """Java ``createTopicInSendMessageBackMethod``: create ``topic`` (retry / DLQ topics) unless it exists."""
        topic_config = self.topic_config_table.get(topic)
        if topic_config is not None:
            return topic_config
        create_new = False
        if self._lock():
            try:
                topic_config = self.topic_config_table.get(topic)
                if topic_config is not None:
                    return topic_config
                topic_config = TopicConfig(topic, client_default_topic_queue_nums, client_default_topic_queue_nums,
                                           perm)
                topic_config.topic_sys_flag = topic_sys_flag
                log.info("create new topic %s", topic_config)
                self.topic_config_table[topic] = topic_config
                create_new = True
                self.data_version.next_version()
                self.persist()
            finally:
                self._topic_config_table_lock.release()
        if create_new:
            self.broker_controller.register_broker_all(False, True, True)
        return topic_config

    def create_topic_of_tran_check_max_time(self, client_default_topic_queue_nums: int,
                                            perm: int) -> Optional[TopicConfig]:
        """Java ``createTopicOfTranCheckMaxTime``."""
        return self.create_topic_in_send_message_back_method(TopicValidator.RMQ_SYS_TRANS_CHECK_MAX_TIME_TOPIC,
                                                             client_default_topic_queue_nums, perm, 0)

    # ------------------------------------------------------------------ updates

    def update_topic_unit_flag(self, topic: str, unit: bool) -> None:
        """Java ``updateTopicUnitFlag``."""
        topic_config = self.topic_config_table.get(topic)
        if topic_config is not None:
            old = topic_config.topic_sys_flag
            topic_config.topic_sys_flag = TopicSysFlag.set_unit_flag(old) if unit else \
                TopicSysFlag.clear_unit_flag(old)
            log.info("update topic sys flag. oldTopicSysFlag=%s, newTopicSysFlag=%s", old,
                     topic_config.topic_sys_flag)
            self.data_version.next_version()
            self.persist()
            self.broker_controller.register_broker_all(False, True, True)

    def update_topic_unit_sub_flag(self, topic: str, has_unit_sub: bool) -> None:
        """Java ``updateTopicUnitSubFlag``."""
        topic_config = self.topic_config_table.get(topic)
        if topic_config is not None:
            old = topic_config.topic_sys_flag
            topic_config.topic_sys_flag = TopicSysFlag.set_unit_sub_flag(old) if has_unit_sub else \
                TopicSysFlag.clear_unit_sub_flag(old)
            log.info("update topic sys flag. oldTopicSysFlag=%s, newTopicSysFlag=%s", old,
                     topic_config.topic_sys_flag)
            self.data_version.next_version()
            self.persist()
            self.broker_controller.register_broker_all(False, True, True)

    def update_topic_config(self, topic_config: TopicConfig) -> None:
        """Java 5.3.3 ``updateTopicConfig``: apply the attribute changes ``topic_config`` carries (``+key`` /
        ``-key``, :meth:`AttributeUtil.alter_current_attributes` against :class:`TopicAttributes`; RuntimeError
        with Java's message when one is refused), put, bump the data version, persist (the caller registers)."""
        old = self.topic_config_table.get(topic_config.topic_name)
        current = {} if old is None or old.attributes is None else old.attributes
        topic_config.attributes = AttributeUtil.alter_current_attributes(
            old is None, TopicAttributes.ALL, dict(current), dict(topic_config.attributes or {}))
        self.topic_config_table[topic_config.topic_name] = topic_config
        if old is not None:
            log.info("update topic config, old:[%s] new:[%s]", old, topic_config)
        else:
            log.info("create new topic [%s]", topic_config)
        self.data_version.next_version()
        self.persist()

    def update_order_topic_config(self, order_kv_table_from_ns: Optional[KVTable]) -> None:
        """Java ``updateOrderTopicConfig``: the order flags from the name server's ORDER_TOPIC_CONFIG table."""
        if order_kv_table_from_ns is None or order_kv_table_from_ns.table is None:
            return
        changed = False
        order_topics = set(order_kv_table_from_ns.table)
        for topic in order_topics:
            topic_config = self.topic_config_table.get(topic)
            if topic_config is not None and not topic_config.order:
                topic_config.order = True
                changed = True
                log.info("update order topic config, topic=%s, order=%s", topic, True)
        for topic, topic_config in list(self.topic_config_table.items()):
            if topic not in order_topics and topic_config.order:
                topic_config.order = False
                changed = True
                log.info("update order topic config, topic=%s, order=%s", topic, False)
        if changed:
            self.data_version.next_version()
            self.persist()

    def delete_topic_config(self, topic: str) -> None:
        """Java ``deleteTopicConfig``."""
        old = self.topic_config_table.pop(topic, None)
        if old is not None:
            log.info("delete topic config OK, topic: %s", old)
            self.data_version.next_version()
            self.persist()
        else:
            log.warning("delete topic config failed, topic: %s not exists", topic)

    # ------------------------------------------------------------------ persistence

    def config_file_path(self) -> str:
        return BrokerPathConfigHelper.get_topic_config_path(
            self.broker_controller.get_message_store_config().store_path_root_dir)

    def encode(self, pretty_format: bool = False) -> str:
        wrapper = self.build_topic_config_serialize_wrapper()
        return pretty_json(wrapper.to_json_value()) if pretty_format else wrapper.to_json()

    def decode(self, json_string: str) -> None:
        wrapper = TopicConfigSerializeWrapper.from_json(json_string)
        if wrapper.topic_config_table:
            self.topic_config_table.update(wrapper.topic_config_table)
            for topic_config in wrapper.topic_config_table.values():
                log.info("load exist local topic, %s", topic_config)
        if wrapper.data_version is not None:
            self.data_version.assign_new_one(wrapper.data_version)
