"""Java ``org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig`` (5.3.3; 4.9.7's
``org.apache.rocketmq.common.subscription.SubscriptionGroupConfig`` has the first nine fields of it only)."""
from __future__ import annotations

from typing import Any, Dict, Optional, Set

from rocketmq_common.java_hash_map import java_hash_map_order, java_hash_set_order
from rocketmq_common.mix_all import MixAll
from rocketmq_common.subscription.group_retry_policy import GroupRetryPolicy
from rocketmq_common.subscription.simple_subscription_data import SimpleSubscriptionData
from rocketmq_remoting.common.bean import Bean, MapOf, Prop, SetOf, java_string

__all__ = ["SubscriptionGroupConfig", "java_field_string"]


def java_field_string(value: Any) -> str:
    """A field's ``toString`` as Java 5.3.3 shows it: the ``HashSet`` of subscriptions and the ``HashMap`` of
    attributes (fastjson decodes them into these) in their iteration order."""
    if isinstance(value, (set, frozenset)):
        return "[%s]" % ", ".join(map(str, java_hash_set_order(value, SimpleSubscriptionData.hash_code)))
    if isinstance(value, dict):
        return java_string(java_hash_map_order(value))
    return java_string(value)


class SubscriptionGroupConfig(Bean):
    """A consumer group's configuration on a broker (request body of ``UPDATE_AND_CREATE_SUBSCRIPTIONGROUP``).

    Defaults are Java's: consumption, min-offset start and broadcasting enabled, not orderly, 1 retry queue, 16
    retries with the customized (delay level) retry policy, broker id 0 (master), broker 1 when consuming slowly,
    consumer-ids-changed notifications on, system flag 0, a 15 minute consume timeout (push consumers), no
    subscriptions, no attributes. A 4.9.7 broker sends and keeps the first nine only (the others keep their
    defaults here, as in Java 5.3.3's client). Equal and hashed as Java's ``equals``: by every field but the
    broker id and the retry policy.
    """

    group_name = Prop(str)
    consume_enable = Prop(bool, True)
    consume_from_min_enable = Prop(bool, True)
    consume_broadcast_enable = Prop(bool, True)
    consume_message_orderly = Prop(bool, False)
    retry_queue_nums = Prop(int, 1)
    retry_max_times = Prop(int, 16)
    group_retry_policy = Prop(GroupRetryPolicy, factory=GroupRetryPolicy)
    broker_id = Prop(int, MixAll.MASTER_ID)
    which_broker_when_consume_slowly = Prop(int, 1)
    notify_consumer_ids_changed_enable = Prop(bool, True)
    group_sys_flag = Prop(int, 0)
    consume_timeout_minute = Prop(int, 15)
    subscription_data_set = Prop(SetOf(SimpleSubscriptionData))
    attributes = Prop(MapOf(str, str), {})

    def get_consume_message_orderly(self) -> bool: return self.consume_message_orderly
    def is_consume_message_orderly(self) -> bool: return self.consume_message_orderly
    def set_consume_message_orderly(self, consume_message_orderly: bool) -> None:
        self.consume_message_orderly = consume_message_orderly
    def get_group_retry_policy(self) -> GroupRetryPolicy: return self.group_retry_policy
    def set_group_retry_policy(self, group_retry_policy: GroupRetryPolicy) -> None:
        self.group_retry_policy = group_retry_policy
    def get_group_sys_flag(self) -> int: return self.group_sys_flag
    def set_group_sys_flag(self, group_sys_flag: int) -> None: self.group_sys_flag = group_sys_flag
    def get_consume_timeout_minute(self) -> int: return self.consume_timeout_minute
    def set_consume_timeout_minute(self, consume_timeout_minute: int) -> None:
        self.consume_timeout_minute = consume_timeout_minute
    def get_subscription_data_set(self) -> Set[SimpleSubscriptionData]: return self.subscription_data_set
    def set_subscription_data_set(self, subscription_data_set: Optional[Set[SimpleSubscriptionData]]) -> None:
        self.subscription_data_set = subscription_data_set
    def get_attributes(self) -> Dict[str, str]: return self.attributes
    def set_attributes(self, attributes: Dict[str, str]) -> None: self.attributes = attributes

    def get_group_name(self) -> str: return self.group_name
    def set_group_name(self, group_name: Optional[str]) -> None: self.group_name = group_name
    def get_consume_enable(self) -> bool: return self.consume_enable
    def is_consume_enable(self) -> bool: return self.consume_enable
    def set_consume_enable(self, consume_enable: bool) -> None: self.consume_enable = consume_enable
    def get_consume_from_min_enable(self) -> bool: return self.consume_from_min_enable
    def is_consume_from_min_enable(self) -> bool: return self.consume_from_min_enable
    def set_consume_from_min_enable(self, consume_from_min_enable: bool) -> None:
        self.consume_from_min_enable = consume_from_min_enable
    def get_consume_broadcast_enable(self) -> bool: return self.consume_broadcast_enable
    def is_consume_broadcast_enable(self) -> bool: return self.consume_broadcast_enable
    def set_consume_broadcast_enable(self, consume_broadcast_enable: bool) -> None:
        self.consume_broadcast_enable = consume_broadcast_enable
    def get_retry_queue_nums(self) -> int: return self.retry_queue_nums
    def set_retry_queue_nums(self, retry_queue_nums: int) -> None: self.retry_queue_nums = retry_queue_nums
    def get_retry_max_times(self) -> int: return self.retry_max_times
    def set_retry_max_times(self, retry_max_times: int) -> None: self.retry_max_times = retry_max_times
    def get_broker_id(self) -> int: return self.broker_id
    def set_broker_id(self, broker_id: int) -> None: self.broker_id = broker_id
    def get_which_broker_when_consume_slowly(self) -> int: return self.which_broker_when_consume_slowly
    def set_which_broker_when_consume_slowly(self, which_broker_when_consume_slowly: int) -> None:
        self.which_broker_when_consume_slowly = which_broker_when_consume_slowly
    def get_notify_consumer_ids_changed_enable(self) -> bool: return self.notify_consumer_ids_changed_enable
    def is_notify_consumer_ids_changed_enable(self) -> bool: return self.notify_consumer_ids_changed_enable
    def set_notify_consumer_ids_changed_enable(self, notify_consumer_ids_changed_enable: bool) -> None:
        self.notify_consumer_ids_changed_enable = notify_consumer_ids_changed_enable

    def _key(self) -> tuple:
        data_set = self.subscription_data_set
        return (self.group_name, self.consume_enable, self.consume_from_min_enable, self.consume_broadcast_enable,
                self.consume_message_orderly, self.retry_queue_nums, self.retry_max_times,
                self.which_broker_when_consume_slowly, self.notify_consumer_ids_changed_enable, self.group_sys_flag,
                self.consume_timeout_minute, None if data_set is None else frozenset(data_set),
                None if self.attributes is None else tuple(sorted(self.attributes.items())))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        """Java 5.3.3 ``toString`` (Guava's ``toStringHelper``), as updateSubGroup prints it."""
        return "SubscriptionGroupConfig{%s}" % ", ".join(
            "%s=%s" % (p.wire, java_field_string(getattr(self, p.name))) for p in self._props)
