"""Java ``org.apache.rocketmq.common.protocol.heartbeat.HeartbeatData``, in its 5.3.3 shape
(``remoting.protocol.heartbeat.HeartbeatData``: the heartbeat v2 fields and ``computeHeartbeatFingerprint``)."""
from __future__ import annotations

import json
from typing import Any, Optional, Set

from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.producer_data import ProducerData
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["HeartbeatData"]


def _canonical_json(value: Any) -> str:
    """JSON of ``value`` with sorted keys and every list (a set on the wire) in sorted order."""
    if isinstance(value, dict):
        return "{%s}" % ",".join("%s:%s" % (json.dumps(k), _canonical_json(v)) for k, v in sorted(value.items()))
    if isinstance(value, list):
        return "[%s]" % ",".join(sorted(_canonical_json(v) for v in value))
    return json.dumps(value)


class HeartbeatData(RemotingSerializable):
    """Body of ``HEART_BEAT``: the client id (wire name ``clientID``) and its producer and consumer groups.

    Heartbeat v2 (5.3.3): ``heartbeat_fingerprint`` other than 0 makes a 5.x broker take the v2 path, where
    ``without_sub`` (wire ``withoutSub``, Java ``isWithoutSub``) keeps the subscriptions it already has."""

    client_id = Prop(str, wire="clientID")
    producer_data_set = Prop(SetOf(ProducerData), set())
    consumer_data_set = Prop(SetOf(ConsumerData), set())
    heartbeat_fingerprint = Prop(int, 0)
    without_sub = Prop(bool, False)

    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_producer_data_set(self) -> Set[ProducerData]: return self.producer_data_set
    def set_producer_data_set(self, producer_data_set: Set[ProducerData]) -> None:
        self.producer_data_set = producer_data_set
    def get_consumer_data_set(self) -> Set[ConsumerData]: return self.consumer_data_set
    def set_consumer_data_set(self, consumer_data_set: Set[ConsumerData]) -> None:
        self.consumer_data_set = consumer_data_set
    def get_heartbeat_fingerprint(self) -> int: return self.heartbeat_fingerprint
    def set_heartbeat_fingerprint(self, heartbeat_fingerprint: int) -> None:
        self.heartbeat_fingerprint = heartbeat_fingerprint
    def get_without_sub(self) -> bool: return self.without_sub
    def is_without_sub(self) -> bool: return self.without_sub
    def set_without_sub(self, without_sub: bool) -> None: self.without_sub = without_sub

    def compute_heartbeat_fingerprint(self) -> int:
        """Java ``computeHeartbeatFingerprint``: Java's ``String.hashCode`` of this heartbeat's JSON without what
        differs between heartbeats of the same groups (the client id, the subscriptions' versions, the v2 fields).
        The sets are written sorted, so equal heartbeats give equal fingerprints (Java writes its HashSet order;
        the broker only compares one client's fingerprints with each other, so the values need not be Java's)."""
        value = self.to_json_value()
        for consumer_data in value.get("consumerDataSet") or ():
            for subscription_data in consumer_data.get("subscriptionDataSet") or ():
                subscription_data["subVersion"] = 0
        value.update(clientID="", heartbeatFingerprint=0, withoutSub=False)
        return UtilAll.string_hash_code(_canonical_json(value))
