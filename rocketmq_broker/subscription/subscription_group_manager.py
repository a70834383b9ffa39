"""Java ``org.apache.rocketmq.broker.subscription.SubscriptionGroupManager``: consumer group configurations,
persisted to ``<storePathRootDir>/config/subscriptionGroup.json``.

Java's default groups (TOOLS_CONSUMER, FILTERSRV_CONSUMER, SELF_TEST_C_GROUP, CID_ONS-HTTP-PROXY,
CID_ONSAPI_PULL, CID_ONSAPI_PERMISSION, CID_ONSAPI_OWNER and 5.3.3's CID_RMQ_SYS_TRANS) exist from the start;
unknown groups are created on first use when ``autoCreateSubscriptionGroup`` is on (or the group is a
``CID_RMQ_SYS_`` group and ``enableCreateSysGroup`` is on).

(5.3.3) The forbidden table: per group and topic, a bit set of forbidden permissions (bit
``PermName.INDEX_PERM_READ``: a pull of that topic is answered NO_PERMISSION, SUBSCRIPTION_FORBIDDEN), written by
UPDATE_AND_GET_GROUP_FORBIDDEN and persisted in the file beside the groups (``forbiddenTable``), as Java's.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Dict, List, Optional, Union, overload

from rocketmq_broker.broker_path_config_helper import BrokerPathConfigHelper
from rocketmq_broker.config_manager import ConfigManager, pretty_json
from rocketmq_common.attribute.attribute_util import AttributeUtil
from rocketmq_common.data_version import DataVersion
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.subscription_group_wrapper import SubscriptionGroupWrapper
from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
from rocketmq_common.subscription_group_attributes import SubscriptionGroupAttributes
from rocketmq_remoting.common.bean import Bean, MapOf, Prop
from rocketmq_remoting.protocol import fastjson

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["SubscriptionGroupManager"]

log = logging.getLogger(__name__)


class SubscriptionGroupManager(ConfigManager, Bean):
    """See the module docstring."""

    subscription_group_table = Prop(MapOf(str, SubscriptionGroupConfig), {})
    #: 5.3.3: group -> topic -> forbidden permission bits
    forbidden_table = Prop(MapOf(str, MapOf(str, int)), {})
    data_version = Prop(DataVersion, factory=DataVersion)

    def get_subscription_group_table(self) -> Dict[str, SubscriptionGroupConfig]: return self.subscription_group_table
    def set_subscription_group_table(self, subscription_group_table: Dict[str, SubscriptionGroupConfig]) -> None:
        self.subscription_group_table = subscription_group_table
    def get_forbidden_table(self) -> Dict[str, Dict[str, int]]: return self.forbidden_table
    def set_forbidden_table(self, forbidden_table: Dict[str, Dict[str, int]]) -> None:
        self.forbidden_table = forbidden_table
    def get_data_version(self) -> DataVersion: return self.data_version
    def set_data_version(self, data_version: DataVersion) -> None: self.data_version = data_version

    def __init__(self, broker_controller: "BrokerController") -> None:
        super().__init__()
        self.broker_controller = broker_controller
        for group in (MixAll.TOOLS_CONSUMER_GROUP, MixAll.FILTERSRV_CONSUMER_GROUP, MixAll.SELF_TEST_CONSUMER_GROUP):
            self.subscription_group_table[group] = SubscriptionGroupConfig(group_name=group)
        for group in (MixAll.ONS_HTTP_PROXY_GROUP, MixAll.CID_ONSAPI_PULL_GROUP, MixAll.CID_ONSAPI_PERMISSION_GROUP,
                      MixAll.CID_ONSAPI_OWNER_GROUP, MixAll.CID_SYS_RMQ_TRANS):
            self.subscription_group_table[group] = SubscriptionGroupConfig(group_name=group,
                                                                           consume_broadcast_enable=True)

    def update_subscription_group_config(self, config: SubscriptionGroupConfig) -> None:
        """Java ``updateSubscriptionGroupConfig``."""
        self.update_subscription_group_config_without_persist(config)
        self.data_version.next_version()
        self.persist()

    def update_subscription_group_config_list(self, config_list: Optional[List[SubscriptionGroupConfig]]) -> None:
        """Java ``updateSubscriptionGroupConfigList`` (5.3.3): every group of the list, one new data version and
        one write of the file for all."""
        if not config_list:
            return
        for config in config_list:
            self.update_subscription_group_config_without_persist(config)
        self.data_version.next_version()
        self.persist()

    def update_subscription_group_config_without_persist(self, config: SubscriptionGroupConfig) -> None:
        """Java ``updateSubscriptionGroupConfigWithoutPersist`` (5.3.3): put the group's configuration, its
        attributes (``+key`` / ``-key``) applied to the current ones against :class:`SubscriptionGroupAttributes`
        (which has none in 5.3.3: any attribute raises RuntimeError ``unsupported key``, answered SYSTEM_ERROR)."""
        old = self.subscription_group_table.get(config.group_name)
        config.attributes = AttributeUtil.alter_current_attributes(
            old is None, SubscriptionGroupAttributes.ALL, (old.attributes if old is not None else None) or {},
            config.attributes or {})
        self.subscription_group_table[config.group_name] = config
        if old is not None:
            log.info("update subscription group config, old: %s new: %s", old, config)
        else:
            log.info("create new subscription group, %s", config)

    def update_forbidden(self, group: str, topic: str, forbidden_index: int, set_or_clear: bool) -> None:
        """Java 5.3.3 ``updateForbidden``: set (``set_or_clear``) or clear bit ``forbidden_index``."""
        if set_or_clear:
            self.set_forbidden(group, topic, forbidden_index)
        else:
            self.clear_forbidden(group, topic, forbidden_index)

    def set_forbidden(self, group: str, topic: str, forbidden_index: int) -> None:
        """Java 5.3.3 ``setForbidden``: bit ``forbidden_index`` (from 0) of the group's topic set."""
        self.update_forbidden_value(group, topic, self.get_forbidden(group, topic) | 1 << forbidden_index)

    def clear_forbidden(self, group: str, topic: str, forbidden_index: int) -> None:
        """Java 5.3.3 ``clearForbidden``: bit ``forbidden_index`` (from 0) of the group's topic cleared."""
        self.update_forbidden_value(group, topic, self.get_forbidden(group, topic) & ~(1 << forbidden_index))

    @overload
    def get_forbidden(self, group: str, topic: str) -> int: ...

    @overload
    def get_forbidden(self, group: str, topic: str, forbidden_index: int) -> bool: ...

    def get_forbidden(self, group: str, topic: str, forbidden_index: Optional[int] = None) -> Union[int, bool]:
        """Java 5.3.3 ``getForbidden(group, topic)``: the group's forbidden bits on ``topic`` (0 without any);
        with ``forbidden_index``, ``getForbidden(group, topic, index)``: whether that bit is set."""
        topic_forbiddens = self.forbidden_table.get(group)
        topic_forbidden = topic_forbiddens.get(topic) if topic_forbiddens is not None else None
        if topic_forbidden is None or topic_forbidden < 0:
            topic_forbidden = 0
        if forbidden_index is None:
            return topic_forbidden
        bit_forbidden = 1 << forbidden_index
        return topic_forbidden & bit_forbidden == bit_forbidden

    def update_forbidden_value(self, group: str, topic: str, forbidden: Optional[int]) -> None:
        """Java 5.3.3 ``updateForbiddenValue``: store the bits (none: the group's whole entry removed, as Java
        does), a new data version, the file written."""
        if forbidden is None or forbidden <= 0:
            self.forbidden_table.pop(group, None)
            log.info("clear group forbidden, %s@%s ", group, topic)
            return
        old = self.forbidden_table.setdefault(group, {}).get(topic)
        self.forbidden_table[group][topic] = forbidden
        log.info("set group forbidden, %s@%s old: %s new: %s", group, topic, 0 if old is None else old, forbidden)
        self.data_version.next_version()
        self.persist()

    def disable_consume(self, group_name: str) -> None:
        """Java ``disableConsume``."""
        old = self.subscription_group_table.get(group_name)
        if old is not None:
            old.consume_enable = False
            self.data_version.next_version()

    def find_subscription_group_config(self, group: str) -> Optional[SubscriptionGroupConfig]:
        """Java ``findSubscriptionGroupConfig``: the group's config, auto-created when allowed, else None."""
        config = self.subscription_group_table.get(group)
        broker_config = self.broker_controller.get_broker_config()
        if config is None and (broker_config.auto_create_subscription_group
                               or MixAll.is_sys_consumer_group_and_enable_create(
                                   group, broker_config.enable_create_sys_group)):
            config = self.subscription_group_table.setdefault(group, SubscriptionGroupConfig(group_name=group))
            if config.group_name == group:
                log.info("auto create a subscription group, %s", config)
            self.data_version.next_version()
            self.persist()
        return config

    def delete_subscription_group_config(self, group_name: str) -> None:
        """Java ``deleteSubscriptionGroupConfig``."""
        old = self.subscription_group_table.pop(group_name, None)
        self.forbidden_table.pop(group_name, None)
        if old is not None:
            log.info("delete subscription group OK, subscription group:%s", old)
            self.data_version.next_version()
            self.persist()
        else:
            log.warning("delete subscription group failed, subscription groupName: %s not exist", group_name)

    def contains_subscription_group(self, group: Optional[str]) -> bool:
        """Java 5.3.3 ``containsSubscriptionGroup``: the group has a configuration (a blank name never)."""
        return bool(group and group.strip()) and group in self.subscription_group_table

    # ------------------------------------------------------------------ persistence

    def config_file_path(self) -> str:
        return BrokerPathConfigHelper.get_subscription_group_path(
            self.broker_controller.get_message_store_config().store_path_root_dir)

    def encode(self, pretty_format: bool = False) -> str:
        """Java ``encode``: the manager's JSON, fastjson's fields in name order (``dataVersion``,
        ``forbiddenTable``, ``subscriptionGroupTable``); a SubscriptionGroupWrapper reads it."""
        wrapper = SubscriptionGroupWrapper(subscription_group_table=dict(self.subscription_group_table),
                                           data_version=self.data_version)
        value = wrapper.to_json_value()
        value = {"dataVersion": value["dataVersion"],
                 "forbiddenTable": {group: dict(topics) for group, topics in list(self.forbidden_table.items())},
                 "subscriptionGroupTable": value["subscriptionGroupTable"]}
        return pretty_json(value) if pretty_format else fastjson.dumps(value)

    def decode(self, json_string: str) -> None:
        value = fastjson.loads(json_string)
        wrapper = SubscriptionGroupWrapper.from_json_value(value)
        for group, topics in (value.get("forbiddenTable") or {}).items():
            self.forbidden_table[group] = {topic: int(forbidden) for topic, forbidden in topics.items()}
        if wrapper.subscription_group_table:
            self.subscription_group_table.update(wrapper.subscription_group_table)
            for config in wrapper.subscription_group_table.values():
                log.info("load exist subscription group, %s", config)
        if wrapper.data_version is not None:
            self.data_version.assign_new_one(wrapper.data_version)
