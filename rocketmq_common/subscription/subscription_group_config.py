"""Java ``org.apache.rocketmq.common.subscription.SubscriptionGroupConfig``."""
from __future__ import annotations

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
