"""Java ``org.apache.rocketmq.common.protocol.body.SubscriptionGroupWrapper``."""
from __future__ import annotations


from typing import Dict

from rocketmq_common.data_version import DataVersion
from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["SubscriptionGroupWrapper"]


class SubscriptionGroupWrapper(RemotingSerializable):
    """A broker's subscription group configurations (``GET_ALL_SUBSCRIPTIONGROUP_CONFIG`` response)."""

    subscription_group_table = Prop(MapOf(str, SubscriptionGroupConfig), {})
    data_version = Prop(DataVersion, factory=DataVersion)

    def get_subscription_group_table(self) -> Dict[str, SubscriptionGroupConfig]: return self.subscription_group_table
    def set_subscription_group_table(self, subscription_group_table: Dict[str, SubscriptionGroupConfig]) -> None:
        self.subscription_group_table = subscription_group_table
    def get_data_version(self) -> DataVersion: return self.data_version
    def set_data_version(self, data_version: DataVersion) -> None: self.data_version = data_version
