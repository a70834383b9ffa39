"""Java ``org.apache.rocketmq.common.subscription.SubscriptionGroupConfig``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["SubscriptionGroupConfig"]


class SubscriptionGroupConfig(Bean):
    """A consumer group's configuration on a broker (request body of ``UPDATE_AND_CREATE_SUBSCRIPTIONGROUP``).

    Defaults are Java's: consumption, min-offset start and broadcasting enabled, 1 retry queue, 16 retries,
    broker id 0 (master), broker 1 when consuming slowly, consumer-ids-changed notifications on. Equal and hashed
    by every field, as in Java.
    """

    group_name = Prop(str)
    consume_enable = Prop(bool, True)
    consume_from_min_enable = Prop(bool, True)
    consume_broadcast_enable = Prop(bool, True)
    retry_queue_nums = Prop(int, 1)
    retry_max_times = Prop(int, 16)
    broker_id = Prop(int, MixAll.MASTER_ID)
    which_broker_when_consume_slowly = Prop(int, 1)
    notify_consumer_ids_changed_enable = Prop(bool, True)

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

    def _key(self):
        return tuple(getattr(self, p.name) for p in self._props)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())
